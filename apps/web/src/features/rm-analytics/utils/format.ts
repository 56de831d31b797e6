/** Display formatting of the RM analytics screens; the shared rules are in @/lib/display-rules. */

/** A snake_case name with its underscores shown as spaces ("bias_severity" → "bias severity"). */
export function underscoresToSpaces(name: string): string {
  return name.replace(/_/g, ' ');
}
