import type { BiasName, Segment } from '@behavio/contract';

/**
 * Behavioural segment: the segment of the strongest bias, after Pompian's behavioural investor
 * types, so that the segment, the first top bias and the recommended action tell one story.
 * Rules and reasons: docs/insights-model.md §9.
 */

/**
 * A bias at or above this strength (score x confidence, e.g. a score of 50 at 70% confidence)
 * is strong: it places the customer in its segment and leads the texts. Below it the customer
 * is balanced.
 */
export const STRONG_BIAS_STRENGTH = 35;

/**
 * The segment each bias belongs to. The spec's four behavioural segments, read as Pompian's
 * types: overconfident (Accumulator), herd_followers (Follower), anchored (reference points:
 * anchoring and the disposition effect, both judged against the purchase price) and
 * risk_averse (Preserver: loss aversion, status quo and mental accounting are Pompian's
 * Preserver biases; home bias is the preference for the familiar market that feels safer).
 */
export const BIAS_SEGMENT = {
  overconfidence: 'overconfident',
  herding: 'herd_followers',
  anchoring: 'anchored',
  disposition_effect: 'anchored',
  risk_aversion: 'risk_averse',
  loss_aversion: 'risk_averse',
  status_quo: 'risk_averse',
  home_bias: 'risk_averse',
  mental_accounting: 'risk_averse',
} as const satisfies Record<BiasName, Exclude<Segment, 'balanced'>>;

/**
 * The segment of the strongest bias (`strongest`, top_biases[0], with its strength), or
 * balanced when even the strongest bias is below STRONG_BIAS_STRENGTH.
 */
export const assignSegment = (strongest: BiasName, strength: number): Segment =>
  strength >= STRONG_BIAS_STRENGTH ? BIAS_SEGMENT[strongest] : 'balanced';
