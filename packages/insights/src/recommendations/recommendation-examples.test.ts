import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  RECOMMENDATION_EXAMPLES,
  recommendationMarkerEnd,
  recommendationMarkerStart,
  updateRecommendationExamples,
} from '../testing/recommendation-examples.js';

const docPath = fileURLToPath(new URL('../../../../docs/insights-model.md', import.meta.url));

/** Formats like the repository's Prettier config, so a regenerated doc compares equal. */
async function formatDoc(text: string): Promise<string> {
  const prettier = await import('prettier');
  const config = (await prettier.resolveConfig(docPath)) ?? {};
  return prettier.format(text, { ...config, parser: 'markdown' });
}

describe('docs/insights-model.md recommendation examples', () => {
  const doc = readFileSync(docPath, 'utf8');

  it('has a marked section for every example', () => {
    for (const id of RECOMMENDATION_EXAMPLES) {
      expect(doc).toContain(recommendationMarkerStart(id));
      expect(doc).toContain(recommendationMarkerEnd(id));
    }
  });

  it('shows exactly what the model computes (run packages/insights/scripts/update-model-doc.ts to refresh)', async () => {
    expect(await formatDoc(updateRecommendationExamples(doc))).toBe(doc);
  }, 60_000); // loading Prettier is slow on a busy machine
});
