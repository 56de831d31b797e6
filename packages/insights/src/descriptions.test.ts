import { BIAS_NAMES } from '@behavio/contract';
import { describe, expect, it } from 'vitest';
import {
  BIAS_DESCRIPTIONS,
  RISK_LEVEL_DESCRIPTION,
  SEGMENT_DESCRIPTION,
  URGENCY_DESCRIPTION,
} from './descriptions.js';
import { RISK_ABOVE, URGENCY_FROM, riskLevelOf, urgencyLevel } from './priority.js';
import { STRONG_BIAS_STRENGTH, assignSegment } from './segment.js';

describe('the tooltips written from the model', () => {
  it('describe every bias, from its table', () => {
    expect(Object.keys(BIAS_DESCRIPTIONS)).toEqual([...BIAS_NAMES]);
    expect(BIAS_DESCRIPTIONS.home_bias).toEqual({
      label: 'home bias',
      description: 'Most of the money in the home market, far above its share of world markets.',
    });
  });

  it('name the bands the model applies', () => {
    expect(URGENCY_DESCRIPTION).toBe(
      'Urgent from a priority of 8 (a recent event on a high-risk portfolio is always urgent); high from 6; medium from 4; otherwise low.',
    );
    expect(urgencyLevel(URGENCY_FROM.high)).toBe('high');
    expect(urgencyLevel(URGENCY_FROM.high - 0.01)).toBe('medium');
    expect(RISK_LEVEL_DESCRIPTION).toBe(
      'Risk level from risk urgency: above 6 high, above 3 medium, otherwise low.',
    );
    expect(riskLevelOf(RISK_ABOVE.high)).toBe('medium');
    expect(riskLevelOf(RISK_ABOVE.high + 0.01)).toBe('high');
    expect(SEGMENT_DESCRIPTION).toContain(`no pattern reaches ${STRONG_BIAS_STRENGTH}.`);
    expect(assignSegment('herding', STRONG_BIAS_STRENGTH)).toBe('herd_followers');
  });
});
