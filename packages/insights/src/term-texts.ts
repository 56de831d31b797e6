import type { CustomerRecord } from '@behavio/contract';
import { homeFact, type ValueFact } from './facts.js';
import { clip, roundHalfUp } from './math.js';
import { PairTextCache, TextCache } from './text-cache.js';

/**
 * The texts of a bias term: its fact phrase ("leverage at 2.4x") in the forms the recommended
 * action and the why text need, and its evidence explanation ("Leverage at 2.4x: borrowing to
 * invest ..."). All are cached per rounded figure, so building them costs a table lookup.
 */

/** Which text of a term: its fact phrase (lower or upper case, alone or followed by " and "). */
export const TEXT = {
  lower: 0,
  upper: 1,
  lowerAnd: 2,
  upperAnd: 3,
  /** The evidence explanation: "<Fact>: <reason>". */
  explanation: 4,
} as const;
export type TextKind = (typeof TEXT)[keyof typeof TEXT];

/**
 * The texts of one term for a row. `value` is the term's input value, from the scratch the row
 * was scored into. Every text is a pure function of the figures it shows.
 */
export interface TermTexts {
  get(r: CustomerRecord, value: number, kind: TextKind): string;
}

/** Texts that depend on the term's own value only: cached per rounded value. */
export class ValueTexts implements TermTexts {
  /** One cache per kind of text, indexed by TEXT. */
  readonly caches: readonly TextCache[];

  constructor(f: ValueFact, reason: string) {
    this.caches = [
      new TextCache((v) => f(v, false)),
      new TextCache((v) => f(v, true)),
      new TextCache((v) => `${f(v, false)} and `),
      new TextCache((v) => `${f(v, true)} and `),
      new TextCache((v) => f(v, true) + reason),
    ];
  }

  get(_r: CustomerRecord, value: number, kind: TextKind): string {
    return this.caches[kind]!.get(value);
  }
}

/** The second figure of a pair term as an integer key: whole tenths, -1 when negative or NaN. */
export function tenthsKey(x: number): number {
  const t = roundHalfUp(x * 10);
  return t >= 0 ? t : -1;
}

/**
 * Texts that show two figures: the term's value (keyed in whole tenths) and a second figure of
 * the row whose integer key `secondKey(r)` gives (whole tenths, or a country code index), read
 * only for the terms a text shows. `fact(a, b, first)` and `explain(a, b)` build the texts from
 * the two keys alone. A key of -1 (a figure that cannot be keyed) goes to `fallback`, which
 * builds from the row, uncached.
 */
export class PairTexts implements TermTexts {
  private readonly caches: readonly PairTextCache[];

  constructor(
    fact: (a: number, b: number, first: boolean) => string,
    explain: (a: number, b: number) => string,
    private readonly secondKey: (r: CustomerRecord) => number,
    private readonly fallback: (r: CustomerRecord, kind: TextKind) => string,
  ) {
    this.caches = [
      new PairTextCache((a, b) => fact(a, b, false)),
      new PairTextCache((a, b) => fact(a, b, true)),
      new PairTextCache((a, b) => `${fact(a, b, false)} and `),
      new PairTextCache((a, b) => `${fact(a, b, true)} and `),
      new PairTextCache(explain),
    ];
  }

  get(r: CustomerRecord, value: number, kind: TextKind): string {
    const a = tenthsKey(value);
    const b = this.secondKey(r);
    if (a < 0 || b < 0) return this.fallback(r, kind);
    return this.caches[kind]!.get(a, b);
  }
}

/**
 * Texts that show one figure, the sum of the term's value and a second figure of the row (both
 * in whole tenths, the second from `secondKey(r)`): cached per sum, since the pair would
 * multiply the distinct texts for nothing.
 */
export class SumTexts implements TermTexts {
  private readonly bySum: ValueTexts;

  constructor(
    fact: ValueFact,
    reason: string,
    private readonly secondKey: (r: CustomerRecord) => number,
    private readonly fallback: (r: CustomerRecord, kind: TextKind) => string,
  ) {
    this.bySum = new ValueTexts(fact, reason);
  }

  get(r: CustomerRecord, value: number, kind: TextKind): string {
    const a = tenthsKey(value);
    const b = this.secondKey(r);
    if (a < 0 || b < 0) return this.fallback(r, kind);
    return this.bySum.get(r, (a + b) / 10, kind);
  }
}

export const HOME_REASON = ": far more at home than the country's weight in world markets";

/** Home texts for a country code that is not three letters: built from the row, uncached. */
export function homeTextFromRow(r: CustomerRecord, kind: TextKind): string {
  const w = Math.round(clip(r.home_country_weight_pct, 0, 100) * 10) / 10;
  const fact = homeFact(r.country_iso, w);
  return kind === TEXT.explanation
    ? fact + HOME_REASON
    : kind === TEXT.lowerAnd || kind === TEXT.upperAnd
      ? `${fact} and `
      : fact;
}
