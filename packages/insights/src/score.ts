import {
  BIAS_NAMES,
  type CompactCustomerInsights,
  type CustomerInsights,
  type CustomerRecord,
  type TopBias,
} from '@behavio/contract';
import { BIAS_COUNT, buildBiases, orderEvidence } from './bias-scores.js';
import { computeInsight, createInsightScratch, type InsightScratch } from './insight.js';
import { MODEL_VERSION } from './version.js';

const S = createInsightScratch();

/**
 * Scores one validated customer row. Pure and deterministic: the same row always gives the same
 * insights, nothing is read or written, and every number is finite and in range. Numbers are
 * computed first into a reused scratch; the output objects and texts are built from them.
 */
export function scoreCustomer(record: CustomerRecord): CustomerInsights {
  const s = S;
  computeInsight(record, s);
  for (let b = 0; b < BIAS_COUNT; b++) orderEvidence(b, s);
  return assemble(s, buildBiases(s, record));
}

/**
 * `scoreCustomer` without the per-bias evidence: each bias (and top bias) is name, score and
 * confidence; every other field is identical (property-tested). Cheaper, for callers that
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
  return assemble(s, biases);
}

const compactBias = (b: number, s: InsightScratch): TopBias => ({
  bias_name: BIAS_NAMES[b]!,
  score: s.score[b]!,
  confidence: s.roundedConfidence[b]!,
});

/** The output object around `biases`, from the scratch `computeInsight` filled for the row. */
function assemble<B>(s: InsightScratch, biases: B[]) {
  return {
    model_version: MODEL_VERSION,
    biases,
    top_biases: [biases[s.top[0]!]!, biases[s.top[1]!]!, biases[s.top[2]!]!],
    breakdown: {
      bias_severity: s.biasSeverity,
      risk_urgency: s.riskUrgency,
      time_sensitivity: s.timeSensitivity,
      customer_value: s.customerValue,
    },
    customer_value_basis: s.basis,
    priority_score: s.priority,
    urgency_level: s.urgency,
    risk_level: s.risk,
    segment: s.segment,
    recommended_action: s.action,
    why: s.why,
  };
}
