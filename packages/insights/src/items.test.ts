import { describe, expect, it } from 'vitest';
import {
  priorityScoreItemSchema,
  riskRankingItemSchema,
  riskRankingResponseSchema,
  segmentsResponseSchema,
  whoToCallItemSchema,
} from '@behavio/contract';
import {
  compareForCalls,
  groupRiskRanking,
  groupSegments,
  sortForCalls,
  toPriorityScoreItem,
  toRiskRankingItem,
  toWhoToCallItem,
} from './items.js';
import { scoreCustomer } from './score.js';
import { PERSONAS } from './testing/personas.js';

const scored = Object.values(PERSONAS).map((c) => ({ c, i: scoreCustomer(c) }));

describe('RM list items', () => {
  it('build schema-valid items of product-rules: Entities and fields', () => {
    for (const { c, i } of scored) {
      const call = whoToCallItemSchema.parse(toWhoToCallItem(c, i));
      expect(call).toMatchObject({
        customer_id: c.customer_id,
        country_iso: c.country_iso,
        age: c.age,
        risk_profile: c.risk_profile,
        priority_score: i.priority_score,
        urgency_level: i.urgency_level,
        recommended_action: i.recommended_action,
      });
      const priority = priorityScoreItemSchema.parse(toPriorityScoreItem(c, i));
      expect(priority.top_biases.map((b) => b.bias_name)).toEqual(
        i.top_biases.map((b) => b.bias_name),
      );
      expect(Object.keys(priority.top_biases[0]!)).toEqual(['bias_name', 'score', 'confidence']);
      expect(riskRankingItemSchema.parse(toRiskRankingItem(c, i)).breakdown).toEqual(i.breakdown);
    }
  });

  it('orders calls by priority, then urgency, then customer id', () => {
    const item = (
      customer_id: string,
      priority_score: number,
      urgency_level: 'urgent' | 'high' | 'low',
    ) => ({
      customer_id,
      priority_score,
      urgency_level,
    });
    const sorted = sortForCalls([
      item('C-3', 5, 'high'),
      item('C-1', 7, 'high'),
      item('C-2', 5, 'urgent'),
      item('C-0', 5, 'high'),
    ]);
    expect(sorted.map((x) => x.customer_id)).toEqual(['C-1', 'C-2', 'C-0', 'C-3']);
    expect(compareForCalls(item('a', 1, 'low'), item('a', 1, 'low'))).toBe(0);
  });

  it('groups into the risk ranking and segments responses', () => {
    const items = scored.map(({ c, i }) => toRiskRankingItem(c, i));
    const ranking = riskRankingResponseSchema.parse(groupRiskRanking(items));
    expect(ranking.high_risk.map((x) => x.customer_id)).toEqual(['P-OVERCONFIDENT']);
    expect(ranking.high_risk.length + ranking.medium_risk.length + ranking.low_risk.length).toBe(5);
    const segments = segmentsResponseSchema.parse(groupSegments(items));
    expect(segments.overconfident.map((x) => x.customer_id)).toEqual(['P-OVERCONFIDENT']);
    expect(segments.balanced.map((x) => x.customer_id)).toEqual(['P-BALANCED']);
    expect(segments.risk_averse.map((x) => x.customer_id)).toEqual(['P-CAUTIOUS']);
  });
});
