import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { CUSTOMER_RECORD_COLUMNS } from '../customers/customers.repository.js';

/**
 * The customer's row with their RM, if the caller may see it: any of the firm's customers for
 * the admin (`rmId` null), only their own for an RM.
 */
export function findCustomer(
  db: Executor,
  firmId: string,
  customerId: string,
  rmId: string | null,
) {
  let query = db
    .selectFrom('customers as c')
    .leftJoin('users as rm', (join) =>
      join.onRef('rm.id', '=', 'c.rm_id').onRef('rm.firm_id', '=', 'c.firm_id'),
    )
    .select([...CUSTOMER_RECORD_COLUMNS, 'c.rm_id', 'c.created_at', 'rm.name as rm_name'])
    .where('c.firm_id', '=', firmId)
    .where('c.customer_id', '=', customerId);
  if (rmId !== null) query = query.where('c.rm_id', '=', rmId);
  return query.executeTakeFirst();
}

/** The customer's product outcomes with the product's and the recorder's names, newest first. */
export function productOutcomes(db: Executor, firmId: string, customerId: string) {
  return db
    .selectFrom('product_outcomes as o')
    .innerJoin('products as p', (join) =>
      join.onRef('p.firm_id', '=', 'o.firm_id').onRef('p.product_id', '=', 'o.product_id'),
    )
    .leftJoin('users as u', (join) =>
      join.onRef('u.firm_id', '=', 'o.firm_id').onRef('u.id', '=', 'o.recorded_by'),
    )
    .select([
      'o.product_id',
      'p.name as product_name',
      'o.outcome',
      'o.reason',
      'o.created_at',
      'u.name as recorded_by',
    ])
    .where('o.firm_id', '=', firmId)
    .where('o.customer_id', '=', customerId)
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .execute();
}

/** The customer's call outcomes (every RM's), newest first. */
export function callOutcomes(db: Executor, firmId: string, customerId: string) {
  return db
    .selectFrom('call_outcomes as o')
    .leftJoin('users as u', (join) =>
      join.onRef('u.firm_id', '=', 'o.firm_id').onRef('u.id', '=', 'o.rm_id'),
    )
    .select([
      'o.outcome',
      sql<string | null>`o.snooze_until::text`.as('snooze_until'),
      'o.reason',
      'o.created_at',
      'u.name as recorded_by',
    ])
    .where('o.firm_id', '=', firmId)
    .where('o.customer_id', '=', customerId)
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .execute();
}
