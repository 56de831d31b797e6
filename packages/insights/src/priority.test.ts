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
  it('is the larger timed measure + 0.3 x the smaller + 0.05 x customer value', () => {
    // b = 6.34 x 0.4 = 2.536, r = 8.6 x 0.65 = 5.59: 5.59 + 0.3 x 2.536 + 0.05 x 4.08 = 6.5548
    expect(priorityScore(bd(6.34, 8.6, 0, 4.08))).toBe(6.55);
    // b = 6 x (0.4 + 0.6 x 0.9) = 5.64, r = 2 x (0.65 + 0.35 x 0.9) = 1.93: 5.64 + 0.579 + 0.25
    expect(priorityScore(bd(6, 2, 9, 5))).toBe(6.47);
    expect(priorityScore(bd(0, 0, 0, 0))).toBe(0);
    expect(priorityScore(bd(10, 10, 10, 10))).toBe(10);
  });

  it('lets a fresh event lift a customer above the same chronic state with no event', () => {
    const chronic = priorityScore(bd(6, 7, 0, 5));
    const fresh = priorityScore(bd(6, 7, 9, 5));
    expect(fresh).toBeGreaterThan(chronic);
    // A milder problem with an event today outranks a worse one with no event.
    expect(priorityScore(bd(5, 2, 10, 5))).toBeGreaterThan(priorityScore(bd(9, 2, 0, 5)));
  });

  it('is at least 8 (urgent) when a fresh event meets a high-risk portfolio', () => {
    // r = 6.5 x (0.65 + 0.35 x 0.7) = 5.82, b = 2 x 0.82 = 1.64: 5.82 + 0.49 + 0.1 = 6.41 -> 8
    expect(priorityScore(bd(2, 6.5, 7, 2))).toBe(8);
    expect(priorityScore(bd(2, 6.5, 6.99, 2))).toBe(6.41);
    expect(priorityScore(bd(2, 6, 9, 2))).toBe(6.45); // risk urgency 6 is medium risk
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
        const rank = (x: Breakdown) => URGENCY_LEVELS.indexOf(urgencyLevel(priorityScore(x)));
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
    expect(urgencyLevel(8)).toBe('urgent');
    expect(urgencyLevel(7.99)).toBe('high');
    expect(urgencyLevel(6)).toBe('high');
    expect(urgencyLevel(5.99)).toBe('medium');
    expect(urgencyLevel(4)).toBe('medium');
    expect(urgencyLevel(3.99)).toBe('low');
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
