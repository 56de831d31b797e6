/**
 * Number formatting for the generated texts: figures are shown with at most one decimal and no
 * trailing ".0" (2.4, 32, -18.5).
 */

/** A figure with at most one decimal: 2.4, 32, -18.5 (no "-0"; a non-finite figure reads 0). */
export function num(x: number): string {
  if (!Number.isFinite(x)) return '0';
  const tenths = Math.round(Math.abs(x) * 10);
  if (tenths === 0) return '0';
  const whole = Math.floor(tenths / 10);
  const frac = tenths - whole * 10;
  const body = frac === 0 ? `${whole}` : `${whole}.${frac}`;
  return x < 0 ? `-${body}` : body;
}

/** A figure with an explicit sign for positive values (news sentiment): +0.6, -0.3, 0. */
export function signed(x: number): string {
  const s = num(x);
  return x > 0 && s !== '0' ? `+${s}` : s;
}

/** A 0-1 share as a whole percent: 0.734 -> "73". */
export const pct = (share: number): string => num(Math.round(share * 100));
