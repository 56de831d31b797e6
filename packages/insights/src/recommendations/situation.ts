import { BIAS_NAMES, type BiasName, type CustomerRecord, type TopBias } from '@behavio/contract';

/**
 * What the recommendation model knows about one customer: their own figures from the file and
 * the strength of each bias the bias engine scored (score x confidence, 0-100, the engine's
 * documented measure). Nothing else of the engine is read.
 */
export interface Situation {
  readonly customer: CustomerRecord;
  /** score x confidence of each bias, 0 when the engine did not report it. */
  readonly strength: Readonly<Record<BiasName, number>>;
  /** The reported score of each bias, 0-100. */
  readonly score: Readonly<Record<BiasName, number>>;
}

/** The bias engine's public output the model reads: name, score and confidence of each bias. */
export type BiasReading = Pick<TopBias, 'bias_name' | 'score' | 'confidence'>;

export function situationOf(customer: CustomerRecord, biases: readonly BiasReading[]): Situation {
  const none = () =>
    Object.fromEntries(BIAS_NAMES.map((name) => [name, 0])) as Record<BiasName, number>;
  const strength = none();
  const score = none();
  for (const b of biases) {
    strength[b.bias_name] = b.score * b.confidence;
    score[b.bias_name] = b.score;
  }
  return { customer, strength, score };
}

/** 0 at or before `from`, 1 at or beyond `to`, linear between (falling when `to < from`). */
export function ramp(x: number, from: number, to: number): number {
  const t = (x - from) / (to - from);
  return t <= 0 ? 0 : t >= 1 ? 1 : t;
}

/** `x / full`, capped to 0-1: how much of a bias strength counts, full at `full`. */
export const upTo = (x: number, full: number): number => ramp(x, 0, full);

export const round2 = (x: number): number => Math.round(x * 100) / 100;

/** A figure as the texts show it: at most one decimal, no trailing ".0". */
export function figure(x: number): string {
  return String(Math.round(x * 10) / 10);
}

/** A figure a rule is checked against: up to 4 decimals, so a near miss never reads as equal. */
export function precise(x: number): string {
  return String(Math.round(x * 10_000) / 10_000);
}

/** An amount (AUM) with thousands separators and up to 2 decimals, whatever the runtime's locale. */
export function amount(x: number): string {
  const [whole = '0', cents] = String(Math.round(x * 100) / 100).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return cents ? `${grouped}.${cents}` : grouped;
}
