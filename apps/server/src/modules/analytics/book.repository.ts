import { RISK_LEVELS, SEGMENTS, type CallOutcome, type ListWindowQuery } from '@behavio/contract';
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { listOrder } from '../../db/list-order.js';
import { likePattern } from '../customers/customers.repository.js';
import { byPriority, ITEMS, jsonArray, jsonObject, type ItemFields } from './book-items.js';

/** The firm's customers (`c`) joined to their stored insights (`i`). */
const customersWithInsights = (db: Executor) =>
  db
    .selectFrom('customers as c')
    .innerJoin('customer_insights as i', (join) =>
      join.onRef('i.firm_id', '=', 'c.firm_id').onRef('i.customer_id', '=', 'c.customer_id'),
    );

/**
 * Everything an RM's lists are built from that can change, as one string: the firm's data
 * version (raised by every committed change to its customers, insights and outcomes, migration
 * 0008), the RM's count of outcomes (new ones do not raise the firm's version), the RM's name
 * (the book shows it) and today's date (a snooze ends at midnight). Undefined when `rmId` is
 * not an RM of the firm.
 */
export async function listVersion(
  db: Executor,
  firmId: string,
  rmId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('users as u')
    .select((eb) => [
      'u.name',
      eb
        .selectFrom('firm_data_versions')
        .select('version')
        .where('firm_id', '=', firmId)
        .as('version'),
      eb
        .selectFrom('call_outcomes')
        .select(eb.fn.countAll<string>().as('n'))
        .where('firm_id', '=', firmId)
        .where('rm_id', '=', rmId)
        .as('outcomes'),
      sql<string>`current_date::text`.as('today'),
    ])
    .where('u.firm_id', '=', firmId)
    .where('u.id', '=', rmId)
    .where('u.role', '=', 'rm')
    .executeTakeFirst();
  return row && JSON.stringify([row.version, row.outcomes, row.today, row.name]);
}

export interface BookWindow {
  firmId: string;
  rmId: string;
  window: ListWindowQuery;
}

interface PageInput extends BookWindow {
  fields: ItemFields;
  onlyToCall?: boolean;
}

/**
 * The RM's customers with their stored insights, one list item each (`p`). `onlyToCall` leaves
 * out customers this RM has called, dismissed or snoozed (until the snooze date passes), unless
 * their recommendation has changed since. Limit and offset take the highest priorities first;
 * without them the rows stay unsorted, as the JSON aggregate orders them anyway.
 */
function bookPage(db: Executor, input: PageInput) {
  const { firmId, rmId, window } = input;
  let query = customersWithInsights(db)
    .select(input.fields)
    .where('c.firm_id', '=', firmId)
    .where('c.rm_id', '=', rmId);
  if (window.search) {
    const pattern = likePattern(window.search);
    query = query.where((eb) =>
      eb.or([eb('c.customer_id', 'ilike', pattern), eb('c.country_iso', 'ilike', pattern)]),
    );
  }
  if (input.onlyToCall) {
    // The latest outcome as a lateral join, not a NOT EXISTS: as a subplan in the join filter it
    // made PostgreSQL hash-join the whole firm's insights (455 ms at a million customers)
    // instead of looking up the book's 5,000 (24 ms).
    query = query
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('call_outcomes as o')
            .select([
              'o.outcome',
              'o.snooze_until',
              'o.priority_score',
              'o.urgency_level',
              'o.recommended_action',
            ])
            .whereRef('o.firm_id', '=', 'c.firm_id')
            .whereRef('o.customer_id', '=', 'c.customer_id')
            // This RM's own outcomes: a customer reassigned after the previous RM called,
            // snoozed or dismissed them is on the new RM's list until the new RM acts.
            .where('o.rm_id', '=', rmId)
            .orderBy('o.created_at', 'desc')
            .limit(1)
            .as('latest'),
        (join) => join.onTrue(),
      )
      .where(notHandled());
  }
  if (window.limit !== undefined || window.offset) {
    // `+ 0` keeps the firm-wide priority index out of this plan: walking it until enough of
    // one RM's customers turn up read 60,000 rows at a million customers (500 ms); the book
    // itself is a few thousand rows, sorted in a few milliseconds.
    query = query.orderBy(
      listOrder({
        priority: sql`i.priority_score + 0`,
        urgency: 'i.urgency_level',
        customerId: 'c.customer_id',
      }),
    );
    if (window.limit !== undefined) query = query.limit(window.limit);
    if (window.offset) query = query.offset(window.offset);
  }
  return query.as('p');
}

/** The latest outcome (`latest`, if any) does not hold for the current recommendation. */
function notHandled(): Expression<SqlBool> {
  return sql<SqlBool>`not coalesce(
    latest.recommended_action = i.recommended_action
      and latest.urgency_level = i.urgency_level
      and latest.priority_score = i.priority_score
      and latest.outcome <> 'reopened'
      and (latest.outcome <> 'snoozed' or latest.snooze_until > current_date),
    false
  )`;
}

/** The response body `body` writes from the page rows, as JSON text. */
async function pageJson(db: Executor, input: PageInput, body: RawBuilder<unknown>) {
  const row = await db
    .selectFrom(bookPage(db, input))
    .select(sql<string>`${body}::text`.as('body'))
    .executeTakeFirstOrThrow();
  return row.body;
}

/**
 * The rm-own-book response as JSON text, or undefined when `rmId` is not an RM of the firm.
 * The count is of the whole book; the customers are the window, by customer id.
 */
export async function bookJson(db: Executor, input: BookWindow): Promise<string | undefined> {
  const { firmId, rmId } = input;
  const customers = db
    .selectFrom(bookPage(db, { ...input, fields: ITEMS.customer }))
    .select(jsonArray(sql`p.customer_id`).as('customers'));
  const count = db
    .selectFrom('customers')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('firm_id', '=', firmId)
    .where('rm_id', '=', rmId);
  const row = await db
    .selectFrom('users as u')
    .select(
      sql<string>`${jsonObject([
        ['rm_id', sql`u.id`],
        ['rm_name', sql`u.name`],
        ['customer_count', sql`(${count})`],
        ['customers', sql`(${customers})`],
      ])}::text`.as('body'),
    )
    .where('u.firm_id', '=', firmId)
    .where('u.id', '=', rmId)
    .where('u.role', '=', 'rm')
    .executeTakeFirst();
  return row?.body;
}

export const whoToCallJson = (db: Executor, input: BookWindow) =>
  pageJson(db, { ...input, fields: ITEMS.whoToCall, onlyToCall: true }, jsonArray(byPriority));

export const priorityScoresJson = (db: Executor, input: BookWindow) =>
  pageJson(db, { ...input, fields: ITEMS.priorityScore }, jsonArray(byPriority));

/** The risk ranking items grouped by `column`: one array per `[key, value]`, every key present. */
const grouped = (column: 'risk_level' | 'segment', groups: [key: string, value: string][]) =>
  jsonObject(
    groups.map(([key, value]) => [
      key,
      jsonArray(byPriority, sql`${sql.ref(`p.${column}`)} = ${value}`),
    ]),
  );

export const riskRankingJson = (db: Executor, input: BookWindow) =>
  pageJson(
    db,
    { ...input, fields: ITEMS.riskRanking },
    grouped(
      'risk_level',
      RISK_LEVELS.map((level) => [`${level}_risk`, level]),
    ),
  );

export const segmentsJson = (db: Executor, input: BookWindow) =>
  pageJson(
    db,
    { ...input, fields: ITEMS.riskRanking },
    grouped(
      'segment',
      SEGMENTS.map((segment) => [segment, segment]),
    ),
  );

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
    outcome: CallOutcome;
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
