/** Display formatting of the RM analytics screens; the shared rules are in @/lib/display-rules. */

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
