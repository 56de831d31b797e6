import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MODEL_VERSION } from './version.js';
import { MARKET_CAP_TABLE_VERSION } from './market-cap.js';
import fc from 'fast-check';
import type { CustomerRecord } from '@behavio/contract';
import { BIASES } from './biases.js';
import { termPoints } from './evaluate.js';
import { customerRecordArb } from './testing/arbitrary.js';
import { PERSONAS } from './testing/personas.js';
import {
  WORKED_EXAMPLES,
  formatDoc,
  markerEnd,
  markerStart,
  renderExample,
  updateWorkedExamples,
} from './testing/worked-example.js';

const docPath = fileURLToPath(new URL('../../../docs/insights-model.md', import.meta.url));

describe('docs/insights-model.md worked examples', () => {
  const doc = readFileSync(docPath, 'utf8');

  it('names the current model version and market-cap table', () => {
    expect(doc).toContain(`Model version **${MODEL_VERSION}**`);
    expect(doc).toContain(`market-cap table \`${MARKET_CAP_TABLE_VERSION}\``);
  });

  it('has a marked section for every example', () => {
    for (const id of WORKED_EXAMPLES) {
      expect(doc).toContain(markerStart(id));
      expect(doc).toContain(markerEnd(id));
    }
  });

  it('shows exactly what the code computes (run scripts/update-model-doc.ts to refresh)', async () => {
    expect(await formatDoc(updateWorkedExamples(doc, renderExample), docPath)).toBe(doc);
  });
});

describe('the points of each term', () => {
  const terms = BIASES.flatMap((b) => b.terms);

  it('the positive points of each bias add up to 100', () => {
    for (const bias of BIASES) {
      const total = bias.terms.reduce((sum, t) => sum + Math.max(0, t.points), 0);
      expect(total, bias.name).toBe(100);
    }
  });

  it("a term's points are the most the code gives it, and they are reached", () => {
    const seen = new Map(terms.map((t) => [t, 0]));
    const record = (r: CustomerRecord) => {
      for (const t of terms) {
        const points = termPoints(t, r);
        expect(Math.abs(points)).toBeLessThanOrEqual(Math.abs(t.points) + 1e-9);
        seen.set(t, Math.max(seen.get(t)!, Math.abs(points)));
      }
    };
    Object.values(PERSONAS).forEach(record);
    fc.assert(
      fc.property(customerRecordArb, (r) => record(r)),
      { numRuns: 3000, seed: 42 },
    );
    for (const t of terms) {
      expect(seen.get(t), t.name).toBeGreaterThanOrEqual(0.95 * Math.abs(t.points));
    }
  });
});
