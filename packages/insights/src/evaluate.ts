import type { BiasEvidence, BiasName, BiasScore, CustomerRecord } from '@behavio/contract';
import { BIASES, type Bias, type Term } from './biases.js';
import { clip, clip01, round2 } from './math.js';

/**
 * Evaluating the bias model (biases.ts) for one customer row: each term's points, each bias's
 * score, confidence and strength, its evidence, and the three strongest biases.
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

/** One bias evaluated for a row. */
export interface BiasResult {
  readonly bias: Bias;
  /** Every term, in the model's order. */
  readonly terms: readonly TermResult[];
  /** The terms that add points, largest contribution first (the model's order on ties). */
  readonly evidence: readonly TermResult[];
  /** 0-100, 2 decimals. */
  readonly score: number;
  /** Confidence before rounding, for the worked examples. */
  readonly exactConfidence: number;
  /** 0-1, 2 decimals. */
  readonly confidence: number;
  /** score x confidence, 0-100: ranks the biases and drives severity, segment and lead. */
  readonly strength: number;
}

/** A term's points: weight x signal, times its scale when it has one. */
export function termPoints(term: Term, r: CustomerRecord): number {
  const points = term.weight * term.signal(r);
  return term.scale === undefined ? points : points * term.scale(r);
}

const byContribution = (a: TermResult, b: TermResult): number => b.contribution - a.contribution;

export function evaluateBias(bias: Bias, r: CustomerRecord): BiasResult {
  const terms = bias.terms.map((term): TermResult => {
    const points = termPoints(term, r);
    return { term, points, contribution: round2(points) };
  });
  const total = terms.reduce((sum, t) => sum + t.points, 0);
  const exactConfidence = bias.confidence(r);
  const score = round2(clip(total, 0, 100));
  const confidence = round2(clip01(exactConfidence));
  return {
    bias,
    terms,
    // Array sort is stable, so equal contributions keep the model's order.
    evidence: terms.filter((t) => t.contribution > 0).sort(byContribution),
    score,
    exactConfidence,
    confidence,
    strength: score * confidence,
  };
}

/** Every bias of the row, in BIAS_NAMES order (`model`: the biases to score, BIASES by default). */
export const evaluateBiases = (r: CustomerRecord, model: readonly Bias[] = BIASES): BiasResult[] =>
  model.map((bias) => evaluateBias(bias, r));

/** The evaluated bias of that name (from `evaluateBiases`). */
export function biasNamed(biases: readonly BiasResult[], name: BiasName): BiasResult {
  const found = biases.find((b) => b.bias.name === name);
  if (found === undefined) throw new Error(`no bias ${name}`);
  return found;
}

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
  evidence: b.evidence.map((t) => evidenceItem(t, r)),
});
