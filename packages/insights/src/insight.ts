import type {
  CustomerRecord,
  CustomerValueBasis,
  RiskLevel,
  Segment,
  UrgencyLevel,
} from '@behavio/contract';
import { chooseLead, recommendedAction, whyText } from './actions.js';
import {
  computeBiasScores,
  createScratch,
  orderEvidence,
  rankTop3,
  type BiasScratch,
} from './bias-scores.js';
import {
  biasSeverityFromTop,
  customerValue,
  customerValueBasis,
  riskUrgency,
  timeSensitivity,
} from './breakdown.js';
import { round2 } from './math.js';
import { priorityOf, riskLevelOf, urgencyOf } from './priority.js';
import { segmentFromStrengths, segmentLeadBias } from './segment.js';

/**
 * Everything an insight holds for one row, as numbers, labels and the two texts, in a scratch
 * reused for every row. Each output (`scoreCustomer`, `scoreCustomerCompact`, the import COPY
 * text) is shaped from it, so the outputs cannot disagree and none of them pays for another's
 * shape. Scoring is single-threaded and never calls back into other code, so it cannot be
 * re-entered.
 */
export interface InsightScratch extends BiasScratch {
  /** The three strongest biases, strongest first. */
  readonly top: Int32Array;
  biasSeverity: number;
  riskUrgency: number;
  timeSensitivity: number;
  customerValue: number;
  priority: number;
  urgency: UrgencyLevel;
  risk: RiskLevel;
  segment: Segment;
  basis: CustomerValueBasis;
  /** The bias the texts lead with; only its evidence is ordered (see `orderEvidence`). */
  leadBias: number;
  action: string;
  why: string;
}

export const createInsightScratch = (): InsightScratch => ({
  ...createScratch(),
  top: new Int32Array(3),
  biasSeverity: 0,
  riskUrgency: 0,
  timeSensitivity: 0,
  customerValue: 0,
  priority: 0,
  urgency: 'low',
  risk: 'low',
  segment: 'balanced',
  basis: 'proxy',
  leadBias: 0,
  action: '',
  why: '',
});

/** Computes the whole insight of a row into the scratch; only the lead bias's evidence is ordered. */
export function computeInsight(r: CustomerRecord, s: InsightScratch): void {
  computeBiasScores(r, s);
  const top = s.top;
  const st = s.strength;
  rankTop3(st, s.score, top);
  const bs = round2(biasSeverityFromTop(st[top[0]!]!, st[top[1]!]!, st[top[2]!]!));
  const ru = round2(riskUrgency(r));
  const ts = round2(timeSensitivity(r));
  const cv = round2(customerValue(r));
  const priority = priorityOf(bs, ru, ts, cv);
  const risk = riskLevelOf(ru);
  const segment = segmentFromStrengths(st);
  const leadBias = segmentLeadBias(segment, st, top[0]!);
  orderEvidence(leadBias, s);
  const lead = chooseLead(r, s, leadBias, bs, ru, risk);
  s.biasSeverity = bs;
  s.riskUrgency = ru;
  s.timeSensitivity = ts;
  s.customerValue = cv;
  s.priority = priority;
  s.urgency = urgencyOf(priority, ts, ru);
  s.risk = risk;
  s.segment = segment;
  s.basis = customerValueBasis(r);
  s.leadBias = leadBias;
  s.action = recommendedAction(r, lead, leadBias, s);
  s.why = whyText(r, lead, leadBias, s);
}
