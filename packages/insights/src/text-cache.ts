/**
 * Memoised text for a figure. Texts in the output show figures rounded to one decimal, so a
 * text that depends on one figure is a function of that rounded figure only: the cache builds
 * it once per distinct rounded value and hands back the same immutable string afterwards. The
 * builder always receives the rounded value, never the raw one, so a cached text cannot depend
 * on which row came first. This keeps string building off the scoring hot path. Tables grow
 * with the largest figure seen, up to LIMIT tenths; larger figures are built every time. All
 * caches together keep at most MAX_CACHED_TEXTS strings (a few tens of MB at worst); past
 * that, texts are built every time. Caching never changes a text, only its cost.
 */
const LIMIT = 20_000; // tenths: figures up to 1999.9 (and down to -1999.9) are cached
const INT_LIMIT = 5_000; // whole figures 0 .. 4999 are cached by value
const MAX_CACHED_TEXTS = 400_000;
let cachedTexts = 0;
const EMPTY: (string | undefined)[] = [];

export class TextCache {
  /** Whole non-negative figures (the common case: counts, days, whole percents), by value. */
  private ints: (string | undefined)[] = EMPTY;
  /** Other figures by whole tenths of their magnitude, one table per sign. */
  private pos: (string | undefined)[] = EMPTY;
  private neg: (string | undefined)[] = EMPTY;

  constructor(private readonly build: (rounded: number) => string) {}

  get(v: number): string {
    if (v >= 0 && v < this.ints.length && Math.floor(v) === v) {
      const s = this.ints[v];
      if (s !== undefined) return s;
    }
    const negative = v < 0;
    const tenths = Math.round((negative ? -v : v) * 10);
    const table = negative ? this.neg : this.pos;
    if (tenths < table.length) {
      const s = table[tenths];
      if (s !== undefined) return s;
    }
    return this.miss(v, negative, tenths);
  }

  private miss(v: number, negative: boolean, tenths: number): string {
    const text = this.build(negative ? -tenths / 10 : tenths / 10);
    if (cachedTexts >= MAX_CACHED_TEXTS) return text;
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
 * tenths, or a country code index and a weight. Same rule as TextCache: the text must be a pure
 * function of the two keys. Keys in [0, 32768) are cached in a two-level table that grows with
 * the keys seen; other keys are built every time.
 */
const PAIR_KEY_LIMIT = 32_768;
const NO_ROWS: ((string | undefined)[] | undefined)[] = [];
const NO_TEXTS: (string | undefined)[] = [];

export class PairTextCache {
  private rows: ((string | undefined)[] | undefined)[] = NO_ROWS;

  constructor(private readonly build: (a: number, b: number) => string) {}

  get(a: number, b: number): string {
    if (!(a >= 0 && a < PAIR_KEY_LIMIT && b >= 0 && b < PAIR_KEY_LIMIT)) return this.build(a, b);
    const row = a < this.rows.length ? this.rows[a] : undefined;
    if (row !== undefined && b < row.length) {
      const s = row[b];
      if (s !== undefined) return s;
    }
    return this.miss(a, b);
  }

  private miss(a: number, b: number): string {
    const text = this.build(a, b);
    if (cachedTexts >= MAX_CACHED_TEXTS) return text;
    if (a >= this.rows.length) this.rows = grow(this.rows, a, PAIR_KEY_LIMIT);
    let row = this.rows[a] ?? NO_TEXTS;
    if (b >= row.length) {
      row = grow(row, b, PAIR_KEY_LIMIT);
      this.rows[a] = row;
    }
    row[b] = text;
    cachedTexts++;
    return text;
  }
}
