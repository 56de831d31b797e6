import {
  URGENCY_LEVELS,
  type CustomerInsights,
  type CustomerRecord,
  type PriorityScoreItem,
  type RiskRankingItem,
  type RiskRankingResponse,
  type SegmentsResponse,
  type TopBias,
  type WhoToCallItem,
} from '@behavio/contract';

/**
 * Builders of the RM analytics items of product-rules: Entities and fields from a customer and its insights, and the
 * deterministic orderings and groupings the list calls return.
 */

/** The customer fields the list items repeat. */
export type CustomerSummary = Pick<
  CustomerRecord,
  'customer_id' | 'country_iso' | 'age' | 'risk_profile'
>;

export const toTopBiases = (insights: Pick<CustomerInsights, 'top_biases'>): TopBias[] =>
  insights.top_biases.map((b) => ({
    bias_name: b.bias_name,
    score: b.score,
    confidence: b.confidence,
  }));

export function toWhoToCallItem(c: CustomerSummary, i: CustomerInsights): WhoToCallItem {
  return {
    customer_id: c.customer_id,
    country_iso: c.country_iso,
    age: c.age,
    risk_profile: c.risk_profile,
    urgency_level: i.urgency_level,
    priority_score: i.priority_score,
    recommended_action: i.recommended_action,
    why: i.why,
    risk_level: i.risk_level,
    segment: i.segment,
  };
}

export function toPriorityScoreItem(
  c: Pick<CustomerSummary, 'customer_id'>,
  i: CustomerInsights,
): PriorityScoreItem {
  return {
    customer_id: c.customer_id,
    priority_score: i.priority_score,
    urgency_level: i.urgency_level,
    recommended_action: i.recommended_action,
    top_biases: toTopBiases(i),
    breakdown: { ...i.breakdown },
    why: i.why,
    risk_level: i.risk_level,
    segment: i.segment,
  };
}

/** A call-list item with the top biases and the breakdown added. */
export function toRiskRankingItem(c: CustomerSummary, i: CustomerInsights): RiskRankingItem {
  return { ...toWhoToCallItem(c, i), top_biases: toTopBiases(i), breakdown: { ...i.breakdown } };
}

const urgencyRank = (u: string): number => {
  const i = (URGENCY_LEVELS as readonly string[]).indexOf(u);
  return i < 0 ? URGENCY_LEVELS.length : i;
};

/**
 * Call-list order: higher priority first, then the more urgent level, then customer_id by code
 * point (not locale), so the order never depends on the server's locale.
 */
export function compareForCalls(
  a: Pick<WhoToCallItem, 'priority_score' | 'urgency_level' | 'customer_id'>,
  b: Pick<WhoToCallItem, 'priority_score' | 'urgency_level' | 'customer_id'>,
): number {
  if (a.priority_score !== b.priority_score) return b.priority_score - a.priority_score;
  const u = urgencyRank(a.urgency_level) - urgencyRank(b.urgency_level);
  if (u !== 0) return u;
  return a.customer_id < b.customer_id ? -1 : a.customer_id > b.customer_id ? 1 : 0;
}

/** Sorts a copy of the items in call-list order. */
export const sortForCalls = <
  T extends Pick<WhoToCallItem, 'priority_score' | 'urgency_level' | 'customer_id'>,
>(
  items: readonly T[],
): T[] => [...items].sort(compareForCalls);

/** Groups items by risk level, each group in call-list order. */
export function groupRiskRanking(items: readonly RiskRankingItem[]): RiskRankingResponse {
  const out: RiskRankingResponse = { high_risk: [], medium_risk: [], low_risk: [] };
  for (const item of sortForCalls(items)) {
    if (item.risk_level === 'high') out.high_risk.push(item);
    else if (item.risk_level === 'medium') out.medium_risk.push(item);
    else out.low_risk.push(item);
  }
  return out;
}

/** Groups items by segment, each group in call-list order. */
export function groupSegments(items: readonly RiskRankingItem[]): SegmentsResponse {
  const out: SegmentsResponse = {
    risk_averse: [],
    overconfident: [],
    herd_followers: [],
    anchored: [],
    balanced: [],
  };
  for (const item of sortForCalls(items)) out[item.segment].push(item);
  return out;
}
