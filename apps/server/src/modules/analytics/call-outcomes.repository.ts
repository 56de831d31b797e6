import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';

/**
 * Locks the customer's row until the transaction ends (FOR NO KEY UPDATE: imports and the
 * foreign keys of other writes are not held up): an RM's call outcomes for the customer are
 * written one at a time, so the latest one read under it is current.
 */
export async function lockCustomer(db: Executor, firmId: string, customerId: string) {
  await db
    .selectFrom('customers')
    .select('customer_id')
    .where('firm_id', '=', firmId)
    .where('customer_id', '=', customerId)
    .forNoKeyUpdate()
    .execute();
}

/** The RM's latest call outcome for the customer, with the recommendation it was recorded for. */
export function latestCallOutcome(db: Executor, firmId: string, rmId: string, customerId: string) {
  return db
    .selectFrom('call_outcomes')
    .select([
      'outcome',
      sql<string | null>`to_char(snooze_until, 'YYYY-MM-DD')`.as('snooze_until'),
      'recommended_action',
      'urgency_level',
      'priority_score',
      'created_at',
    ])
    .where('firm_id', '=', firmId)
    .where('customer_id', '=', customerId)
    .where('rm_id', '=', rmId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
