import { roundHalfUp } from './math.js';

/**
 * Memoised text for a figure. Texts in the output show figures rounded to one decimal, so a
 * text that depends on one figure is a function of that rounded figure only: the cache builds
 * it once per distinct rounded value and hands back the same immutable string afterwards. The
 * builder always receives the rounded value, never the raw one, so a cached text cannot depend
 * on which row came first. This keeps string building off the scoring hot path. Tables grow
 * with the largest figure seen, up to LIMIT tenths; larger figures are built every time. All
 * caches together keep at most MAX_CACHED_TEXTS strings (a few tens of MB at worst); past
 * that, texts are built every time. Caching never changes a text, only its cost; cached texts
 * are stored flat (see `flat`).
 */
const LIMIT = 20_000; // tenths: figures up to 1999.9 (and down to -1999.9) are cached
const INT_LIMIT = 5_000; // whole figures 0 .. 4999 are cached by value
const MAX_CACHED_TEXTS = 400_000;
let cachedTexts = 0;
const EMPTY: (string | undefined)[] = [];

/**
 * `text` as one flat string. Joining strings gives V8 a tree of the parts (a cons string), and
 * a line built from cached texts would walk every cached tree again each time it is flattened
 * (written out); a cached text is therefore stored flat, once. A JSON round trip gives back
 * exactly the same characters as a new flat string.
 */
export const flat = (text: string): string => JSON.parse(JSON.stringify(text)) as string;

export class TextCache {
  /** Whole non-negative figures (the common case: counts, days, whole percents), by value. */
  private ints: (string | undefined)[] = EMPTY;
  /** Other figures by whole tenths of their magnitude, one table per sign. */
  private pos: (string | undefined)[] = EMPTY;
  private neg: (string | undefined)[] = EMPTY;

  constructor(private readonly build: (rounded: number) => string) {}

  get(v: number): string {
    // `| 0` (the indices are whole and in range) keeps the table reads plain array loads.
    if (v >= 0 && v < this.ints.length && Math.floor(v) === v) {
      const s = this.ints[v | 0];
      if (s !== undefined) return s;
    }
    const negative = v < 0;
    const tenths = roundHalfUp((negative ? -v : v) * 10);
    const table = negative ? this.neg : this.pos;
    if (tenths < table.length) {
      const s = table[tenths | 0];
      if (s !== undefined) return s;
    }
    return this.miss(v, negative, tenths);
  }

  private miss(v: number, negative: boolean, tenths: number): string {
    const built = this.build(negative ? -tenths / 10 : tenths / 10);
    if (cachedTexts >= MAX_CACHED_TEXTS) return built;
    const text = flat(built);
    if (v >= 0 && Math.floor(v) === v && v < INT_LIMIT) {
      if (v >= this.ints.length) this.ints = grow(this.ints, v, INT_LIMIT);
      this.ints[v] = text;
      cachedTexts++;
      return text;
    }
    if (!(tenths < LIMIT)) return text; // also NaN
    let table = negative ? this.neg : this.pos;
    if (tenths >= table.length) {
      table = grow(table, tenths, LIMIT);
      if (negative) this.neg = table;
      else this.pos = table;
    }
    table[tenths] = text;
    cachedTexts++;
    return text;
  }
}

/** A copy of `table` grown to hold index `i` (doubling, at most `limit` slots). */
function grow<T>(table: (T | undefined)[], i: number, limit: number): (T | undefined)[] {
  let size = table.length === 0 ? 64 : table.length;
  while (size <= i) size *= 2;
  const grown = new Array<T | undefined>(Math.min(size, limit)).fill(undefined);
  for (let k = 0; k < table.length; k++) grown[k] = table[k];
  return grown;
}

/**
 * Memoised text for a pair of integer keys, e.g. a knowledge score and a risk profile in
 * tenths, or a weight and a country code index. Same rule as TextCache: the text must be a pure
 * function of the two keys. Keys in [0, 32768) are cached in a two-level table with one row per
 * second key, which takes few distinct values (a risk profile, a country), so the rows stay
 * short and dense; tables grow with the keys seen. Other keys are built every time.
 */
const PAIR_KEY_LIMIT = 32_768;
const NO_ROWS: ((string | undefined)[] | undefined)[] = [];
const NO_TEXTS: (string | undefined)[] = [];

export class PairTextCache {
  private rows: ((string | undefined)[] | undefined)[] = NO_ROWS;

  constructor(private readonly build: (a: number, b: number) => string) {}

  get(a: number, b: number): string {
    if (!(a >= 0 && a < PAIR_KEY_LIMIT && b >= 0 && b < PAIR_KEY_LIMIT)) return this.build(a, b);
    const row = b < this.rows.length ? this.rows[b] : undefined;
    if (row !== undefined && a < row.length) {
      const s = row[a];
      if (s !== undefined) return s;
    }
    return this.miss(a, b);
  }

  private miss(a: number, b: number): string {
    const built = this.build(a, b);
    if (cachedTexts >= MAX_CACHED_TEXTS) return built;
    const text = flat(built);
    if (b >= this.rows.length) this.rows = grow(this.rows, b, PAIR_KEY_LIMIT);
    let row = this.rows[b] ?? NO_TEXTS;
    if (a >= row.length) {
      row = grow(row, a, PAIR_KEY_LIMIT);
      this.rows[b] = row;
    }
    row[a] = text;
    cachedTexts++;
    return text;
  }
}

/**
 * Memoised text around a figure rounded to 2 decimals, the form of every number an insight
 * stores: `prefix + String(v) + suffix`, by the figure's whole hundredths. A hit is checked
 * against the exact value, so any other figure is built every time and the text is always what
 * String(v) gives. Up to `limit` hundredths: FIGURE_LIMIT (100.00, the largest score) unless
 * the figures are known to stay smaller (confidences: 1.00).
 */
const FIGURE_LIMIT = 10_000;

export class FigureTextCache {
  private readonly texts: (string | undefined)[];

  constructor(
    private readonly prefix: string,
    private readonly suffix: string,
    private readonly limit = FIGURE_LIMIT,
  ) {
    this.texts = new Array<string | undefined>(limit + 1).fill(undefined);
  }

  get(v: number): string {
    const k = roundHalfUp(v * 100);
    if (k >= 0 && k <= this.limit && k / 100 === v) {
      const s = this.texts[k | 0];
      if (s !== undefined) return s;
      const built = this.prefix + String(v) + this.suffix;
      if (cachedTexts >= MAX_CACHED_TEXTS) return built;
      const text = flat(built);
      this.texts[k | 0] = text;
      cachedTexts++;
      return text;
    }
    return this.prefix + String(v) + this.suffix;
  }
}

/**
 * The text of a score, a figure rounded to 2 decimals from 0 to 100, in two parts: `String(v)`
 * split before its decimals, then `suffix` ("12" and ".34,"). The whole numbers come from one
 * table of 101 strings and the decimals from one of 100 (per suffix): scores take ten thousand
 * values, and one cached string per value spread over the heap missed the CPU caches on most
 * rows, where the small tables stay cached; the extra join costs less. Any other figure gives
 * String(v) and the bare suffix, so the parts always join to `String(v) + suffix`.
 */
const WHOLE_TEXTS: readonly string[] = Array.from({ length: 101 }, (_, i) => flat(String(i)));

/** The figure's whole hundredths when it is a 2-decimal figure from 0 to 100, else -1. */
function scoreHundredths(v: number): number {
  const k = roundHalfUp(v * 100);
  return k >= 0 && k <= FIGURE_LIMIT && k / 100 === v ? k : -1;
}

export class ScoreTexts {
  private readonly decimals: readonly string[];

  constructor(private readonly suffix: string) {
    this.decimals = Array.from({ length: 100 }, (_, f) =>
      flat((f === 0 ? '' : String(f / 100).slice(1)) + suffix),
    );
  }

  wholePart(v: number): string {
    const k = scoreHundredths(v);
    return k < 0 ? String(v) : WHOLE_TEXTS[(k / 100) | 0]!;
  }

  decimalPart(v: number): string {
    const k = scoreHundredths(v);
    return k < 0 ? this.suffix : this.decimals[k % 100]!;
  }
}

/**
 * A figure rounded to 2 decimals from 0 to 100 as its whole hundredths (84.01 as `8401`), then
 * `suffix`, in at most two parts from small tables: `head` the hundreds ("84", empty below
 * 100) and `tail` the rest with the suffix ("01,"; "7," for 0.07). They always join to
 * `String(Math.round(v * 100)) + suffix`, also for any other figure.
 */
const HUNDREDS_TEXTS: readonly string[] = Array.from({ length: 101 }, (_, i) =>
  i === 0 ? '' : flat(String(i)),
);

export class HundredthsTexts {
  /** 0-99 as two digits, then the suffix (after a head). */
  private readonly padded: readonly string[];
  /** 0-99 as written alone, then the suffix (no head). */
  private readonly alone: readonly string[];

  constructor(private readonly suffix: string) {
    this.padded = Array.from({ length: 100 }, (_, f) => flat(String(f).padStart(2, '0') + suffix));
    this.alone = Array.from({ length: 100 }, (_, f) => flat(String(f) + suffix));
  }

  head(v: number): string {
    const k = scoreHundredths(v);
    return k < 100 ? '' : HUNDREDS_TEXTS[(k / 100) | 0]!;
  }

  tail(v: number): string {
    const k = scoreHundredths(v);
    if (k < 0) return String(Math.round(v * 100)) + this.suffix;
    return k < 100 ? this.alone[k]! : this.padded[k % 100]!;
  }
}
