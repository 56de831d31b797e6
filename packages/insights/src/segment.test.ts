import { describe, expect, it } from 'vitest';
import { BIAS_NAMES } from '@behavio/contract';
import { BIAS_SEGMENT, STRONG_BIAS_STRENGTH, assignSegment } from './segment.js';
import { scoreCustomer } from './score.js';
import { PERSONAS } from './testing/personas.js';

describe('segment', () => {
  it('is the segment of the strongest bias', () => {
    expect(assignSegment('overconfidence', 50)).toBe('overconfident');
    expect(assignSegment('herding', 40)).toBe('herd_followers');
    expect(assignSegment('anchoring', 70)).toBe('anchored');
    expect(assignSegment('disposition_effect', 40)).toBe('anchored');
    expect(assignSegment('risk_aversion', 80)).toBe('risk_averse');
    expect(assignSegment('status_quo', 40)).toBe('risk_averse');
  });

  it('places home bias and mental accounting with the Preserver type (risk_averse), never balanced', () => {
    expect(assignSegment('home_bias', 60)).toBe('risk_averse');
    expect(assignSegment('mental_accounting', 40)).toBe('risk_averse');
  });

  it('is balanced when even the strongest bias is below the strong-bias strength', () => {
    expect(STRONG_BIAS_STRENGTH).toBe(35);
    expect(assignSegment('home_bias', 34.99)).toBe('balanced');
    expect(assignSegment('overconfidence', 35)).toBe('overconfident');
  });

  it('gives every bias a segment', () => {
    expect(Object.keys(BIAS_SEGMENT).sort()).toEqual([...BIAS_NAMES].sort());
  });

  it('places each persona in its own segment', () => {
    for (const [segment, persona] of Object.entries(PERSONAS)) {
      expect(scoreCustomer(persona).segment).toBe(segment);
    }
  });
});
