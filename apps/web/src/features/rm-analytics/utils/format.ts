/** Display formatting of the RM analytics screens; the shared rules are in @/lib/display-rules. */

/** A snake_case name with its underscores shown as spaces ("bias_severity" → "bias severity"). */
export function underscoresToSpaces(name: string): string {
  return name.replace(/_/g, ' ');
}

/** A bias score 0-100 with at most one decimal ("72.5", "80"). */
export function formatBiasScore(score: number): string {
  return String(Math.round((Number.isFinite(score) ? score : 0) * 10) / 10);
}
