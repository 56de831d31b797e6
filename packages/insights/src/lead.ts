import type { CustomerRecord, RiskLevel, Segment } from '@behavio/contract';
import {
  averageDownWindow,
  concentrationRisk,
  drawdownRisk,
  hypeWindow,
  leverageRisk,
  lossSaleWindow,
  mismatchRisk,
} from './breakdown.js';
import type { LeadBias } from './evaluate.js';
import { FRESH_EVENT_TIME_SENSITIVITY } from './priority.js';

/**
 * What the recommended action and the `why` text will be about, decided from the numbers: the
 * lead issue, an acute risk aside, a fresh event. No words: texts.ts writes them.
 * Rules: docs/insights-model.md §10.
 */

/** The four risk signals that can lead the texts. */
export type RiskLead = 'leverage' | 'concentration' | 'drawdown' | 'mismatch';

/** What the texts are about: one of the four risk signals, the lead bias, or a routine review. */
export type Lead = RiskLead | 'bias' | 'review';

/**
 * The risk signals that belong to each segment's story, so a risk can lead without
 * contradicting the segment: leverage, concentration and taking more risk than stated are
 * overconfidence's own terms; a deep fall is what loss aversion reacts to; a balanced customer
 * has no bias story, so any risk can lead. Anchored customers' story is the price paid.
 */
export const RISK_STORY: Readonly<Record<Segment, readonly RiskLead[]>> = {
  balanced: ['leverage', 'concentration', 'drawdown', 'mismatch'],
  overconfident: ['leverage', 'concentration', 'mismatch'],
  herd_followers: ['leverage', 'concentration'],
  anchored: [],
  risk_averse: ['drawdown', 'mismatch'],
};

/** What the lead is chosen from: the row's risk and bias measures, segment and lead bias. */
export interface LeadInputs {
  readonly biasSeverity: number;
  readonly riskUrgency: number;
  readonly riskLevel: RiskLevel;
  readonly segment: Segment;
  /** The strongest bias (top_biases[0]), whose segment the customer is in unless balanced. */
  readonly leadBias: LeadBias;
}

/** The largest of the four risk signals (ties: leverage, concentration, drawdown, mismatch). */
export function largestRisk(r: CustomerRecord): RiskLead {
  const signals: [RiskLead, number][] = [
    ['leverage', leverageRisk(r)],
    ['concentration', concentrationRisk(r)],
    ['drawdown', drawdownRisk(r)],
    ['mismatch', mismatchRisk(r)],
  ];
  let [lead, largest] = signals[0]!;
  for (const [name, value] of signals) {
    if (value > largest) [lead, largest] = [name, value];
  }
  return lead;
}

/** The risk is acute: high risk level, and risk urgency at least the bias severity. */
const riskIsAcute = (x: LeadInputs): boolean =>
  x.riskLevel === 'high' && x.riskUrgency >= x.biasSeverity;

/**
 * The lead issue. An acute risk (high risk level, risk urgency at least the bias severity)
 * leads with its largest signal when that signal belongs to the segment's story (RISK_STORY).
 * Otherwise a strong lead bias (not balanced) leads, with evidence; else a routine review.
 */
export function chooseLead(r: CustomerRecord, x: LeadInputs): Lead {
  if (riskIsAcute(x)) {
    const risk = largestRisk(r);
    if (RISK_STORY[x.segment].includes(risk)) return risk;
  }
  if (x.segment !== 'balanced' && x.leadBias.evidence.length > 0) return 'bias';
  return 'review';
}

/**
 * The acute risk a bias-led action names too ("…, with leverage at 2.1x"), when the risk is
 * acute but does not belong to the segment's story; null otherwise.
 */
export function riskAside(r: CustomerRecord, lead: Lead, x: LeadInputs): RiskLead | null {
  return lead === 'bias' && riskIsAcute(x) ? largestRisk(r) : null;
}

/** The column of a fresh event the action names. */
export type FreshEvent =
  'days_since_hype_peak' | 'days_since_loss_sell' | 'days_since_last_average_down';

/**
 * The freshest event when it makes the call time-sensitive (its window is at least
 * FRESH_EVENT_TIME_SENSITIVITY / 10: a loss sale or averaging down in the last 10 days, a hype
 * peak of a strongly hyped name a few days old); null otherwise. Ties: hype, loss sale,
 * averaging down.
 */
export function freshEvent(r: CustomerRecord): FreshEvent | null {
  const events: [FreshEvent, number][] = [
    ['days_since_hype_peak', hypeWindow(r)],
    ['days_since_loss_sell', lossSaleWindow(r)],
    ['days_since_last_average_down', averageDownWindow(r)],
  ];
  let [column, window] = events[0]!;
  for (const e of events) if (e[1] > window) [column, window] = e;
  return 10 * window < FRESH_EVENT_TIME_SENSITIVITY ? null : column;
}
