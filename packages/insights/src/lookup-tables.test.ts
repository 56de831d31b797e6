import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DECAY_14, DECAY_30, decay } from './math.js';
import { FigureTextCache, ScoreTexts } from './text-cache.js';

describe('DecayTable', () => {
  it('gives exactly what decay gives, on whole days, fractions and beyond the table', () => {
    const days = fc.oneof(
      fc.integer({ min: 0, max: 36_500 }),
      fc.double({ min: -10, max: 40_000, noNaN: true }),
      fc.constantFrom(0, -0, 4095, 4096, 1e12),
    );
    fc.assert(
      fc.property(days, (t) => {
        expect(DECAY_14.at(t)).toBe(decay(t, 14));
        expect(DECAY_30.at(t)).toBe(decay(t, 30));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('FigureTextCache', () => {
  it('writes every 2-decimal figure as String(v), cached or not', () => {
    const cache = new FigureTextCache('<', '>');
    for (let pass = 0; pass < 2; pass++) {
      for (let k = 0; k <= 10_000; k++) {
        const v = Math.round((k / 100) * 100) / 100;
        expect(cache.get(v)).toBe(`<${String(v)}>`);
      }
    }
  });

  it('does not mistake a figure off the 2-decimal grid for its neighbour', () => {
    const cache = new FigureTextCache('', '');
    cache.get(0.13);
    for (const v of [0.125, 0.1300000001, -0, -1.5, 100.01, 1e9]) {
      expect(cache.get(v)).toBe(String(v));
    }
  });
});

describe('ScoreTexts', () => {
  it('splits every 2-decimal score from 0 to 100 into parts that join to String(v) + suffix', () => {
    const texts = new ScoreTexts(',');
    for (let k = 0; k <= 10_000; k++) {
      const v = Math.round((k / 100) * 100) / 100;
      expect(texts.wholePart(v) + texts.decimalPart(v)).toBe(`${String(v)},`);
    }
  });

  it('gives String(v) and the bare suffix for any other figure', () => {
    const texts = new ScoreTexts('}');
    for (const v of [0.125, 0.1300000001, -0, -1.5, 100.01, 1e9, Number.NaN]) {
      expect(texts.wholePart(v) + texts.decimalPart(v)).toBe(`${String(v)}}`);
    }
  });
});
