import { sql, type SelectQueryBuilder } from 'kysely';
import { listOrder } from '../../db/list-order.js';
import { notHandled } from './call-state.js';

/*
 * Today's call list (issue 20, item 3; docs/product-rules.md, "Today's call list"): of the RM's
 * book, the customers who need a call (no outcome of the RM holds for them, see call-state.ts)
 * and whose urgency is above low, in the one list order, cut to the RM's daily capacity
 * (calls_per_day, call-capacity.repository.ts).
 */

/** Urgency levels that do not need a call today, however much room the day has. */
const NOT_TODAY = ['low'] as const;

/** `rows` (customers `c` with insights `i` and the latest outcome) cut to today's list. */
export function todaysList<DB, TB extends keyof DB, O>(
  rows: SelectQueryBuilder<DB, TB, O>,
  capacity: number,
) {
  return rows
    .where(notHandled())
    .where(sql<boolean>`i.urgency_level not in (${sql.join(NOT_TODAY.map((u) => sql.lit(u)))})`)
    .orderBy(
      listOrder({
        priority: sql`i.priority_score + 0`,
        urgency: 'i.urgency_level',
        customerId: 'c.customer_id',
      }),
    )
    .limit(capacity);
}
