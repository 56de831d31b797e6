import type { Customer, WhoToCallItem } from '@behavio/contract';
import { fixed, formatShortDate } from '@/lib/display-rules';
import type { CsvColumn } from './csv';

/** The columns of the RM book table, as exported. */
export const BOOK_CSV_COLUMNS: readonly CsvColumn<Customer>[] = [
  { header: 'Customer ID', value: (c) => c.customer_id },
  { header: 'Country', value: (c) => c.country_iso },
  { header: 'Age', value: (c) => c.age },
  { header: 'Risk Profile', value: (c) => c.risk_profile },
  { header: 'Created At', value: (c) => formatShortDate(c.created_at) },
];

/** The columns of the Who To Call table (product-rules: Screens), as exported. */
export const WHO_TO_CALL_CSV_COLUMNS: readonly CsvColumn<WhoToCallItem>[] = [
  { header: 'Customer ID', value: (c) => c.customer_id },
  { header: 'Priority Score', value: (c) => fixed(c.priority_score, 2) },
  { header: 'Urgency', value: (c) => c.urgency_level },
  { header: 'Risk Profile', value: (c) => c.risk_profile },
  { header: 'Age', value: (c) => c.age },
  { header: 'Country', value: (c) => c.country_iso },
  { header: 'Recommended Action', value: (c) => c.recommended_action },
];
