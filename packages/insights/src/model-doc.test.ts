import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BIASES } from './biases.js';
import { modelDocBlocks, modelDocMarkers, updateModelDoc } from './testing/model-doc.js';
import { formatDoc } from './testing/worked-example.js';
import { MODEL_CHANGES, MODEL_VERSION } from './version.js';

const docPath = fileURLToPath(new URL('../../../docs/insights-model.md', import.meta.url));

describe('docs/insights-model.md written from the model', () => {
  const doc = readFileSync(docPath, 'utf8');

  it('has a marked block for every bias table and the version history', () => {
    expect(modelDocBlocks().map(([id]) => id)).toEqual([
      ...BIASES.map((b) => `bias-${b.name}`),
      'version-history',
    ]);
    for (const [id] of modelDocBlocks()) {
      for (const marker of modelDocMarkers(id)) expect(doc).toContain(marker);
    }
  });

  it('shows every bias table and the version history as the code has them (run scripts/update-model-doc.ts to refresh)', async () => {
    expect(await formatDoc(updateModelDoc(doc), docPath)).toBe(doc);
  });

  it('a table shows each term with its points and thresholds', async () => {
    const overconfidence = await formatDoc(modelDocBlocks()[0]![1], docPath);
    expect(overconfidence).toMatch(
      /\| turnover +\| 40 +\| `r\(trade_turnover_30d_pct_peer, 50, 100\)` \/ 100 +\|/,
    );
    expect(overconfidence).toContain('Confidence `0.85 x (0.6 + 0.4 x n/(n + 5))`.');
  });

  it('the version is the last line of the changelog, and the history lists every line', () => {
    expect(MODEL_VERSION).toBe(MODEL_CHANGES.at(-1)!.version);
    for (const c of MODEL_CHANGES) expect(doc).toMatch(new RegExp(`\\| ${c.version} +\\|`));
  });
});
