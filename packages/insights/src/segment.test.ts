import { describe, expect, it } from 'vitest';
import { BIAS_NAMES, type BiasName } from '@behavio/contract';
import { SEGMENT_THRESHOLD, assignSegment, segmentLeadBias, segmentScores } from './segment.js';
import { scoreCustomer } from './score.js';
import { PERSONAS } from './testing/personas.js';

// Strengths (score x confidence) by the index of the bias in BIAS_NAMES:
// overconfidence, herding, anchoring, loss_aversion, disposition_effect, home_bias,
// risk_aversion, mental_accounting, status_quo
const s = (o: Partial<Record<number, number>>): Record<BiasName, number> =>
  Object.fromEntries(BIAS_NAMES.map((name, i) => [name, o[i] ?? 0])) as Record<BiasName, number>;

describe('segment scores', () => {
  it('combine the strengths of related biases', () => {
    expect(segmentScores(s({ 0: 50, 1: 20, 2: 60, 4: 30, 3: 40, 6: 60, 8: 20 }))).toEqual({
      overconfident: 50,
      herd_followers: 20,
      anchored: 51, // 0.7 x 60 + 0.3 x 30
      risk_averse: 51, // 0.7 x 60 + 0.15 x 40 + 0.15 x 20
    });
  });
});

describe('segment', () => {
  it('is the highest segment score', () => {
    expect(assignSegment(s({ 0: 50, 1: 20 }))).toBe('overconfident');
    expect(assignSegment(s({ 0: 30, 1: 40 }))).toBe('herd_followers');
    expect(assignSegment(s({ 2: 70 }))).toBe('anchored');
    expect(assignSegment(s({ 6: 80 }))).toBe('risk_averse');
  });

  it('is balanced when no segment score reaches the threshold', () => {
    expect(SEGMENT_THRESHOLD).toBe(35);
    expect(assignSegment(s({ 0: 34.99, 5: 90, 7: 50 }))).toBe('balanced');
    expect(assignSegment(s({ 0: 35 }))).toBe('overconfident');
    expect(assignSegment(s({}))).toBe('balanced');
  });

  it('breaks ties by precedence: overconfident, herd_followers, anchored, risk_averse', () => {
    expect(assignSegment(s({ 0: 40, 1: 40 }))).toBe('overconfident');
    expect(assignSegment(s({ 1: 40, 2: 40 / 0.7 }))).toBe('herd_followers');
    expect(assignSegment(s({ 2: 50, 6: 50 }))).toBe('anchored'); // 35 vs 35
  });

  it('places each persona in its own segment', () => {
    for (const [segment, persona] of Object.entries(PERSONAS)) {
      expect(scoreCustomer(persona).segment).toBe(segment);
    }
  });
});

describe('segment lead bias', () => {
  it("is the segment's own bias, or the strongest bias for balanced customers", () => {
    expect(segmentLeadBias('overconfident', s({ 0: 40, 4: 90 }), BIAS_NAMES[4]!)).toBe(
      BIAS_NAMES[0],
    );
    expect(segmentLeadBias('herd_followers', s({ 1: 40, 4: 90 }), BIAS_NAMES[4]!)).toBe(
      BIAS_NAMES[1],
    );
    expect(segmentLeadBias('anchored', s({ 2: 30, 4: 40 }), BIAS_NAMES[4]!)).toBe(BIAS_NAMES[4]);
    expect(segmentLeadBias('anchored', s({ 2: 40, 4: 40 }), BIAS_NAMES[4]!)).toBe(BIAS_NAMES[2]);
    expect(segmentLeadBias('risk_averse', s({ 6: 50, 3: 20, 8: 60 }), BIAS_NAMES[8]!)).toBe(
      BIAS_NAMES[8],
    );
    expect(segmentLeadBias('risk_averse', s({ 6: 60, 3: 20, 8: 60 }), BIAS_NAMES[6]!)).toBe(
      BIAS_NAMES[6],
    );
    expect(segmentLeadBias('balanced', s({ 5: 30 }), BIAS_NAMES[5]!)).toBe(BIAS_NAMES[5]);
  });
});
