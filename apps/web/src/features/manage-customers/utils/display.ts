import type { MantineColor } from '@mantine/core';

/**
 * Display rules of spec §4 used on this page. (Features do not import each other, so the few
 * rules this page shares with the RM screens are repeated here.)
 */

/** Risk profile colour in the directory and book lists: above 7 red, above 4 orange, else green. */
export function riskProfileColor(riskProfile: number): MantineColor {
  if (riskProfile > 7) return 'red';
  if (riskProfile > 4) return 'orange';
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

/** A priority score with two decimals ("7.25"). */
export function formatPriority(score: number): string {
  return (Number.isFinite(score) ? score : 0).toFixed(2);
}

const SHORT_DATE = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/** Spec §3: created_at as short month, day, year ("Jan 5, 2025"); '-' when unreadable. */
export function formatShortDate(value: string | null | undefined): string {
  if (!value) return '-';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '-' : SHORT_DATE.format(date);
}

export interface PageSummary {
  /** 'Showing X to Y of N customers' */
  range: string;
  /** 'Page p of n' */
  page: string;
}

/** The pagination lines of spec §2 Manage Customers; an empty list shows 0 to 0 and page 1 of 1. */
export function pageSummary(page: number, pageSize: number, totalCount: number): PageSummary {
  const pages = Math.max(1, Math.ceil(totalCount / pageSize));
  const current = Math.min(Math.max(1, page), pages);
  const from = totalCount === 0 ? 0 : (current - 1) * pageSize + 1;
  const to = Math.min(current * pageSize, totalCount);
  return {
    range: `Showing ${from} to ${to} of ${totalCount} customers`,
    page: `Page ${current} of ${pages}`,
  };
}

/** "1 customer", "12 customers". */
export function customerCount(count: number): string {
  return `${count} ${count === 1 ? 'customer' : 'customers'}`;
}
