import type { CustomerRecord, CustomerValueBasis } from '@behavio/contract';
import { clip, clip01, decay, ramp } from './math.js';

/**
 * The four 0-10 measures behind the priority score. Formulas: docs/insights-model.md §7.
 */

/**
 * Strength at which bias severity reaches 10. The confidence caps (0.5-0.9) keep strengths at
 * or below 85, so the old divisor of 100 left bias severity short of 8 while risk urgency
 * reached 10: a bias as strong as the evidence allows now weighs like an acute risk.
 */
export const FULL_SEVERITY_STRENGTH = 80;

/**
 * Bias severity: min(10, (0.6 s1 + 0.4 (s1 + s2 + s3) / 3) / 8), from the three largest
 * strengths s1 >= s2 >= s3 (score x confidence, 0-100 each). The strongest bias dominates.
 */
export const biasSeverity = (s1: number, s2: number, s3: number): number =>
  clip((10 * (0.6 * s1 + (0.4 * (s1 + s2 + s3)) / 3)) / FULL_SEVERITY_STRENGTH, 0, 10);

/**
 * Risk the allocation implies, on the 1-10 scale of risk_profile: single stocks count fully,
 * ETFs 0.6, the rest of the portfolio that is neither cash, ETF nor single stock 0.3, cash 0.
 */
export function impliedRisk(r: CustomerRecord): number {
  const other = 100 - r.cash_pct - r.etf_pct - r.single_stock_pct;
  const units = r.single_stock_pct + 0.6 * r.etf_pct + 0.3 * (other > 0 ? other : 0);
  return 1 + 9 * clip01(units / 100);
}

/** Gap between implied and stated risk: excess risk counts fully, a cautious shortfall half. */
export function riskMismatch(r: CustomerRecord): number {
  const gap = impliedRisk(r) - r.risk_profile;
  return gap > 0 ? gap : -0.5 * gap;
}

/** The four risk signals, each 0-100. */
export const leverageRisk = (r: CustomerRecord): number => ramp(r.leverage_ratio, 1, 2);
export const concentrationRisk = (r: CustomerRecord): number => ramp(r.single_stock_pct, 20, 60);
export const drawdownRisk = (r: CustomerRecord): number => ramp(-r.max_drawdown_pct, 15, 40);
export const mismatchRisk = (r: CustomerRecord): number => ramp(riskMismatch(r), 2, 5);

/** Weights of the four risk signals in the weighted part of risk urgency. */
export const RISK_WEIGHTS = {
  leverage: 0.3,
  concentration: 0.25,
  drawdown: 0.25,
  mismatch: 0.2,
} as const;

/**
 * Risk urgency (0-10): half the worst risk signal plus half their weighted mean, divided by 10.
 * Signals: leverage r(leverage, 1, 2), concentration r(single stock %, 20, 60), drawdown
 * r(-max drawdown, 15, 40), mismatch r(risk mismatch, 2, 5); weights 0.30, 0.25, 0.25, 0.20.
 * One acute risk (2x leverage, 60% in single stocks, a 40% fall) is enough
 * to rank high; a weighted mean alone would dilute it with the calm signals.
 */
export function riskUrgency(r: CustomerRecord): number {
  const l = leverageRisk(r);
  const c = concentrationRisk(r);
  const d = drawdownRisk(r);
  const m = mismatchRisk(r);
  const worst = Math.max(l, c, d, m);
  const weighted =
    RISK_WEIGHTS.leverage * l +
    RISK_WEIGHTS.concentration * c +
    RISK_WEIGHTS.drawdown * d +
    RISK_WEIGHTS.mismatch * m;
  return (0.5 * worst + 0.5 * weighted) / 10;
}

// The three event windows of time sensitivity, each 0-1: a decay of the event's age that only
// counts when the event happened.

/** Hype: d(days since hype peak, 14) x r(hype, 40, 80) / 100 (attention lasts about two weeks). */
export const hypeWindow = (r: CustomerRecord): number =>
  decay(r.days_since_hype_peak, 14) * (ramp(r.social_hype_score, 40, 80) / 100);
/** Loss sale: d(days since loss sale, 30) when there were loss sales (stop-loss or realised). */
export const lossSaleWindow = (r: CustomerRecord): number =>
  r.stop_loss_sell_cnt + r.loss_takes > 0 ? decay(r.days_since_loss_sell, 30) : 0;
/** Averaging down: d(days since last average down, 30) when there were averaging-down trades. */
export const averageDownWindow = (r: CustomerRecord): number =>
  r.averaging_down_trades > 0 ? decay(r.days_since_last_average_down, 30) : 0;

/** Time sensitivity (0-10): 10 max(hype window, loss-sale window, averaging-down window). */
export const timeSensitivity = (r: CustomerRecord): number =>
  10 * Math.max(hypeWindow(r), lossSaleWindow(r), averageDownWindow(r));

/**
 * Customer-value proxy from the 28 columns (0-100): 0.4 r(sub-accounts, 1, 5)
 * + 0.3 r(experience years, 2, 20) + 0.3 turnover percentile. A stand-in for relationship
 * breadth, tenure and trading revenue, used alone when no aum or revenue_12m is supplied.
 */
export function customerValueProxy(r: CustomerRecord): number {
  return (
    0.4 * ramp(r.num_sub_accounts, 1, 5) +
    0.3 * ramp(r.experience_years, 2, 20) +
    0.3 * ramp(r.trade_turnover_30d_pct_peer, 0, 100)
  );
}

/** AUM on a log scale (0-100): 10,000 or less gives 0, 10 million or more 100. */
export const aumPoints = (aum: number): number => ramp(Math.log10(aum), 4, 7);
/** 12-month revenue on a log scale (0-100): 100 or less gives 0, 100,000 or more 100. */
export const revenuePoints = (revenue: number): number => ramp(Math.log10(revenue), 2, 5);

const W_REVENUE = 0.5;
const W_AUM = 0.35;
const W_PROXY = 0.15;

/** A supplied aum or revenue_12m figure (null when the file has no such column or value). */
export const isFigure = (x: number | null | undefined): x is number =>
  typeof x === 'number' && Number.isFinite(x) && x >= 0;

/** Which inputs customer_value uses. */
export function customerValueBasis(r: CustomerRecord): CustomerValueBasis {
  const hasAum = isFigure(r.aum);
  const hasRevenue = isFigure(r.revenue_12m);
  return hasAum ? (hasRevenue ? 'aum_and_revenue' : 'aum') : hasRevenue ? 'revenue' : 'proxy';
}

/**
 * Customer value (0-10): the weighted mean of revenue (0.5), AUM (0.35) and the proxy (0.15)
 * over the inputs present, divided by 10; the proxy alone when neither figure is supplied.
 */
export function customerValue(r: CustomerRecord): number {
  let total = W_PROXY * customerValueProxy(r);
  let weight = W_PROXY;
  if (isFigure(r.aum)) {
    total += W_AUM * aumPoints(r.aum);
    weight += W_AUM;
  }
  if (isFigure(r.revenue_12m)) {
    total += W_REVENUE * revenuePoints(r.revenue_12m);
    weight += W_REVENUE;
  }
  return total / weight / 10;
}
