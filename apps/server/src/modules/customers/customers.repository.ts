import { OPTIONAL_COLUMNS, REQUIRED_COLUMNS } from '@behavio/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { countRows } from '../../db/query-helpers.js';
import { listOrder } from '../../db/list-order.js';
import { readCustomerListIndex } from './customer-list-index.js';

/**
 * Queries on the firm's customers that several modules read the same way: the lists' customer
 * columns, the search pattern, the firm-wide counts and the top of the priority order.
 */

/** The customer as every list answers it (the contract's customerSchema), on the `c` alias. */
export const CUSTOMER_COLUMNS = [
  'c.customer_id',
  'c.country_iso',
  'c.age',
  'c.risk_profile',
  'c.experience_years',
  'c.cash_pct',
  'c.etf_pct',
  'c.single_stock_pct',
  'c.leverage_ratio',
  'c.created_at',
  'c.rm_id',
] as const;

/**
 * The columns of a customer's row as the firm sent it (the contract's CustomerRecord: the 28
 * columns and the optional ones), on the `c` alias: what the insights and recommendation
 * models read.
 */
export const CUSTOMER_RECORD_COLUMNS = [
  ...REQUIRED_COLUMNS.map((c) => `c.${c.name}` as const),
  ...OPTIONAL_COLUMNS.map((c) => `c.${c.name}` as const),
];

/** `%` and `_` in a search are literal characters, not patterns. */
export const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The firm's customers (from the summary) and how many of them have an RM (counted on the
 * (firm, rm) index, which reads only the assigned entries).
 */
export async function assignmentCounts(db: Executor, firmId: string) {
  const [{ total }, assigned] = await Promise.all([
    readCustomerListIndex(db, firmId),
    countRows(
      db.selectFrom('customers').where('firm_id', '=', firmId).where('rm_id', 'is not', null),
    ),
  ]);
  return { total, assigned };
}

/**
 * The firm's `limit` customers of highest priority (in list order: listOrder), insights as `i`,
 * customers as `c` and their RM as `rm`; the caller selects the columns it answers.
 */
export function topPriorityQuery(db: Executor, firmId: string, limit: number) {
  return db
    .selectFrom('customer_insights as i')
    .innerJoin('customers as c', (join) =>
      join.onRef('c.firm_id', '=', 'i.firm_id').onRef('c.customer_id', '=', 'i.customer_id'),
    )
    .leftJoin('users as rm', (join) =>
      join.onRef('rm.firm_id', '=', 'c.firm_id').onRef('rm.id', '=', 'c.rm_id'),
    )
    .where('i.firm_id', '=', firmId)
    .orderBy(
      listOrder({
        priority: sql.ref('i.priority_score'),
        urgency: 'i.urgency_level',
        customerId: 'c.customer_id',
      }),
    )
    .limit(limit);
}
