import { describe, expect, it } from 'vitest';
import { clip, clip01, decay, ramp, round2, shrinkShare, strength } from './math.js';

describe('math helpers', () => {
  it('clip01 clamps to [0, 1] and maps NaN to 0', () => {
    expect(clip01(-3)).toBe(0);
    expect(clip01(0.25)).toBe(0.25);
    expect(clip01(7)).toBe(1);
    expect(clip01(Number.NaN)).toBe(0);
  });

  it('clip clamps to [lo, hi] and maps NaN to lo', () => {
    expect(clip(-1, 0, 100)).toBe(0);
    expect(clip(42, 0, 100)).toBe(42);
    expect(clip(101, 0, 100)).toBe(100);
    expect(clip(Number.NaN, 0, 100)).toBe(0);
  });

  it('ramp is 0 before a, 100 after b and linear between', () => {
    expect(ramp(40, 50, 100)).toBe(0);
    expect(ramp(75, 50, 100)).toBe(50);
    expect(ramp(97, 50, 100)).toBeCloseTo(94, 10);
    expect(ramp(120, 50, 100)).toBe(100);
    // Falling ramp: r(risk_profile, 7, 2).
    expect(ramp(2, 7, 2)).toBe(100);
    expect(ramp(5, 7, 2)).toBeCloseTo(40, 10);
    expect(ramp(9, 7, 2)).toBe(0);
  });

  it('decay is exp(-t / tau), 1 today and never above 1', () => {
    expect(decay(0, 14)).toBe(1);
    expect(decay(14, 14)).toBeCloseTo(Math.exp(-1), 12);
    expect(decay(-5, 14)).toBe(1);
    expect(decay(36_500, 14)).toBe(0);
  });

  it('shrinkShare pulls few events towards the prior', () => {
    // 6 gains, 2 losses, prior 0.5 with 10 pseudo-trades: (6 + 5) / (8 + 10).
    expect(shrinkShare(6, 8, 0.5, 10)).toBeCloseTo(11 / 18, 12);
    expect(shrinkShare(0, 0, 0.5, 10)).toBe(0.5);
    expect(shrinkShare(1000, 1000, 0.5, 10)).toBeCloseTo(1005 / 1010, 12);
  });

  it('strength is n / (n + k), 0 with no events', () => {
    expect(strength(0, 5)).toBe(0);
    expect(strength(5, 5)).toBe(0.5);
    expect(strength(15, 5)).toBe(0.75);
  });

  it('rounds deterministically', () => {
    expect(round2(25.666666)).toBe(25.67);
    expect(round2(0.125)).toBe(0.13);
    expect(round2(7)).toBe(7);
  });
});
