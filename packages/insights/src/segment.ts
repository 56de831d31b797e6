import type { BiasName, Segment } from '@behavio/contract';
import { round2 } from './math.js';

/**
 * Behavioural segment from bias strengths s = score x confidence (0-100), after Pompian's
 * behavioural investor types. Formulas and tie rule: docs/insights-model.md §9.
 */

/** Below this segment score no pattern is strong enough and the customer is balanced. */
export const SEGMENT_THRESHOLD = 35;

/** The strength of each bias. */
export type Strengths = Readonly<Record<BiasName, number>>;

/**
 * Each segment's score and the biases its lead bias is chosen from, in tie-break precedence:
 * the segment with the larger potential for harm first.
 */
export const SEGMENTS = [
  { name: 'overconfident', score: (s: Strengths) => s.overconfidence, biases: ['overconfidence'] },
  { name: 'herd_followers', score: (s: Strengths) => s.herding, biases: ['herding'] },
  {
    // Both reference-point biases.
    name: 'anchored',
    score: (s: Strengths) => 0.7 * s.anchoring + 0.3 * s.disposition_effect,
    biases: ['anchoring', 'disposition_effect'],
  },
  {
    // Pompian's Preserver. The defining bias carries 0.7, as anchoring does for anchored, so a
    // plainly cautious customer (60% cash, risk profile 1) needs no loss sales or idleness.
    name: 'risk_averse',
    score: (s: Strengths) => 0.7 * s.risk_aversion + 0.15 * s.loss_aversion + 0.15 * s.status_quo,
    biases: ['risk_aversion', 'loss_aversion', 'status_quo'],
  },
] as const satisfies readonly {
  name: Exclude<Segment, 'balanced'>;
  score: (s: Strengths) => number;
  biases: readonly BiasName[];
}[];

export type SegmentName = (typeof SEGMENTS)[number]['name'];

export type SegmentScores = Record<SegmentName, number>;

/** The four segment scores, rounded to 2 decimals. */
export const segmentScores = (s: Strengths): SegmentScores =>
  Object.fromEntries(SEGMENTS.map((g) => [g.name, round2(g.score(s))])) as SegmentScores;

/**
 * The segment with the highest score (2 decimals); a tie goes to the earlier segment in
 * SEGMENTS. Balanced when the highest score is below SEGMENT_THRESHOLD.
 */
export function assignSegment(s: Strengths): Segment {
  let best: SegmentName = SEGMENTS[0].name;
  let top = round2(SEGMENTS[0].score(s));
  for (const segment of SEGMENTS) {
    const score = round2(segment.score(s));
    if (score > top) {
      best = segment.name;
      top = score;
    }
  }
  return top < SEGMENT_THRESHOLD ? 'balanced' : best;
}

/**
 * The bias the texts lead with for a segment: the strongest of the segment's biases (ties to
 * the first named), or `strongest` (the strongest bias overall) for balanced. Keeps the
 * recommended action consistent with the segment the RM sees.
 */
export function segmentLeadBias(segment: Segment, s: Strengths, strongest: BiasName): BiasName {
  const own = SEGMENTS.find((g) => g.name === segment);
  if (own === undefined) return strongest;
  let lead: BiasName = own.biases[0];
  for (const name of own.biases) if (s[name] > s[lead]) lead = name;
  return lead;
}
