import type { BiasEvidence, BiasScore, CustomerRecord } from '@behavio/contract';
import { BIASES, type Bias, type Confidence, type Term } from './biases.js';
import { clip, clip01, round2 } from './math.js';

/**
 * Evaluating the bias model (biases.ts) for one customer row: each term's points, each bias's
 * score, confidence and strength, the three strongest biases, and a bias's evidence.
 * Rules: docs/insights-model.md §3-§6.
 */

/** One term evaluated for a row. */
export interface TermResult {
  readonly term: Term;
  /** Points before rounding. */
  readonly points: number;
  /** Points rounded to 2 decimals, as the evidence shows them. */
  readonly contribution: number;
}

/**
 * One bias evaluated for a row: what ranks it. A score needs only the sum of the terms' points;
 * which terms are its evidence, and in what order, is worked out only where an output shows it
 * (`evidenceOf`): for every bias in `scoreCustomer`, for the lead bias alone in the texts.
 */
export interface BiasResult {
  readonly bias: Bias;
  /** 0-100, 2 decimals. */
  readonly score: number;
  /** Confidence before rounding, for the worked examples. */
  readonly exactConfidence: number;
  /** 0-1, 2 decimals. */
  readonly confidence: number;
  /** score x confidence, 0-100: ranks the biases and drives severity, segment and lead. */
  readonly strength: number;
}

/** The strongest bias with its evidence, which the texts quote. */
export interface LeadBias extends BiasResult {
  /** The terms that add points, largest contribution first (the model's order on ties). */
  readonly evidence: readonly TermResult[];
}

/**
 * A term's points: its points x the signal's share of full (a ramp r counts as r / 100), times
 * its scale when it has one.
 */
export function termPoints(term: Term, r: CustomerRecord): number {
  const points = (term.points / term.signal.full) * term.signal.read(r);
  return term.scale === undefined ? points : points * term.scale.read(r);
}

/** A bias's confidence before rounding: cap x (base + rise x evidence) x discount (§5). */
export function confidenceOf(c: Confidence, r: CustomerRecord): number {
  const level =
    c.evidence === undefined ? c.cap : c.cap * ((c.base ?? 0) + (c.rise ?? 0) * c.evidence.read(r));
  return c.discount?.applies(r) === true ? level * c.discount.factor : level;
}

/** A bias's score (the sum of its terms' points, clipped to 0-100), confidence and strength. */
export function evaluateBias(bias: Bias, r: CustomerRecord): BiasResult {
  const total = bias.terms.reduce((sum, term) => sum + termPoints(term, r), 0);
  const exactConfidence = confidenceOf(bias.confidence, r);
  const score = round2(clip(total, 0, 100));
  const confidence = round2(clip01(exactConfidence));
  return { bias, score, exactConfidence, confidence, strength: score * confidence };
}

/** Every term of a bias with its points, in the model's order. */
export const termResults = (bias: Bias, r: CustomerRecord): TermResult[] =>
  bias.terms.map((term): TermResult => {
    const points = termPoints(term, r);
    return { term, points, contribution: round2(points) };
  });

const byContribution = (a: TermResult, b: TermResult): number => b.contribution - a.contribution;

/** A bias's evidence: the terms that add points, largest contribution first. */
export const evidenceOf = (bias: Bias, r: CustomerRecord): TermResult[] =>
  // Array sort is stable, so equal contributions keep the model's order.
  termResults(bias, r)
    .filter((t) => t.contribution > 0)
    .sort(byContribution);

/** The lead bias with its evidence. */
export const withEvidence = (b: BiasResult, r: CustomerRecord): LeadBias => ({
  ...b,
  evidence: evidenceOf(b.bias, r),
});

/** Every bias of the row, in BIAS_NAMES order (`model`: the biases to score, BIASES by default). */
export const evaluateBiases = (r: CustomerRecord, model: readonly Bias[] = BIASES): BiasResult[] =>
  model.map((bias) => evaluateBias(bias, r));

/** Bias a ranks ahead of bias b: stronger, or as strong with a higher score. */
const ranksAhead = (a: BiasResult, b: BiasResult): number =>
  b.strength - a.strength || b.score - a.score;

/**
 * The three strongest biases: by strength, ties by the higher score, then by BIAS_NAMES order
 * (a stable sort keeps the input order).
 */
export const topThree = (biases: readonly BiasResult[]): BiasResult[] =>
  [...biases].sort(ranksAhead).slice(0, 3);

/** The evidence of a term as the output shows it. */
export const evidenceItem = (t: TermResult, r: CustomerRecord): BiasEvidence => ({
  column: t.term.column,
  value: r[t.term.column] as BiasEvidence['value'],
  contribution: t.contribution,
  explanation: explanation(t.term, r),
});

/** "<Fact>: <reason>", the evidence explanation. */
export const explanation = (term: Term, r: CustomerRecord): string =>
  term.explanation === undefined ? term.fact(r, true) + term.reason : term.explanation(r);

/** A bias as `scoreCustomer` returns it: name, score, confidence and evidence. */
export const biasScore = (b: BiasResult, r: CustomerRecord): BiasScore => ({
  bias_name: b.bias.name,
  score: b.score,
  confidence: b.confidence,
  evidence: evidenceOf(b.bias, r).map((t) => evidenceItem(t, r)),
});
