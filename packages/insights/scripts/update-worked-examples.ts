/**
 * Rewrites the worked examples in docs/insights-model.md from the engine's own output:
 * `npx tsx packages/insights/scripts/update-worked-examples.ts`. Run it after any model change
 * (the worked-examples test fails until the doc matches the code).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { formatDoc, renderExample, updateWorkedExamples } from '../src/testing/worked-example.js';
import { updateRecommendationExamples } from '../src/testing/recommendation-examples.js';

const docPath = fileURLToPath(new URL('../../../docs/insights-model.md', import.meta.url));
const before = readFileSync(docPath, 'utf8');
const after = await formatDoc(
  updateRecommendationExamples(updateWorkedExamples(before, renderExample)),
  docPath,
);
if (after === before) {
  process.stdout.write('docs/insights-model.md: worked examples already up to date\n');
} else {
  writeFileSync(docPath, after);
  process.stdout.write('docs/insights-model.md: worked examples rewritten\n');
}
