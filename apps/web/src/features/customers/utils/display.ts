import type { MantineColor } from '@mantine/core';

/** Risk profile colour in the directory and book lists: above 7 red, above 4 orange, else green. */
export function riskProfileColor(riskProfile: number): MantineColor {
  if (riskProfile > 7) return 'red';
  if (riskProfile > 4) return 'orange';
  return 'green';
}

const SHORT_DATE = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/** Spec §3: created_at as short month, day, year ("Jan 5, 2025"); '-' when unreadable. */
export function formatShortDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '-' : SHORT_DATE.format(date);
}
