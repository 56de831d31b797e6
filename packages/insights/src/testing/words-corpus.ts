import { createHash } from 'node:crypto';
import fc from 'fast-check';
import type { CustomerRecord } from '@behavio/contract';
import { customerRecordArb } from './arbitrary.js';
import { PERSONAS } from './personas.js';
import { createCustomerGenerator } from './random-customers.js';

/**
 * The corpora on which the words written from stored numbers are checked against the words the
 * model wrote before numbers and words were apart (src/words-snapshot.json): a million
 * generated rows, and the property tests' corpus (the personas and rows of the fast-check
 * arbitrary of any valid row, from a fixed seed).
 */

export const WORDS_CORPORA = {
  generated: { rows: 1_000_000, seed: 35 },
  property: { rows: 100_000, seed: 42 },
} as const;

/** The two texts of a row. */
export interface Words {
  readonly recommended_action: string;
  readonly why: string;
}

/** sha256 of each row's two texts, one line a row, in order. */
export function wordsHash(rows: Iterable<CustomerRecord>, write: (r: CustomerRecord) => Words) {
  const hash = createHash('sha256');
  let count = 0;
  for (const r of rows) {
    const w = write(r);
    hash.update(`${w.recommended_action}\t${w.why}\n`);
    count++;
  }
  return { rows: count, sha256: hash.digest('hex') };
}

/** The generated rows, one at a time (a million rows are not held at once). */
export function* generatedRows(): Generator<CustomerRecord> {
  const { rows, seed } = WORDS_CORPORA.generated;
  const next = createCustomerGenerator(seed);
  for (let i = 0; i < rows; i++) yield next(i);
}

/** The property corpus: the personas and a fixed sample of any valid row. */
export function propertyRows(): CustomerRecord[] {
  const { rows, seed } = WORDS_CORPORA.property;
  return [...Object.values(PERSONAS), ...fc.sample(customerRecordArb, { numRuns: rows, seed })];
}

/** sha256 of the property corpus's rows, so a change of the sampler shows as what it is. */
export function inputsHash(rows: readonly CustomerRecord[]): string {
  const hash = createHash('sha256');
  for (const r of rows) hash.update(JSON.stringify(r) + '\n');
  return hash.digest('hex');
}
