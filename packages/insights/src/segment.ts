import type { BiasScore, Segment } from '@behavio/contract';
import { BIAS_INDEX, biasStrength } from './bias-scores.js';
import { round2 } from './math.js';

/**
 * Behavioural segment from bias strengths s = score x confidence (0-100), after Pompian's
 * behavioural investor types. Formulas and tie rule: docs/insights-model.md §7.
 */

/** Below this segment score no pattern is strong enough and the customer is balanced. */
export const SEGMENT_THRESHOLD = 35;

/** Segments in tie-break precedence: the one with the larger potential for harm first. */
export const SEGMENT_PRECEDENCE = [
  'overconfident',
  'herd_followers',
  'anchored',
  'risk_averse',
] as const;

export type SegmentScores = Record<(typeof SEGMENT_PRECEDENCE)[number], number>;

/** overconfident = s(overconfidence). */
export const overconfidentScore = (s: ArrayLike<number>): number =>
  round2(s[BIAS_INDEX.overconfidence]!);
/** herd_followers = s(herding). */
export const herdFollowersScore = (s: ArrayLike<number>): number => round2(s[BIAS_INDEX.herding]!);
/** anchored = 0.7 s(anchoring) + 0.3 s(disposition effect): both reference-point biases. */
export const anchoredScore = (s: ArrayLike<number>): number =>
  round2(0.7 * s[BIAS_INDEX.anchoring]! + 0.3 * s[BIAS_INDEX.disposition_effect]!);
/**
 * risk_averse = 0.7 s(risk aversion) + 0.15 s(loss aversion) + 0.15 s(status quo): Pompian's
 * Preserver. The defining bias carries 0.7, as anchoring does for anchored, so a plainly
 * cautious customer (60% cash, risk profile 1) needs no loss sales or idleness to be one.
 */
export const riskAverseScore = (s: ArrayLike<number>): number =>
  round2(
    0.7 * s[BIAS_INDEX.risk_aversion]! +
      0.15 * s[BIAS_INDEX.loss_aversion]! +
      0.15 * s[BIAS_INDEX.status_quo]!,
  );

/** The four segment scores from the bias strengths (in BIAS_NAMES order). */
export function segmentScoresFromStrengths(s: ArrayLike<number>): SegmentScores {
  return {
    overconfident: overconfidentScore(s),
    herd_followers: herdFollowersScore(s),
    anchored: anchoredScore(s),
    risk_averse: riskAverseScore(s),
  };
}

/**
 * The segment with the highest score (2 decimals); a tie goes to the earlier segment in
 * SEGMENT_PRECEDENCE. Balanced when the highest score is below SEGMENT_THRESHOLD.
 */
export function segmentFromStrengths(s: ArrayLike<number>): Segment {
  let best: Segment = 'overconfident';
  let top = overconfidentScore(s);
  const herd = herdFollowersScore(s);
  if (herd > top) {
    best = 'herd_followers';
    top = herd;
  }
  const anchored = anchoredScore(s);
  if (anchored > top) {
    best = 'anchored';
    top = anchored;
  }
  const averse = riskAverseScore(s);
  if (averse > top) {
    best = 'risk_averse';
    top = averse;
  }
  return top < SEGMENT_THRESHOLD ? 'balanced' : best;
}

/** Segment scores of scored biases (in BIAS_NAMES order, as `scoreBiases` returns them). */
export const segmentScores = (biases: readonly BiasScore[]): SegmentScores =>
  segmentScoresFromStrengths(biases.map(biasStrength));

/** Segment of scored biases (in BIAS_NAMES order, as `scoreBiases` returns them). */
export const assignSegment = (biases: readonly BiasScore[]): Segment =>
  segmentFromStrengths(biases.map(biasStrength));

/**
 * The bias the texts lead with for a segment: the segment's own bias (for anchored the stronger
 * of anchoring and disposition effect; for risk_averse the strongest of risk aversion, loss
 * aversion and status quo; ties to the first named), or the strongest bias overall (`top`) for
 * balanced. Keeps the recommended action consistent with the segment the RM sees.
 */
export function segmentLeadBias(segment: Segment, s: ArrayLike<number>, top: number): number {
  switch (segment) {
    case 'overconfident':
      return BIAS_INDEX.overconfidence;
    case 'herd_followers':
      return BIAS_INDEX.herding;
    case 'anchored':
      return strongest(s, BIAS_INDEX.anchoring, BIAS_INDEX.disposition_effect, -1);
    case 'risk_averse':
      return strongest(
        s,
        BIAS_INDEX.risk_aversion,
        BIAS_INDEX.loss_aversion,
        BIAS_INDEX.status_quo,
      );
    case 'balanced':
      return top;
  }
}

function strongest(s: ArrayLike<number>, a: number, b: number, c: number): number {
  let best = a;
  if (s[b]! > s[best]!) best = b;
  if (c >= 0 && s[c]! > s[best]!) best = c;
  return best;
}
