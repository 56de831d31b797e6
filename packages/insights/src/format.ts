/**
 * Number formatting for the generated text. Figures are shown with at most one decimal and no
 * trailing ".0" (2.4, 32, -18.5). Strings for values up to 9999.9 are cached in lookup tables
 * the first time they are needed, so the scoring hot path does not convert doubles to text for
 * every row. The cache never changes a result: `num(x)` always equals `formatPlain(x)`.
 */

const TABLE_SIZE = 100_000; // tenths: 0.0 .. 9999.9
const positive: (string | undefined)[] = new Array<string | undefined>(TABLE_SIZE);
const negative: (string | undefined)[] = new Array<string | undefined>(TABLE_SIZE);

/** The uncached definition: round to one decimal, drop a trailing ".0", no "-0". */
export function formatPlain(x: number): string {
  if (!Number.isFinite(x)) return '0';
  const tenths = Math.round(Math.abs(x) * 10);
  if (tenths === 0) return '0';
  const whole = Math.floor(tenths / 10);
  const frac = tenths - whole * 10;
  const body = frac === 0 ? `${whole}` : `${whole}.${frac}`;
  return x < 0 ? `-${body}` : body;
}

/** A figure with at most one decimal: 2.4, 32, -18.5. */
export function num(x: number): string {
  const tenths = Math.round((x < 0 ? -x : x) * 10);
  if (tenths < TABLE_SIZE) {
    if (tenths === 0) return '0';
    const table = x < 0 ? negative : positive;
    const cached = table[tenths];
    if (cached !== undefined) return cached;
    const s = formatPlain(x);
    table[tenths] = s;
    return s;
  }
  return formatPlain(x);
}

/** A figure with an explicit sign for positive values (news sentiment): +0.6, -0.3, 0. */
export function signed(x: number): string {
  const s = num(x);
  return x > 0 && s !== '0' ? `+${s}` : s;
}

/** A 0-1 share as a whole percent: 0.734 -> "73". */
export function pct(share: number): string {
  return num(Math.round(share * 100));
}
