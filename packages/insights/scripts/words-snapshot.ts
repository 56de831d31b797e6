/**
 * Writes src/words-snapshot.json: the hashes of the words the model writes over the corpora of
 * src/testing/words-corpus.ts, with the current MODEL_VERSION:
 * `npx tsx packages/insights/scripts/words-snapshot.ts`. Run it when MODEL_VERSION changes
 * (after checking that the words are meant to change); src/words.test.ts compares the words
 * written from stored numbers with it.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { scoreCustomerCompact } from '../src/score.js';
import {
  WORDS_CORPORA,
  generatedRows,
  inputsHash,
  propertyRows,
  wordsHash,
} from '../src/testing/words-corpus.js';
import { MODEL_VERSION } from '../src/version.js';

const path = fileURLToPath(new URL('../src/words-snapshot.json', import.meta.url));
const property = propertyRows();
const snapshot = {
  model_version: MODEL_VERSION,
  generated: { ...WORDS_CORPORA.generated, ...wordsHash(generatedRows(), scoreCustomerCompact) },
  property: {
    ...WORDS_CORPORA.property,
    inputs_sha256: inputsHash(property),
    ...wordsHash(property, scoreCustomerCompact),
  },
};
writeFileSync(path, JSON.stringify(snapshot, null, 2) + '\n');
process.stdout.write(`${JSON.stringify(snapshot)}\n`);
