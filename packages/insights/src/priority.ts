import type { Breakdown, RiskLevel, UrgencyLevel } from '@behavio/contract';
import { clip, round2 } from './math.js';

/**
 * Priority, urgency and risk level. Priority is "how much is wrong x how soon it matters": bias
 * severity and risk urgency, each scaled by a timing factor that a fresh event (time
 * sensitivity) raises; the larger of the two, plus 0.3 x the smaller, plus a little for
 * customer value. Calibration and reasons: docs/insights-model.md §8 and §14.
 */

/** A timing factor: `base` with no fresh event, `base + lift` for an event today. */
export interface Timing {
  readonly base: number;
  readonly lift: number;
}

/**
 * A bias is a tendency: it costs money when something triggers it (a hype peak, a loss), so
 * with no fresh event it counts at 0.4 of its size, and in full the day of the event.
 */
export const BIAS_TIMING: Timing = { base: 0.4, lift: 0.6 };

/**
 * An acute portfolio risk (leverage, concentration, a deep fall) is exposure: it costs money
 * whenever the market moves, so it counts at 0.65 with no event, and in full the day of one.
 */
export const RISK_TIMING: Timing = { base: 0.65, lift: 0.35 };

/**
 * Share of the smaller of the two timed measures added to the larger: a strong bias that
 * drives an acute risk (an overconfident trader on margin) is worse than either alone.
 */
export const COMPOUND_SHARE = 0.3;

/** Points of priority per point of customer value (at most 0.5): orders equal problems. */
export const VALUE_WEIGHT = 0.05;

/**
 * Time sensitivity from which an event counts as fresh: a loss sale or averaging down in the
 * last 10 days (10 days give 7.17), the peak of a strongly hyped name in the last 5.
 */
export const FRESH_EVENT_TIME_SENSITIVITY = 7;
/** Priority of a fresh event on a high-risk portfolio at the least: the urgent band. */
export const URGENT_PRIORITY = 8;

/** The timing factor at a time sensitivity (0-10). */
export const timingFactor = (t: Timing, ts: number): number => t.base + (t.lift * ts) / 10;

/**
 * Priority (0-10, 2 decimals), with b = BS x (0.4 + 0.6 TS/10) and r = RU x (0.65 + 0.35 TS/10):
 * max(b, r) + 0.3 min(b, r) + 0.05 CV, at least 8 when a fresh event (TS >= 7) meets a
 * high-risk portfolio (RU above 6). It never falls when any measure rises.
 */
export const priorityScore = (b: Breakdown): number =>
  priorityOf(b.bias_severity, b.risk_urgency, b.time_sensitivity, b.customer_value);

/** A fresh event on a high-risk portfolio: the call cannot wait. */
export const freshEventOnHighRisk = (ts: number, ru: number): boolean =>
  ts >= FRESH_EVENT_TIME_SENSITIVITY && riskLevelOf(ru) === 'high';

/** priorityScore from the four measures. */
export function priorityOf(bs: number, ru: number, ts: number, cv: number): number {
  const bias = bs * timingFactor(BIAS_TIMING, ts);
  const risk = ru * timingFactor(RISK_TIMING, ts);
  const priority = Math.max(bias, risk) + COMPOUND_SHARE * Math.min(bias, risk) + VALUE_WEIGHT * cv;
  const floor = freshEventOnHighRisk(ts, ru) ? URGENT_PRIORITY : 0;
  return round2(clip(Math.max(priority, floor), 0, 10));
}

/** The priority from which each urgency level starts (below medium: low). */
export const URGENCY_FROM = { urgent: URGENT_PRIORITY, high: 6, medium: 4 } as const;

/**
 * Urgency from the (rounded) priority, on the priority colours of product-rules: Display rules
 * (8 / 6 / 4): urgent at 8 or more, high at 6 or more, medium at 4 or more, otherwise low.
 */
export function urgencyLevel(priority: number): UrgencyLevel {
  if (priority >= URGENCY_FROM.urgent) return 'urgent';
  if (priority >= URGENCY_FROM.high) return 'high';
  if (priority >= URGENCY_FROM.medium) return 'medium';
  return 'low';
}

/** The risk urgency above which each risk level starts (at or below medium's: low). */
export const RISK_ABOVE = { high: 6, medium: 3 } as const;

/**
 * Risk level from risk urgency, on the risk-label bands of product-rules: States and transitions: 3 or below low, 6 or below
 * medium, above 6 high.
 */
export const riskLevel = (b: Breakdown): RiskLevel => riskLevelOf(b.risk_urgency);

/** riskLevel from risk urgency. */
export function riskLevelOf(ru: number): RiskLevel {
  if (ru > RISK_ABOVE.high) return 'high';
  if (ru > RISK_ABOVE.medium) return 'medium';
  return 'low';
}
