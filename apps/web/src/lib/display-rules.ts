import type { CellValue, JobStatus, Role, Segment } from '@behavio/contract';
import type { MantineColor } from '@mantine/core';

/**
 * The display rules of product-rules: Display rules (colours, labels, formats), one small pure function each, so
 * every screen that shows a risk profile, an urgency or a date shows it the same way. Inputs are
 * read loosely (any string or number) because the spec states them for values outside the
 * contract too ("moderate", "otherwise gray").
 */

// Colours

/** Risk profile colour in the directory and book lists: above 7 red, above 4 orange, else green. */
export function riskProfileColor(riskProfile: number): MantineColor {
  if (riskProfile > 7) return 'red';
  if (riskProfile > 4) return 'orange';
  return 'green';
}

/**
 * Risk profile colour in the upload preview: 7 or more red, 4 to 6 yellow, below 4 green. The
 * spec draws these bands differently from the lists' (`riskProfileColor`), on purpose.
 */
export function uploadPreviewRiskColor(risk: number): 'red' | 'yellow' | 'green' {
  if (risk >= 7) return 'red';
  if (risk >= 4) return 'yellow';
  return 'green';
}

/** Urgency colour: urgent or high red; medium or moderate orange; otherwise green. */
export function urgencyColor(level: string): MantineColor {
  const value = level.trim().toLowerCase();
  if (value === 'urgent' || value === 'high') return 'red';
  if (value === 'medium' || value === 'moderate') return 'orange';
  return 'green';
}

/** Priority colour: 8 or more red; 6 or more orange; 4 or more yellow; else green. */
export function priorityColor(score: number): MantineColor {
  if (score >= 8) return 'red';
  if (score >= 6) return 'orange';
  if (score >= 4) return 'yellow';
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

/**
 * Job status badge: completed green, failed red, processing yellow, other blue, in shades that
 * keep the badge text legible.
 */
export function jobStatusColor(status: JobStatus | string): string {
  switch (status) {
    case 'completed':
      return 'green.9';
    case 'failed':
      return 'red.9';
    case 'processing':
      return 'yellow.5';
    default:
      return 'blue.8';
  }
}

/**
 * Role badge colours in the directory: admin purple, rm pink, compliance blue, head orange, view
 * green. Mantine's purple is called violet.
 */
export const ROLE_COLORS: Record<Role, MantineColor> = {
  admin: 'violet',
  rm: 'pink',
  compliance: 'blue',
  head: 'orange',
  view: 'green',
};

/** The role's badge colour; gray for a role the contract does not know. */
export function roleColor(role: string): MantineColor {
  return (ROLE_COLORS as Record<string, MantineColor>)[role] ?? 'gray';
}

// Labels

/** Segment names as product-rules: Screens writes them. */
export const SEGMENT_LABELS: Record<Segment, string> = {
  risk_averse: 'Risk Averse',
  overconfident: 'Overconfident',
  herd_followers: 'Herd Followers',
  anchored: 'Anchored',
  balanced: 'Balanced',
};

/** Each segment's colour, the same on its card, its badges and its bar in the charts. */
export const SEGMENT_COLORS: Record<Segment, MantineColor> = {
  risk_averse: 'blue',
  overconfident: 'red',
  herd_followers: 'orange',
  anchored: 'violet',
  balanced: 'teal',
};

// Formats

const SHORT_DATE = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/** product-rules: Entities and fields: created_at as short month, day, year ("Jan 5, 2025"); '-' when missing or unreadable. */
export function formatShortDate(value: string | null | undefined): string {
  if (!value) return '-';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '-' : SHORT_DATE.format(date);
}

/** A timestamp as `locale` writes it with `parts`; one that does not parse is shown as it came. */
export function formatTimestamp(
  iso: string,
  locale: string | undefined,
  parts: Intl.DateTimeFormatOptions,
): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(locale, parts);
}

/** Largest unit first: a time is told in the largest unit it has one whole of. */
const RELATIVE_UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];
const RELATIVE = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

/** How long ago a timestamp was ("5 minutes ago", "yesterday"); under a minute "just now". */
export function formatRelativeTime(iso: string, now: number = Date.now()): string {
  const seconds = (Date.parse(iso) - now) / 1000;
  if (Number.isNaN(seconds)) return iso;
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= size) return RELATIVE.format(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

/** A number with a fixed count of decimals ("7.25"); non-finite values count as 0. */
export function fixed(value: number, decimals: number): string {
  return (Number.isFinite(value) ? value : 0).toFixed(decimals);
}

/**
 * A priority score as the engine gives it, with two decimals (as Avg Priority): one decimal
 * would show 7.96 as "8.0" in the orange of a score under 8, beside a High badge.
 */
export const formatPriority = (score: number) => fixed(score, 2);

/** A count as every screen writes it: "2,000", never "2000" beside it. */
export const formatCount = (count: number) => count.toLocaleString('en-US');

/** part / whole as a percent with one decimal ("33.3%"); 0.0% when the whole is empty. */
export function percentOf(part: number, whole: number): string {
  return `${fixed(whole > 0 ? (part / whole) * 100 : 0, 1)}%`;
}

/** part / whole as a whole number of percent (33), for a bar's length; 0 when the whole is empty. */
export function roundPercent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 100) : 0;
}

/** part / whole as a whole percent ("33%"); 0% when the whole is empty. */
export function roundPercentOf(part: number, whole: number): string {
  return `${roundPercent(part, whole)}%`;
}

/** A bias score 0-100 with at most one decimal ("72.5", "80"). */
export function formatBiasScore(score: number): string {
  return String(Math.round((Number.isFinite(score) ? score : 0) * 10) / 10);
}

/** A share from 0 to 1 as a whole percent ("81%"); a non-finite share counts as 0. */
export function sharePercent(share: number): string {
  return `${Math.round((Number.isFinite(share) ? share : 0) * 100)}%`;
}

/** A snake_case name title-cased ("loss_aversion" → "Loss Aversion"). */
export function titleCase(name: string): string {
  return name
    .split(/[_ ]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

/** A cell of an uploaded file: null or empty '-', booleans Yes or No, locale numbers. */
export function formatCell(value: CellValue | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return value.toLocaleString();
  return value;
}

/** Whole currency units as the server answers them, e.g. formatMoney(50, 'usd') → "$50". */
export function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: currency.toUpperCase(),
      minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
      maximumFractionDigits: 2,
    }).format(amount);
  } catch {
    // An unknown currency code: the number and the code.
    return `${amount.toLocaleString('en-US')} ${currency.toUpperCase()}`;
  }
}

/** A plan id as a name: 'pro' → 'Pro'. */
export const planName = (plan: string) => plan.charAt(0).toUpperCase() + plan.slice(1);

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** A size in bytes as the file tab shows it (product-rules: Screens): B, KB, MB or GB. */
export function formatFileSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : 2;
  return `${value.toLocaleString(undefined, { maximumFractionDigits: digits })} ${SIZE_UNITS[unit]}`;
}
