import type { MantineColor } from '@mantine/core';

/**
 * The colour rules of spec §4 "Display rules", one small pure function each. Inputs are read
 * loosely (any string or number) because the spec states them for values outside the contract
 * too ("moderate", "otherwise gray").
 */

/** Urgency colour: urgent or high red; medium or moderate orange; otherwise green. */
export function urgencyColor(level: string): MantineColor {
  const value = level.trim().toLowerCase();
  if (value === 'urgent' || value === 'high') return 'red';
  if (value === 'medium' || value === 'moderate') return 'orange';
  return 'green';
}

export type RiskLabel = 'Low' | 'Medium' | 'High' | 'Very High';

/** Risk label from the 0-10 score: 3 or below Low; 6 or below Medium; 8 or below High; above 8 Very High. */
export function riskLabel(score: number): RiskLabel {
  if (score <= 3) return 'Low';
  if (score <= 6) return 'Medium';
  if (score <= 8) return 'High';
  return 'Very High';
}

const RISK_LABEL_COLORS: Record<RiskLabel, MantineColor> = {
  Low: 'green',
  Medium: 'yellow',
  High: 'orange',
  'Very High': 'red',
};

/** The colour of the risk label: Low green, Medium yellow, High orange, Very High red. */
export function riskLabelColor(score: number): MantineColor {
  return RISK_LABEL_COLORS[riskLabel(score)];
}

/** Priority colour: 8 or more red; 6 or more orange; 4 or more yellow; else green. */
export function priorityColor(score: number): MantineColor {
  if (score >= 8) return 'red';
  if (score >= 6) return 'orange';
  if (score >= 4) return 'yellow';
  return 'green';
}

/** Risk ranking badge: HIGH red, MEDIUM orange, LOW green, otherwise gray (any letter case). */
export function riskRankingBadgeColor(level: string): MantineColor {
  switch (level.trim().toUpperCase()) {
    case 'HIGH':
      return 'red';
    case 'MEDIUM':
      return 'orange';
    case 'LOW':
      return 'green';
    default:
      return 'gray';
  }
}

/** Bias bar colour (score 0-100): above 80 red; above 60 orange; else yellow. */
export function biasBarColor(score: number): MantineColor {
  if (score > 80) return 'red';
  if (score > 60) return 'orange';
  return 'yellow';
}

/** Risk profile colour in the directory and book lists: above 7 red, above 4 orange, else green. */
export function riskProfileColor(riskProfile: number): MantineColor {
  if (riskProfile > 7) return 'red';
  if (riskProfile > 4) return 'orange';
  return 'green';
}
