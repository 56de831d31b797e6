/** Display formatting shared by the RM analytics screens. */

const SHORT_DATE = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/** Spec §3: created_at shown as short month, day, year ("Jan 5, 2026"); '-' when unreadable. */
export function formatShortDate(value: string | null | undefined): string {
  if (!value) return '-';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '-' : SHORT_DATE.format(date);
}

/** A number with a fixed count of decimals ("7.25"); non-finite values count as 0. */
export function fixed(value: number, decimals: number): string {
  return (Number.isFinite(value) ? value : 0).toFixed(decimals);
}

/** part / whole as a percent with one decimal ("33.3%"); 0.0% when the whole is empty. */
export function percentOf(part: number, whole: number): string {
  return `${fixed(whole > 0 ? (part / whole) * 100 : 0, 1)}%`;
}

/** Confidence 0-1 as a percent without decimals ("85%"). */
export function confidencePercent(confidence: number): string {
  return `${Math.round((Number.isFinite(confidence) ? confidence : 0) * 100)}%`;
}

/** A snake_case name with its underscores shown as spaces ("bias_severity" → "bias severity"). */
export function underscoresToSpaces(name: string): string {
  return name.replace(/_/g, ' ');
}

/** A snake_case name title-cased ("loss_aversion" → "Loss Aversion"). */
export function titleCase(name: string): string {
  return underscoresToSpaces(name)
    .split(' ')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

/** A bias score 0-100 with at most one decimal ("72.5", "80"). */
export function formatBiasScore(score: number): string {
  return String(Math.round((Number.isFinite(score) ? score : 0) * 10) / 10);
}
