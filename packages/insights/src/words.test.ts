import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import type { CustomerRecord } from '@behavio/contract';
import { describe, expect, it } from 'vitest';
import { customerNumbers, type CustomerNumbers } from './numbers.js';
import { scoreCustomer, scoreCustomerCompact } from './score.js';
import { customerRecordArb } from './testing/arbitrary.js';
import {
  WORDS_CORPORA,
  generatedRows,
  inputsHash,
  propertyRows,
  wordsHash,
} from './testing/words-corpus.js';
import { writeTexts } from './texts.js';
import { MODEL_VERSION } from './version.js';

// On a shared 2-core machine these take several times their CPU time (the million rows: about
// 20 s of CPU, 110 s of wall time at a load average of 24), so each has its own time-out.

/**
 * Numbers apart from words: the words written from a row's numbers, after the numbers went
 * through storage (JSON), are exactly the words the model wrote before the two were apart.
 * "Before" is src/words-snapshot.json, hashed from the all-in-one engine of MODEL_VERSION 1.2.0
 * over a million generated rows and the property tests' corpus.
 */

const path = fileURLToPath(new URL('./words-snapshot.json', import.meta.url));
const snapshot = JSON.parse(readFileSync(path, 'utf8')) as {
  model_version: string;
  generated: { rows: number; seed: number; sha256: string };
  property: { rows: number; seed: number; inputs_sha256: string; sha256: string };
};

/** The numbers as a store gives them back. */
const stored = (n: CustomerNumbers): CustomerNumbers => JSON.parse(JSON.stringify(n));

/** The words of a row, written from its stored numbers. */
const wordsOnRead = (r: CustomerRecord) => writeTexts(r, stored(customerNumbers(r)));

const sameVersion = snapshot.model_version === MODEL_VERSION;
const regenerate = `the words snapshot is of model ${snapshot.model_version}, the model is ${MODEL_VERSION}: check the words are meant to change, then run npx tsx packages/insights/scripts/words-snapshot.ts`;

describe('words written from the numbers', () => {
  it('are the words of the insights, for any valid row', () => {
    fc.assert(
      fc.property(customerRecordArb, (r) => {
        const words = wordsOnRead(r);
        const full = scoreCustomer(r);
        expect(words).toEqual({ recommended_action: full.recommended_action, why: full.why });
        const { texts: _plan, ...numbers } = customerNumbers(r);
        expect(scoreCustomerCompact(r)).toEqual({ ...numbers, ...words });
      }),
      { numRuns: 20_000, seed: 35 },
    );
  }, 120_000);

  it('are exactly the words of before, on every row of the property corpus', () => {
    expect(sameVersion, regenerate).toBe(true);
    const rows = propertyRows();
    expect(inputsHash(rows), 'the property corpus changed (a fast-check upgrade?)').toBe(
      snapshot.property.inputs_sha256,
    );
    expect(wordsHash(rows, wordsOnRead)).toEqual({
      rows: snapshot.property.rows,
      sha256: snapshot.property.sha256,
    });
  }, 120_000);

  it('are exactly the words of before, on a million generated rows', () => {
    expect(sameVersion, regenerate).toBe(true);
    expect(snapshot.generated.seed).toBe(WORDS_CORPORA.generated.seed);
    expect(wordsHash(generatedRows(), wordsOnRead)).toEqual({
      rows: WORDS_CORPORA.generated.rows,
      sha256: snapshot.generated.sha256,
    });
  }, 300_000);
});
