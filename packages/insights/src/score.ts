import type {
  BiasName,
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
import { biasNamed, biasScore, evaluateBiases, topThree, type BiasResult } from './evaluate.js';
import { round2 } from './math.js';
import { priorityScore, riskLevel, urgencyLevel } from './priority.js';
import { assignSegment, segmentLeadBias, type Strengths } from './segment.js';
import { chooseLead, leadTexts } from './texts.js';
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
  const strengths = Object.fromEntries(biases.map((b) => [b.bias.name, b.strength])) as Record<
    BiasName,
    number
  > satisfies Strengths;
  const segment = assignSegment(strengths);
  const leadBias = biasNamed(biases, segmentLeadBias(segment, strengths, top[0]!.bias.name));
  const lead = chooseLead(r, {
    biasSeverity: breakdown.bias_severity,
    riskUrgency: breakdown.risk_urgency,
    riskLevel: risk,
    leadBias,
  });
  const texts = leadTexts(r, lead, leadBias);
  return {
    biases,
    top,
    rest: {
      breakdown,
      customer_value_basis: customerValueBasis(r),
      priority_score: priority,
      urgency_level: urgencyLevel(priority, breakdown),
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
  const shaped = new Map(biases.map((b) => [b, toBias(b)]));
  return {
    model_version: MODEL_VERSION,
    biases: biases.map((b) => shaped.get(b)!),
    top_biases: top.map((b) => shaped.get(b)!),
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
