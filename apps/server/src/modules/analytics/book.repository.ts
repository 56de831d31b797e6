import {
  RISK_LEVELS,
  SEGMENTS,
  type CallOutcome,
  type CallState,
  type RmListQuery,
} from '@behavio/contract';
import { sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { listOrder } from '../../db/list-order.js';
import { hasInsightFilter, insightFilter, sortedOrder } from '../../db/list-query.js';
import { likePattern } from '../customers/customers.repository.js';
import { byPriority, ITEMS, jsonArray, jsonObject, type ItemFields } from './book-items.js';
import { callStateField } from './call-state.js';
import { todaysList } from './daily-list.js';

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

/** The rest of the transaction runs without parallel workers (AnalyticsService.read says why). */
export async function withoutParallelWorkers(trx: Executor) {
  await sql`set local max_parallel_workers_per_gather = 0`.execute(trx);
}

export interface BookWindow {
  firmId: string;
  rmId: string;
  /** The window, and the list tools' sort and filters (issue 20). */
  window: RmListQuery;
}

const INSIGHT_KEYS = new Set(['priority_score', 'urgency_level', 'risk_level', 'segment']);
/** A sort key of the contract's allow-lists as a column of `c` or `i`. */
const tableColumn = (key: string) => `${INSIGHT_KEYS.has(key) ? 'i' : 'c'}.${key}`;
/** A sort key as a column of the page rows `p`. */
const pageColumn = (key: string) => `p.${key}`;

interface PageInput extends BookWindow {
  fields: ItemFields;
  /** Today's call list (daily-list.ts): the customers who need a call, cut to `capacity`. */
  today?: { capacity: number };
}

/**
 * The RM's customers with their stored insights and the RM's latest outcome for each
 * (`latest`, which the items' call_state reads), before any window.
 */
function bookRows(db: Executor, input: PageInput) {
  const { firmId, rmId } = input;
  return (
    customersWithInsights(db)
      .select(input.fields)
      .where('c.firm_id', '=', firmId)
      .where('c.rm_id', '=', rmId)
      // The latest outcome as a lateral join, not a NOT EXISTS: as a subplan in the join filter
      // it made PostgreSQL hash-join the whole firm's insights (455 ms at a million customers)
      // instead of looking up the book's 5,000 (24 ms).
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
            // snoozed or dismissed them needs a call from the new RM until the new RM acts.
            .where('o.rm_id', '=', rmId)
            .orderBy('o.created_at', 'desc')
            .limit(1)
            .as('latest'),
        (join) => join.onTrue(),
      )
  );
}

/**
 * The RM's customers, one list item each (`p`): the whole book, or today's call list. Search,
 * limit and offset narrow it (today's list is cut first, then narrowed); limit and offset take
 * the highest priorities first, and without them the rows stay unsorted, as the JSON aggregate
 * orders them anyway.
 */
function bookPage(db: Executor, input: PageInput) {
  const { window, today } = input;
  if (today) {
    const list = db.selectFrom(todaysList(bookRows(db, input), today.capacity).as('t')).selectAll();
    return windowed(list, window, {
      table: 't',
      insights: 't',
      sortColumn: (key) => `t.${key}`,
      order: {
        priority: sql.ref('t.priority_score'),
        urgency: 't.urgency_level',
        customerId: 't.customer_id',
      },
    });
  }
  // `+ 0` keeps the firm-wide priority index out of this plan: walking it until enough of one
  // RM's customers turn up read 60,000 rows at a million customers (500 ms); the book itself is
  // a few thousand rows, sorted in a few milliseconds.
  return windowed(bookRows(db, input), window, {
    table: 'c',
    insights: 'i',
    sortColumn: tableColumn,
    order: {
      priority: sql`i.priority_score + 0`,
      urgency: 'i.urgency_level',
      customerId: 'c.customer_id',
    },
  });
}

/** Where `windowed` finds its columns: in the customers and insights, or in today's list. */
interface WindowColumns {
  /** The alias holding customer_id and country_iso (what a search matches). */
  table: 'c' | 't';
  /** The alias holding urgency_level, risk_level and segment (what the filters match). */
  insights: 'i' | 't';
  /** A sort key of the contract's allow-lists as a column reference. */
  sortColumn: (key: string) => string;
  /** The one list order, which breaks a sort's ties and orders an unsorted window. */
  order: Parameters<typeof listOrder>[0];
}

/**
 * `rows` narrowed by the window's search and the list tools' filters, then sorted and cut by its
 * limit and offset, as the page rows `p`. Today's list is cut to capacity before this, so a
 * filter narrows what the RM was shown rather than refilling the day.
 */
function windowed<DB, TB extends keyof DB, O>(
  rows: SelectQueryBuilder<DB, TB, O>,
  window: RmListQuery,
  columns: WindowColumns,
) {
  let query = rows;
  const { table } = columns;
  if (window.search) {
    const pattern = likePattern(window.search);
    query = query.where(
      sql<SqlBool>`(${sql.ref(`${table}.customer_id`)} ilike ${pattern} or ${sql.ref(`${table}.country_iso`)} ilike ${pattern})`,
    );
  }
  if (hasInsightFilter(window)) query = query.where(insightFilter(window, columns.insights));
  if (window.limit !== undefined || window.offset) {
    query = query.orderBy(sortedOrder(window, columns.sortColumn, listOrder(columns.order)));
    if (window.limit !== undefined) query = query.limit(window.limit);
    if (window.offset) query = query.offset(window.offset);
  }
  return query.as('p');
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
    .select(jsonArray(sortedOrder(input.window, pageColumn, sql`p.customer_id`)).as('customers'));
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

/** The order of a list's page rows: the chosen column first, then the one list order. */
const itemOrder = (input: BookWindow) => sortedOrder(input.window, pageColumn, byPriority);

/** The call list: the whole book, or today's list when `today` gives the RM's capacity. */
export const whoToCallJson = (db: Executor, input: BookWindow & { today?: { capacity: number } }) =>
  pageJson(db, { ...input, fields: ITEMS.whoToCall }, jsonArray(itemOrder(input)));

export const priorityScoresJson = (db: Executor, input: BookWindow) =>
  pageJson(db, { ...input, fields: ITEMS.priorityScore }, jsonArray(itemOrder(input)));

/** The risk ranking items grouped by `column`: one array per `[key, value]`, every key present. */
const grouped = (
  input: BookWindow,
  column: 'risk_level' | 'segment',
  groups: [key: string, value: string][],
) =>
  jsonObject(
    groups.map(([key, value]) => [
      key,
      jsonArray(itemOrder(input), sql`${sql.ref(`p.${column}`)} = ${value}`),
    ]),
  );

export const riskRankingJson = (db: Executor, input: BookWindow) =>
  pageJson(
    db,
    { ...input, fields: ITEMS.riskRanking },
    grouped(
      input,
      'risk_level',
      RISK_LEVELS.map((level) => [`${level}_risk`, level]),
    ),
  );

export const segmentsJson = (db: Executor, input: BookWindow) =>
  pageJson(
    db,
    { ...input, fields: ITEMS.riskRanking },
    grouped(
      input,
      'segment',
      SEGMENTS.map((segment) => [segment, segment]),
    ),
  );

/** Where one customer of the RM's book stands on their call list (call-state.ts), if in it. */
export async function customerCallState(
  db: Executor,
  input: { firmId: string; rmId: string; customerId: string },
): Promise<CallState | null> {
  const row = await bookRows(db, {
    ...input,
    window: {},
    fields: [callStateField().as('call_state')],
  })
    .where('c.customer_id', '=', input.customerId)
    .executeTakeFirst();
  return (row?.call_state as CallState | null | undefined) ?? null;
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
