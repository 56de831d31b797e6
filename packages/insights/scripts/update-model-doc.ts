/**
 * Rewrites the parts of docs/insights-model.md that are written from the code: the version
 * line and history, each bias's table (§4) and the worked examples (§15, §17):
 * `npx tsx packages/insights/scripts/update-model-doc.ts`. Run it after any model change (the
 * doc tests fail until the doc matches the code).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { updateModelDoc } from '../src/testing/model-doc.js';
import { formatDoc, renderExample, updateWorkedExamples } from '../src/testing/worked-example.js';
import { updateRecommendationExamples } from '../src/testing/recommendation-examples.js';

const docPath = fileURLToPath(new URL('../../../docs/insights-model.md', import.meta.url));
const before = readFileSync(docPath, 'utf8');
const after = await formatDoc(
  updateRecommendationExamples(updateWorkedExamples(updateModelDoc(before), renderExample)),
  docPath,
);
if (after === before) {
  process.stdout.write('docs/insights-model.md: already up to date\n');
} else {
  writeFileSync(docPath, after);
  process.stdout.write('docs/insights-model.md: rewritten from the code\n');
}
