/**
 * Rewrites src/model-snapshot.json from the current model:
 * `npx tsx packages/insights/scripts/update-model-snapshot.ts`. Run it after a model change,
 * once MODEL_VERSION is bumped (src/version.ts); the snapshot test fails until it is.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { takeSnapshot } from '../src/testing/snapshot-corpus.js';

const path = fileURLToPath(new URL('../src/model-snapshot.json', import.meta.url));
const snapshot = takeSnapshot();
writeFileSync(path, JSON.stringify(snapshot, null, 2) + '\n');
process.stdout.write(
  `packages/insights/src/model-snapshot.json: ${snapshot.corpus.rows} rows, model ${snapshot.model_version}, ${snapshot.sha256}\n`,
);
