import type { SortColumn } from '@/components/ui/list-tools/list-tools';
import { PRIORITY_HELP, URGENCY_HELP } from '../utils/explanations';
import { HelpIcon } from './panel-parts';

/** The sortable headers the RM tables share, each with its explanation where it has one. */
export const SORT_COLUMNS = {
  customerId: { key: 'customer_id', label: 'Customer ID' },
  urgency: {
    key: 'urgency_level',
    label: 'Urgency',
    after: <HelpIcon label={URGENCY_HELP} ariaLabel="About Urgency" />,
  },
  priority: {
    key: 'priority_score',
    label: 'Priority',
    after: <HelpIcon label={PRIORITY_HELP} ariaLabel="About Priority" />,
  },
  country: { key: 'country_iso', label: 'Country' },
  age: { key: 'age', label: 'Age' },
} satisfies Record<string, SortColumn>;
