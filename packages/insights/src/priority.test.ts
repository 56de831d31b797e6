import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { URGENCY_LEVELS, type Breakdown } from '@behavio/contract';
import { priorityScore, riskLevel, urgencyLevel } from './priority.js';

const bd = (
  bias_severity: number,
  risk_urgency: number,
  time_sensitivity: number,
  customer_value: number,
): Breakdown => ({ bias_severity, risk_urgency, time_sensitivity, customer_value });

describe('priority score', () => {
  it('is 0.55 x the worse of BS and RU plus 0.45 x the weighted sum', () => {
    // 0.55 x 8.6 + 0.45 x (0.35 x 6.34 + 0.3 x 8.6 + 0.2 x 0 + 0.15 x 4.08) = 7.16495
    expect(priorityScore(bd(6.34, 8.6, 0, 4.08))).toBe(7.16);
    expect(priorityScore(bd(0, 0, 0, 0))).toBe(0);
    expect(priorityScore(bd(10, 10, 10, 10))).toBe(10);
    // A severe risk alone is not diluted: RU 8 -> 0.55 x 8 + 0.45 x 2.4 = 5.48
    expect(priorityScore(bd(0, 8, 0, 0))).toBe(5.48);
  });

  const measure = fc.double({ min: 0, max: 10, noNaN: true });
  const key = fc.constantFrom<keyof Breakdown>(
    'bias_severity',
    'risk_urgency',
    'time_sensitivity',
    'customer_value',
  );

  it('never falls when any one breakdown measure rises', () => {
    fc.assert(
      fc.property(measure, measure, measure, measure, key, measure, (a, b, c, d, k, up) => {
        const lower = bd(a, b, c, d);
        const higher = { ...lower, [k]: Math.min(10, lower[k] + up) };
        expect(priorityScore(higher)).toBeGreaterThanOrEqual(priorityScore(lower));
        const rank = (x: Breakdown) => URGENCY_LEVELS.indexOf(urgencyLevel(priorityScore(x), x));
        expect(rank(higher)).toBeLessThanOrEqual(rank(lower));
      }),
      { numRuns: 3000 },
    );
  });

  it('stays within 0-10', () => {
    fc.assert(
      fc.property(measure, measure, measure, measure, (a, b, c, d) => {
        const p = priorityScore(bd(a, b, c, d));
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(10);
      }),
    );
  });
});

describe('urgency level', () => {
  it('follows the 8 / 6 / 4 priority bands', () => {
    const calm = bd(0, 0, 0, 0);
    expect(urgencyLevel(8, calm)).toBe('urgent');
    expect(urgencyLevel(7.99, calm)).toBe('high');
    expect(urgencyLevel(6, calm)).toBe('high');
    expect(urgencyLevel(5.99, calm)).toBe('medium');
    expect(urgencyLevel(4, calm)).toBe('medium');
    expect(urgencyLevel(3.99, calm)).toBe('low');
  });

  it('is urgent when a time-sensitive event meets high risk urgency', () => {
    expect(urgencyLevel(5, bd(2, 7, 8, 2))).toBe('urgent');
    expect(urgencyLevel(5, bd(2, 6.99, 8, 2))).toBe('medium');
    expect(urgencyLevel(5, bd(2, 7, 7.99, 2))).toBe('medium');
  });
});

describe('risk level', () => {
  it('uses the spec risk-label bands on risk urgency: 3 or below low, 6 or below medium', () => {
    expect(riskLevel(bd(9, 0, 9, 9))).toBe('low');
    expect(riskLevel(bd(0, 3, 0, 0))).toBe('low');
    expect(riskLevel(bd(0, 3.01, 0, 0))).toBe('medium');
    expect(riskLevel(bd(0, 6, 0, 0))).toBe('medium');
    expect(riskLevel(bd(0, 6.01, 0, 0))).toBe('high');
  });
});
