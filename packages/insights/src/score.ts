import {
  BIAS_NAMES,
  type CompactCustomerInsights,
  type CustomerInsights,
  type CustomerRecord,
  type TopBias,
} from '@behavio/contract';
import { chooseLead, recommendedAction, whyText } from './actions.js';
import {
  buildBiases,
  computeBiases,
  createScratch,
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
import { MODEL_VERSION } from './version.js';

/** The bias scratch plus the row-level numbers: top three, breakdown and priority. */
interface InsightScratch extends BiasScratch {
  readonly top: Int32Array;
  /** bias_severity, risk_urgency, time_sensitivity, customer_value, priority_score (rounded). */
  readonly measures: Float64Array;
}

const S: InsightScratch = {
  ...createScratch(),
  top: new Int32Array(3),
  measures: new Float64Array(5),
};

/** Every number of the insight for a row, into the scratch (no allocation). */
function computeInsight(r: CustomerRecord, s: InsightScratch): void {
  computeBiases(r, s);
  rankTop3(s.strength, s.score, s.top);
  const st = s.strength;
  const bs = round2(biasSeverityFromTop(st[s.top[0]!]!, st[s.top[1]!]!, st[s.top[2]!]!));
  const ru = round2(riskUrgency(r));
  const ts = round2(timeSensitivity(r));
  const cv = round2(customerValue(r));
  const m = s.measures;
  m[0] = bs;
  m[1] = ru;
  m[2] = ts;
  m[3] = cv;
  m[4] = priorityOf(bs, ru, ts, cv);
}

/**
 * Scores one validated customer row. Pure and deterministic: the same row always gives the same
 * insights, nothing is read or written, and every number is finite and in range. Numbers are
 * computed first into a reused scratch; the output objects and texts are built from them.
 */
export function scoreCustomer(record: CustomerRecord): CustomerInsights {
  const s = S;
  computeInsight(record, s);
  return assemble(record, s, buildBiases(s, record));
}

/**
 * `scoreCustomer` without the per-bias evidence: each bias (and top bias) is name, score and
 * confidence; every other field is identical (property-tested). Cheaper, for bulk imports that
 * store the insights and re-derive the evidence only when someone opens a customer.
 */
export function scoreCustomerCompact(record: CustomerRecord): CompactCustomerInsights {
  const s = S;
  computeInsight(record, s);
  const biases = [
    compactBias(0, s),
    compactBias(1, s),
    compactBias(2, s),
    compactBias(3, s),
    compactBias(4, s),
    compactBias(5, s),
    compactBias(6, s),
    compactBias(7, s),
    compactBias(8, s),
  ];
  return assemble(record, s, biases);
}

const compactBias = (b: number, s: InsightScratch): TopBias => ({
  bias_name: BIAS_NAMES[b]!,
  score: s.score[b]!,
  confidence: s.roundedConfidence[b]!,
});

/** Everything but the biases, from the scratch `computeInsight` filled for the row. */
function assemble<B>(record: CustomerRecord, s: InsightScratch, biases: B[]) {
  const i0 = s.top[0]!;
  const m = s.measures;
  const bs = m[0]!;
  const ru = m[1]!;
  const ts = m[2]!;
  const priority = m[4]!;
  const risk = riskLevelOf(ru);
  const segment = segmentFromStrengths(s.strength);
  const leadBias = segmentLeadBias(segment, s.strength, i0);
  const lead = chooseLead(record, s, leadBias, bs, ru, risk);
  return {
    model_version: MODEL_VERSION,
    biases,
    top_biases: [biases[i0]!, biases[s.top[1]!]!, biases[s.top[2]!]!],
    breakdown: {
      bias_severity: bs,
      risk_urgency: ru,
      time_sensitivity: ts,
      customer_value: m[3]!,
    },
    customer_value_basis: customerValueBasis(record),
    priority_score: priority,
    urgency_level: urgencyOf(priority, ts, ru),
    risk_level: risk,
    segment,
    recommended_action: recommendedAction(record, lead, leadBias, s),
    why: whyText(record, lead, leadBias, s),
  };
}
