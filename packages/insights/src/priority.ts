import type { Breakdown, RiskLevel, UrgencyLevel } from '@behavio/contract';
import { clip, round2 } from './math.js';

/** Weights of the weighted-sum part of the priority score; they add up to 1. */
export const PRIORITY_WEIGHTS = {
  bias_severity: 0.35,
  risk_urgency: 0.3,
  time_sensitivity: 0.2,
  customer_value: 0.15,
} as const satisfies Record<keyof Breakdown, number>;

/** Share of the priority that comes from the worse of bias severity and risk urgency. */
export const PRIORITY_WORST_SHARE = 0.55;

/**
 * Priority (0-10, 2 decimals):
 * 0.55 max(bias_severity, risk_urgency) + 0.45 (0.35 BS + 0.30 RU + 0.20 TS + 0.15 CV).
 * One severe problem is reason enough to call, so the worse of the two "what is wrong" measures
 * carries most of the score and cannot be diluted by calm measures; time sensitivity and customer
 * value order customers within that. Both parts rise with every measure (positive weights, max),
 * so the score never falls when any one measure rises.
 */
export const priorityScore = (b: Breakdown): number =>
  priorityOf(b.bias_severity, b.risk_urgency, b.time_sensitivity, b.customer_value);

/** priorityScore from the four measures. */
export function priorityOf(bs: number, ru: number, ts: number, cv: number): number {
  const worst = bs > ru ? bs : ru;
  const weighted =
    PRIORITY_WEIGHTS.bias_severity * bs +
    PRIORITY_WEIGHTS.risk_urgency * ru +
    PRIORITY_WEIGHTS.time_sensitivity * ts +
    PRIORITY_WEIGHTS.customer_value * cv;
  return round2(clip(PRIORITY_WORST_SHARE * worst + (1 - PRIORITY_WORST_SHARE) * weighted, 0, 10));
}

/**
 * Urgency from the (rounded) priority, matching the priority colours of product-rules: Display rules (8 / 6 / 4):
 * urgent at 8 or more, or when a time-sensitive event (>= 8) meets high risk urgency (>= 7);
 * high at 6 or more; medium at 4 or more; otherwise low.
 */
export const urgencyLevel = (priority: number, b: Breakdown): UrgencyLevel =>
  urgencyOf(priority, b.time_sensitivity, b.risk_urgency);

/** urgencyLevel from the priority, time sensitivity and risk urgency. */
export function urgencyOf(priority: number, ts: number, ru: number): UrgencyLevel {
  if (priority >= 8 || (ts >= 8 && ru >= 7)) return 'urgent';
  if (priority >= 6) return 'high';
  if (priority >= 4) return 'medium';
  return 'low';
}

/**
 * Risk level from risk urgency, on the risk-label bands of product-rules: States and transitions: 3 or below low, 6 or below
 * medium, above 6 high.
 */
export const riskLevel = (b: Breakdown): RiskLevel => riskLevelOf(b.risk_urgency);

/** riskLevel from risk urgency. */
export function riskLevelOf(ru: number): RiskLevel {
  if (ru > 6) return 'high';
  if (ru > 3) return 'medium';
  return 'low';
}
