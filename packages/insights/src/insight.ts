import type {
  CustomerRecord,
  CustomerValueBasis,
  RiskLevel,
  Segment,
  UrgencyLevel,
} from '@behavio/contract';
import { LEAD, chooseLead, writeLeadTexts, type Lead } from './actions.js';
import {
  computeBiasScores,
  createScratch,
  orderEvidence,
  rankTop3,
  type BiasScratch,
} from './bias-scores.js';
import {
  biasSeverityFromTop,
  customerValueOf,
  isFigure,
  riskUrgency,
  timeSensitivity,
  valueBasis,
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
  /** What the texts are about (see `chooseLead`). */
  lead: Lead;
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
  lead: LEAD.review,
  action: '',
  why: '',
});

/** The three strongest biases and the bias severity they give. */
function rankBiases(_r: CustomerRecord, s: InsightScratch): void {
  const top = s.top;
  const st = s.strength;
  rankTop3(st, s.score, top);
  s.biasSeverity = round2(biasSeverityFromTop(st[top[0]!]!, st[top[1]!]!, st[top[2]!]!));
}

/** Risk urgency and the risk level. */
function measureRisk(r: CustomerRecord, s: InsightScratch): void {
  const ru = round2(riskUrgency(r));
  s.riskUrgency = ru;
  s.risk = riskLevelOf(ru);
}

/** Time sensitivity, from the ages of the recent events. */
function measureTimeSensitivity(r: CustomerRecord, s: InsightScratch): void {
  s.timeSensitivity = round2(timeSensitivity(r));
}

/** Customer value and what it is based on. */
function measureValue(r: CustomerRecord, s: InsightScratch): void {
  const hasAum = isFigure(r.aum);
  const hasRevenue = isFigure(r.revenue_12m);
  s.customerValue = round2(customerValueOf(r, hasAum, hasRevenue));
  s.basis = valueBasis(hasAum, hasRevenue);
}

/** Priority and urgency from the four measures. */
function prioritise(_r: CustomerRecord, s: InsightScratch): void {
  const ts = s.timeSensitivity;
  const ru = s.riskUrgency;
  const priority = priorityOf(s.biasSeverity, ru, ts, s.customerValue);
  s.priority = priority;
  s.urgency = urgencyOf(priority, ts, ru);
}

/** The behavioural segment. */
function assignSegment(_r: CustomerRecord, s: InsightScratch): void {
  s.segment = segmentFromStrengths(s.strength);
}

/** The bias the texts lead with (its evidence ordered) and the lead issue. */
function chooseLeadIssue(r: CustomerRecord, s: InsightScratch): void {
  const leadBias = segmentLeadBias(s.segment, s.strength, s.top[0]!);
  orderEvidence(leadBias, s);
  s.leadBias = leadBias;
  s.lead = chooseLead(r, s, leadBias, s.biasSeverity, s.riskUrgency, s.risk);
}

function writeTexts(r: CustomerRecord, s: InsightScratch): void {
  writeLeadTexts(r, s.lead, s.leadBias, s, s);
}

/**
 * The steps of an insight, in order; each reads what the earlier ones wrote to the scratch.
 * They share one call site on purpose, as the bias formulas do: V8 then optimises each step on
 * its own and inlines its helpers (ramps, roundings) within its own budget, where one function
 * holding them all would leave some as calls that box every number they pass. Numbers go from
 * step to step through the scratch, so nothing is boxed between them either.
 */
const STEPS: readonly ((r: CustomerRecord, s: InsightScratch) => void)[] = [
  computeBiasScores,
  rankBiases,
  measureRisk,
  measureTimeSensitivity,
  measureValue,
  prioritise,
  assignSegment,
  chooseLeadIssue,
  writeTexts,
];

/** Computes the whole insight of a row into the scratch; only the lead bias's evidence is ordered. */
export function computeInsight(r: CustomerRecord, s: InsightScratch): void {
  for (let i = 0; i < STEPS.length; i++) STEPS[i]!(r, s);
}
