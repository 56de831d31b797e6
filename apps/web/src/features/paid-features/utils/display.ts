import type { MantineColor } from '@mantine/core';

/** Spec §4: urgent or high red; medium or moderate orange; otherwise green. */
export function urgencyColor(level: string): MantineColor {
  const value = level.toLowerCase();
  if (value === 'urgent' || value === 'high') return 'red';
  if (value === 'medium' || value === 'moderate') return 'orange';
  return 'green';
}

/** Spec §4: 8 or more red; 6 or more orange; 4 or more yellow; else green. */
export function priorityColor(score: number): MantineColor {
  if (score >= 8) return 'red';
  if (score >= 6) return 'orange';
  if (score >= 4) return 'yellow';
  return 'green';
}

export const RISK_LEVEL_LOOK = {
  high: { label: 'High risk', color: 'red' },
  medium: { label: 'Medium risk', color: 'orange' },
  low: { label: 'Low risk', color: 'green' },
} as const satisfies Record<string, { label: string; color: MantineColor }>;

/** Spec §2 "Behavioral Segments" names. */
export const SEGMENT_LABELS = {
  risk_averse: 'Risk Averse',
  overconfident: 'Overconfident',
  herd_followers: 'Herd Followers',
  anchored: 'Anchored',
  balanced: 'Balanced',
} as const;

/** "loss_aversion" → "Loss Aversion". */
export function titleCase(name: string): string {
  return name
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** A share of a whole as a whole percent, 0 when there is no whole. */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 100) : 0;
}

export const formatPercent = (share: number) => `${Math.round(share * 100)}%`;
