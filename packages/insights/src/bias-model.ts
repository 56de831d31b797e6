import type { BiasName, CustomerColumnName, CustomerRecord } from '@behavio/contract';
import type { Signal } from './signals.js';

/**
 * The shape of the bias table (biases.ts): a bias, its terms and its confidence. Every number
 * of a bias is a field of these; the words (fact, reason, label, description, step, opening)
 * sit beside them.
 */

export interface Term {
  /** The term's name, as in the model doc's table. */
  readonly name: string;
  /** The input column the evidence names and whose value it shows. */
  readonly column: CustomerColumnName;
  /** Points of a full signal (every term, every bias: points). Negative: a penalty. */
  readonly points: number;
  /** How much of the term the row shows (signals.ts: a ramp, a level, a share, ...). */
  readonly signal: Signal;
  /** A 0-1 factor that scales the term (a decay, a gate), when it has one. */
  readonly scale?: Signal;
  /** What the term says about this customer, with their figures ("leverage at 2.4x"). */
  readonly fact: (r: CustomerRecord, first: boolean) => string;
  /** Why that counts towards the bias, in plain words for the RM (starts with ": "). */
  readonly reason: string;
  /** The evidence explanation when it says more than `fact(r, true) + reason`. */
  readonly explanation?: (r: CustomerRecord) => string;
}

/**
 * How much evidence stands behind a bias's score (§5): `cap x (base + rise x evidence)`, times
 * `discount.factor` when the discount applies; `cap` alone when there is no evidence signal.
 */
export interface Confidence {
  readonly cap: number;
  readonly base?: number;
  readonly rise?: number;
  readonly evidence?: Signal;
  readonly discount?: {
    readonly factor: number;
    readonly label: string;
    readonly applies: (r: CustomerRecord) => boolean;
  };
}

export interface Bias {
  readonly name: BiasName;
  readonly terms: readonly Term[];
  readonly confidence: Confidence;
  /** The bias in words ("loss aversion"). */
  readonly label: string;
  /** What the bias looks like in a customer's figures: the web's tooltip of the bias. */
  readonly description: string;
  /** The step the RM should take when the bias leads, after Pompian (§10). */
  readonly step: string;
  /** Opening of the `why` text when the bias leads, in words a customer can hear. */
  readonly opening: string;
}
