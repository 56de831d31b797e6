import type {
  CompactCustomerInsights,
  CustomerInsights,
  CustomerRecord,
  TopBias,
} from '@behavio/contract';
import {
  biasSeverity,
  customerValue,
  customerValueBasis,
  riskUrgency,
  timeSensitivity,
} from './breakdown.js';
import { biasScore, evaluateBiases, topThree, withEvidence, type BiasResult } from './evaluate.js';
import { round2 } from './math.js';
import { priorityScore, riskLevel, urgencyLevel } from './priority.js';
import { assignSegment } from './segment.js';
import { chooseLead, freshEvent, leadTexts, riskAside } from './texts.js';
import { MODEL_VERSION } from './version.js';

/**
 * Scoring one customer, top to bottom in the order of docs/insights-model.md: the biases (§4-§6),
 * the breakdown (§7), priority, urgency and risk level (§8), the segment (§9) and the texts
 * (§10). Pure and deterministic: the same row always gives the same insights.
 */
function evaluateCustomer(r: CustomerRecord) {
  const biases = evaluateBiases(r);
  const top = topThree(biases);
  const breakdown = {
    bias_severity: round2(biasSeverity(top[0]!.strength, top[1]!.strength, top[2]!.strength)),
    risk_urgency: round2(riskUrgency(r)),
    time_sensitivity: round2(timeSensitivity(r)),
    customer_value: round2(customerValue(r)),
  };
  const priority = priorityScore(breakdown);
  const risk = riskLevel(breakdown);
  // Only the lead bias's evidence is quoted (in the texts), so only its evidence is built here.
  const leadBias = withEvidence(top[0]!, r);
  const segment = assignSegment(leadBias.bias.name, leadBias.strength);
  const leadInputs = {
    biasSeverity: breakdown.bias_severity,
    riskUrgency: breakdown.risk_urgency,
    riskLevel: risk,
    segment,
    leadBias,
  };
  const lead = chooseLead(r, leadInputs);
  const texts = leadTexts(r, lead, leadBias, {
    aside: riskAside(r, lead, leadInputs),
    event: freshEvent(r),
  });
  return {
    biases,
    top,
    rest: {
      breakdown,
      customer_value_basis: customerValueBasis(r),
      priority_score: priority,
      urgency_level: urgencyLevel(priority),
      risk_level: risk,
      segment,
      recommended_action: texts.action,
      why: texts.why,
    },
  };
}

/** The insights around the biases in the shape `toBias` gives them (top biases are the same objects). */
function insightsOf<B>(r: CustomerRecord, toBias: (b: BiasResult) => B) {
  const { biases, top, rest } = evaluateCustomer(r);
  const shaped = biases.map(toBias);
  return {
    model_version: MODEL_VERSION,
    biases: shaped,
    top_biases: top.map((b) => shaped[biases.indexOf(b)]!),
    ...rest,
  };
}

/**
 * Scores one validated customer row: every bias with its evidence, the top three biases, the
 * breakdown, priority, urgency, risk level, segment and the two texts.
 */
export const scoreCustomer = (r: CustomerRecord): CustomerInsights =>
  insightsOf(r, (b) => biasScore(b, r));

/**
 * `scoreCustomer` without the per-bias evidence (each bias is name, score and confidence), for
 * callers that store the insights: the evidence is re-derived from the stored row when needed.
 */
export const scoreCustomerCompact = (r: CustomerRecord): CompactCustomerInsights =>
  insightsOf(r, (b): TopBias => ({
    bias_name: b.bias.name,
    score: b.score,
    confidence: b.confidence,
  }));
