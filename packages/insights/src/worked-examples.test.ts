import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MODEL_VERSION } from './version.js';
import { MARKET_CAP_TABLE_VERSION } from './market-cap.js';
import fc from 'fast-check';
import { BIAS_NAMES } from '@behavio/contract';
import { BIAS_TERM_START, TERMS, computeBiasScores, createScratch } from './bias-scores.js';
import { customerRecordArb } from './testing/arbitrary.js';
import { PERSONAS } from './testing/personas.js';
import {
  TERM_FORMULAS,
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

  it('shows exactly what the code computes (run scripts/update-worked-examples.ts to refresh)', async () => {
    expect(await formatDoc(updateWorkedExamples(doc, renderExample), docPath)).toBe(doc);
  });
});

describe('worked-example formula labels', () => {
  /** The most points a term can add, read from its label: "0.40 r(...)" -> 40, "25 x [...]" -> 25. */
  const labelMax = (label: string): number => {
    if (label.startsWith('r(')) return 100;
    const weight = Number(/^[\d.]+/.exec(label)![0]);
    return weight < 1 ? Math.round(weight * 100) : weight;
  };

  it('has one label per term, and the weights of each bias add up to 100 points', () => {
    expect(TERM_FORMULAS).toHaveLength(TERMS.length);
    BIAS_NAMES.forEach((_, b) => {
      let total = 0;
      for (let t = BIAS_TERM_START[b]!; t < BIAS_TERM_START[b + 1]!; t++) {
        total += labelMax(TERM_FORMULAS[t]![0]);
      }
      expect(total).toBe(100);
    });
  });

  it('each label weight is the most points the code gives that term, and it is reached', () => {
    const s = createScratch();
    const seen = new Array<number>(TERMS.length).fill(0);
    const record = (r: Parameters<typeof computeBiasScores>[0]) => {
      computeBiasScores(r, s);
      TERMS.forEach((_, t) => {
        expect(s.points[t]!).toBeLessThanOrEqual(labelMax(TERM_FORMULAS[t]![0]) + 1e-9);
        seen[t] = Math.max(seen[t]!, s.points[t]!);
      });
    };
    Object.values(PERSONAS).forEach(record);
    fc.assert(
      fc.property(customerRecordArb, (r) => record(r)),
      { numRuns: 3000, seed: 42 },
    );
    TERMS.forEach((_, t) => {
      expect(seen[t], TERM_FORMULAS[t]![0]).toBeGreaterThanOrEqual(
        0.95 * labelMax(TERM_FORMULAS[t]![0]),
      );
    });
  });
});
