import type {
  BiasName,
  Breakdown,
  CustomerRecord,
  CustomerValueBasis,
  RiskLevel,
  Segment,
  TopBias,
  UrgencyLevel,
} from '@behavio/contract';
import {
  biasSeverity,
  customerValue,
  customerValueBasis,
  riskUrgency,
  timeSensitivity,
} from './breakdown.js';
import { evaluateBiases, topThree, withEvidence, type BiasResult } from './evaluate.js';
import { round2 } from './math.js';
import { priorityScore, riskLevel, urgencyLevel } from './priority.js';
import { assignSegment } from './segment.js';
import {
  chooseLead,
  freshEvent,
  riskAside,
  type FreshEvent,
  type Lead,
  type RiskLead,
} from './lead.js';
import { MODEL_VERSION } from './version.js';

/**
 * The numbers of a customer, top to bottom in the order of docs/insights-model.md: the biases
 * (§4-§6), the breakdown (§7), priority, urgency and risk level (§8), the segment (§9), and what
 * the texts will say (§10), as names and figures with no words. The words are written from
 * these numbers and the row by `writeTexts` (texts.ts); `scoreCustomer` composes the two.
 */

/** What the recommended action and the `why` text say, without the words (§10). */
export interface TextPlan {
  /** The lead issue: one of the four risk signals, the lead bias, or a routine review. */
  readonly lead: Lead;
  /** The lead bias (top_biases[0]). */
  readonly lead_bias: BiasName;
  /** The names of its two largest terms of evidence, largest first (none: no evidence). */
  readonly lead_terms: readonly string[];
  /** An acute risk outside the segment's story that a bias-led action names, or null. */
  readonly aside: RiskLead | null;
  /** The column of a fresh event the action names, or null. */
  readonly event: FreshEvent | null;
}

/** Everything the model derives from a row except the words. */
export interface CustomerNumbers {
  readonly model_version: string;
  /** Every bias, in BIAS_NAMES order: name, score, confidence. */
  readonly biases: readonly TopBias[];
  /** The three strongest, by score x confidence (the same objects as in `biases`). */
  readonly top_biases: readonly TopBias[];
  readonly breakdown: Breakdown;
  readonly customer_value_basis: CustomerValueBasis;
  readonly priority_score: number;
  readonly urgency_level: UrgencyLevel;
  readonly risk_level: RiskLevel;
  readonly segment: Segment;
  readonly texts: TextPlan;
}

/** The four breakdown measures (§7), from the three strongest biases and the row. */
export const breakdownOf = (r: CustomerRecord, top: readonly BiasResult[]): Breakdown => ({
  bias_severity: round2(biasSeverity(top[0]!.strength, top[1]!.strength, top[2]!.strength)),
  risk_urgency: round2(riskUrgency(r)),
  time_sensitivity: round2(timeSensitivity(r)),
  customer_value: round2(customerValue(r)),
});

/** A bias as the numbers carry it: name, score and confidence. */
export const topBias = (b: BiasResult): TopBias => ({
  bias_name: b.bias.name,
  score: b.score,
  confidence: b.confidence,
});

/** The numbers of one customer row. Pure and deterministic. */
export function customerNumbers(r: CustomerRecord): CustomerNumbers {
  const evaluated = evaluateBiases(r);
  const top = topThree(evaluated);
  const breakdown = breakdownOf(r, top);
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
  const biases = evaluated.map(topBias);
  return {
    model_version: MODEL_VERSION,
    biases,
    top_biases: top.map((b) => biases[evaluated.indexOf(b)]!),
    breakdown,
    customer_value_basis: customerValueBasis(r),
    priority_score: priority,
    urgency_level: urgencyLevel(priority),
    risk_level: risk,
    segment,
    texts: {
      lead,
      lead_bias: leadBias.bias.name,
      lead_terms: leadBias.evidence.slice(0, 2).map((t) => t.term.name),
      aside: riskAside(r, lead, leadInputs),
      event: freshEvent(r),
    },
  };
}
