import type {
  BiasScore,
  CompactCustomerInsights,
  CustomerInsights,
  CustomerRecord,
  TopBias,
} from '@behavio/contract';
import { BIASES } from './biases.js';
import { evidenceItem, evidenceOf } from './evaluate.js';
import { customerNumbers, type CustomerNumbers } from './numbers.js';
import { writeTexts, type CustomerTexts } from './texts.js';

/**
 * A customer's insights: its numbers (numbers.ts), then the words written from them (texts.ts).
 * Pure and deterministic: the same row always gives the same insights.
 */

/** The insights of a row from its numbers and words, with each bias as `toBias` shapes it. */
function insightsOf<B>(n: CustomerNumbers, words: CustomerTexts, toBias: (b: TopBias) => B) {
  const shaped = n.biases.map(toBias);
  return {
    model_version: n.model_version,
    biases: shaped,
    top_biases: n.top_biases.map((b) => shaped[n.biases.indexOf(b)]!),
    breakdown: n.breakdown,
    customer_value_basis: n.customer_value_basis,
    priority_score: n.priority_score,
    urgency_level: n.urgency_level,
    risk_level: n.risk_level,
    segment: n.segment,
    recommended_action: words.recommended_action,
    why: words.why,
  };
}

const BIAS_BY_NAME = new Map(BIASES.map((b) => [b.name, b]));

/** A bias with its evidence, in the words of each term (§6). */
const withEvidenceItems =
  (r: CustomerRecord) =>
  (b: TopBias): BiasScore => ({
    bias_name: b.bias_name,
    score: b.score,
    confidence: b.confidence,
    evidence: evidenceOf(BIAS_BY_NAME.get(b.bias_name)!, r).map((t) => evidenceItem(t, r)),
  });

/** The compact insights (no per-bias evidence) of a row from its numbers: numbers, then words. */
export const insightsFromNumbers = (
  r: CustomerRecord,
  n: CustomerNumbers,
): CompactCustomerInsights => insightsOf(n, writeTexts(r, n), (b) => b);

/**
 * Scores one validated customer row: every bias with its evidence, the top three biases, the
 * breakdown, priority, urgency, risk level, segment and the two texts.
 */
export function scoreCustomer(r: CustomerRecord): CustomerInsights {
  const n = customerNumbers(r);
  return insightsOf(n, writeTexts(r, n), withEvidenceItems(r));
}

/**
 * `scoreCustomer` without the per-bias evidence (each bias is name, score and confidence), for
 * callers that store the insights: the evidence is re-derived from the stored row when needed.
 */
export const scoreCustomerCompact = (r: CustomerRecord): CompactCustomerInsights =>
  insightsFromNumbers(r, customerNumbers(r));
