import { SEGMENTS, type Segment } from '@behavio/contract';
import type { MantineColor } from '@mantine/core';

/** Urgency colour (spec §4): urgent or high red; medium or moderate orange; otherwise green. */
export function urgencyColor(level: string): MantineColor {
  const value = level.trim().toLowerCase();
  if (value === 'urgent' || value === 'high') return 'red';
  if (value === 'medium' || value === 'moderate') return 'orange';
  return 'green';
}

/** Priority colour (spec §4): 8 or more red; 6 or more orange; 4 or more yellow; else green. */
export function priorityColor(score: number): MantineColor {
  if (score >= 8) return 'red';
  if (score >= 6) return 'orange';
  if (score >= 4) return 'yellow';
  return 'green';
}

/** Risk profile colour in lists (spec §4): above 7 red, above 4 orange, else green. */
export function riskProfileColor(riskProfile: number): MantineColor {
  if (riskProfile > 7) return 'red';
  if (riskProfile > 4) return 'orange';
  return 'green';
}

/** Segment names as spec §2 writes them, in the spec's order. */
export const SEGMENT_LABELS: Record<Segment, string> = {
  risk_averse: 'Risk Averse',
  overconfident: 'Overconfident',
  herd_followers: 'Herd Followers',
  anchored: 'Anchored',
  balanced: 'Balanced',
};

export const SEGMENT_ORDER = SEGMENTS;

/** part / whole as a whole percent ("33%"); 0% when the whole is empty. */
export function percent(part: number, whole: number): string {
  return `${whole > 0 ? Math.round((part / whole) * 100) : 0}%`;
}
