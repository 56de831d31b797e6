/** Text of this page's lists; the colours and dates of product-rules: Display rules are in @/lib/display-rules. */
import { formatCount } from '@/lib/display-rules';

export interface PageSummary {
  /** 'Showing X to Y of N customers' */
  range: string;
  /** 'Page p of n' */
  page: string;
}

/** The pagination lines of product-rules: Screens Manage Customers; an empty list shows 0 to 0 and page 1 of 1. */
export function pageSummary(page: number, pageSize: number, totalCount: number): PageSummary {
  const pages = Math.max(1, Math.ceil(totalCount / pageSize));
  const current = Math.min(Math.max(1, page), pages);
  const from = totalCount === 0 ? 0 : (current - 1) * pageSize + 1;
  const to = Math.min(current * pageSize, totalCount);
  return {
    range: `Showing ${formatCount(from)} to ${formatCount(to)} of ${formatCount(totalCount)} customers`,
    page: `Page ${formatCount(current)} of ${formatCount(pages)}`,
  };
}

/** "1 customer", "12 customers". */
export function customerCount(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'customer' : 'customers'}`;
}
