/** Text of this page's lists (the pagination lines are the shared PaginationBar's); the colours and dates of product-rules: Display rules are in @/lib/display-rules. */
import { formatCount } from '@/lib/display-rules';

/** "1 customer", "12 customers". */
export function customerCount(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'customer' : 'customers'}`;
}
