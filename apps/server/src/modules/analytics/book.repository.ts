import type { ListWindowQuery } from '@behavio/contract';
import { sql, type SqlBool, type Expression } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { countRows } from '../../db/query-helpers.js';
import { CUSTOMER_COLUMNS, likePattern } from '../customers/customers.repository.js';

/** The firm's customers (`c`) joined to their stored insights (`i`). */
const customersWithInsights = (db: Executor) =>
  db
    .selectFrom('customers as c')
    .innerJoin('customer_insights as i', (join) =>
      join.onRef('i.firm_id', '=', 'c.firm_id').onRef('i.customer_id', '=', 'c.customer_id'),
    );

export async function findRm(db: Executor, firmId: string, rmId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('firm_id', '=', firmId)
    .where('id', '=', rmId)
    .where('role', '=', 'rm')
    .executeTakeFirst();
}

/**
 * An RM's customers with their stored insights, highest priority first. `onlyToCall` leaves out
 * customers the RM has called, dismissed or snoozed (until the snooze date passes), unless
 * their recommendation has changed since.
 */
export async function bookRows(
  db: Executor,
  input: { firmId: string; rmId: string; window: ListWindowQuery; onlyToCall?: boolean },
) {
  const { firmId, rmId, window } = input;
  let query = customersWithInsights(db)
    .select([
      ...CUSTOMER_COLUMNS,
      'i.model_version',
      'i.priority_score',
      'i.urgency_level',
      'i.risk_level',
      'i.segment',
      'i.bias_severity',
      'i.risk_urgency',
      'i.time_sensitivity',
      'i.customer_value',
      'i.recommended_action',
      'i.why',
      'i.top_biases',
    ])
    .where('c.firm_id', '=', firmId)
    .where('c.rm_id', '=', rmId);
  if (window.search) {
    const pattern = likePattern(window.search);
    query = query.where((eb) =>
      eb.or([eb('c.customer_id', 'ilike', pattern), eb('c.country_iso', 'ilike', pattern)]),
    );
  }
  if (input.onlyToCall) query = query.where(notHandled());
  query = query.orderBy('i.priority_score', 'desc').orderBy('c.customer_id', 'asc');
  if (window.limit !== undefined) query = query.limit(window.limit);
  if (window.offset) query = query.offset(window.offset);
  return query.execute();
}

export type BookRow = Awaited<ReturnType<typeof bookRows>>[number];

/** No latest outcome still holds for the current recommendation. */
function notHandled(): Expression<SqlBool> {
  return sql<SqlBool>`not exists (
    select 1 from (
      select o.outcome, o.snooze_until, o.priority_score, o.urgency_level, o.recommended_action
      from call_outcomes o
      where o.firm_id = c.firm_id and o.customer_id = c.customer_id
      order by o.created_at desc
      limit 1
    ) latest
    where latest.recommended_action = i.recommended_action
      and latest.urgency_level = i.urgency_level
      and latest.priority_score = i.priority_score
      and (latest.outcome <> 'snoozed' or latest.snooze_until > current_date)
  )`;
}

export async function countBook(db: Executor, firmId: string, rmId: string): Promise<number> {
  return countRows(
    db.selectFrom('customers').where('firm_id', '=', firmId).where('rm_id', '=', rmId),
  );
}

export async function findAssignedCustomerInsight(
  db: Executor,
  firmId: string,
  rmId: string,
  customerId: string,
) {
  return customersWithInsights(db)
    .select([
      'c.customer_id',
      'i.model_version',
      'i.priority_score',
      'i.urgency_level',
      'i.recommended_action',
    ])
    .where('c.firm_id', '=', firmId)
    .where('c.rm_id', '=', rmId)
    .where('c.customer_id', '=', customerId)
    .executeTakeFirst();
}

export async function insertCallOutcome(
  db: Executor,
  values: {
    firmId: string;
    customerId: string;
    rmId: string;
    outcome: 'called' | 'snoozed' | 'dismissed';
    snoozeUntil: string | null;
    reason: string | null;
    insight: {
      model_version: string;
      priority_score: number;
      urgency_level: string;
      recommended_action: string;
    };
  },
) {
  return db
    .insertInto('call_outcomes')
    .values({
      firm_id: values.firmId,
      customer_id: values.customerId,
      rm_id: values.rmId,
      outcome: values.outcome,
      snooze_until: values.snoozeUntil,
      reason: values.reason,
      model_version: values.insight.model_version,
      priority_score: values.insight.priority_score,
      urgency_level: values.insight.urgency_level,
      recommended_action: values.insight.recommended_action,
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
}
