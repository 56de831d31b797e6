import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';

/**
 * The per-firm customer summary behind the admin's customer list and the dashboards
 * (migration 0005): the total, every ANCHOR_STRIDE-th customer_id in list order, the customers
 * per country, and the customers per risk level, segment and urgency. Counting a million
 * customers or skipping a million index entries for a deep page costs hundreds of milliseconds;
 * reading this row costs one index lookup.
 *
 * Every transaction that adds or removes customers takes `lockFirmCustomers` first and calls
 * `refreshCustomerListIndex` after its last change, so the row always matches what is
 * committed: the lock makes concurrent imports and deletions of one firm refresh in turn, each
 * seeing the other's rows. The insights backfill (a new model version) rebuilds the rows of the
 * firms it touched once it is done.
 */
export const ANCHOR_STRIDE = 1000;

export interface CustomerListIndex {
  total: number;
  /** Customers per country_iso. */
  countryCounts: Record<string, number>;
  /** The nearest customer at or before a list position, to start a page from. */
  anchor: { customerId: string; position: number } | undefined;
}

/** Serialises the transactions that add or remove one firm's customers. */
export async function lockFirmCustomers(db: Executor, firmId: string) {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`customers:${firmId}`}, 0))`.execute(
    db,
  );
}

/** Where a firm's customers and insights are read from: the tables, or an import's own. */
export interface CustomerSource {
  customers: string;
  insights: string;
}
const STORED: CustomerSource = { customers: 'customers', insights: 'customer_insights' };

/**
 * Rebuilds the firm's row (about 0.8 s for a million customers), under the lock. An import
 * that is about to attach its tables as the firm's partitions passes them as `source`: they
 * will then hold every customer of the firm.
 */
export async function refreshCustomerListIndex(
  db: Executor,
  firmId: string,
  source: CustomerSource = STORED,
) {
  await writeIndexRow(db, firmId, 'replace', source);
}

/** The insight columns the summary counts per value (the dashboards' distributions). */
export type CountedInsight = 'risk_level' | 'segment' | 'urgency_level';

/**
 * The firm's row computed from `db`'s snapshot. `keep` never overwrites a row: a reader that
 * builds a missing row without the lock must not replace a newer one an import just wrote.
 */
async function writeIndexRow(
  db: Executor,
  firmId: string,
  onConflict: 'replace' | 'keep',
  source: CustomerSource = STORED,
) {
  const customers = sql.table(source.customers);
  const insights = sql.table(source.insights);
  const conflict =
    onConflict === 'replace'
      ? sql`do update set total = excluded.total, anchor_stride = excluded.anchor_stride,
          anchors = excluded.anchors, country_counts = excluded.country_counts,
          insight_counts = excluded.insight_counts, refreshed_at = excluded.refreshed_at`
      : sql`do nothing`;
  const byValue = (column: CountedInsight) =>
    sql`coalesce(jsonb_object_agg(value, n) filter (where counted = ${column}), '{}')`;
  await sql`
    insert into customer_list_index
      (firm_id, total, anchor_stride, anchors, country_counts, insight_counts, refreshed_at)
    select ${firmId}::uuid, ranked.total, ${ANCHOR_STRIDE}::int, ranked.anchors,
      coalesce((
        select jsonb_object_agg(country_iso, n) from (
          select country_iso::text, count(*)::int as n
          from ${customers} where firm_id = ${firmId} group by country_iso
        ) per_country
      ), '{}'),
      (
        -- One scan of the firm's insights for the three distributions.
        select jsonb_build_object('risk_level', ${byValue('risk_level')},
          'segment', ${byValue('segment')}, 'urgency_level', ${byValue('urgency_level')})
        from (
          select case when grouping(risk_level) = 0 then 'risk_level'
                      when grouping(segment) = 0 then 'segment'
                      else 'urgency_level' end as counted,
            coalesce(risk_level, segment, urgency_level) as value, count(*)::int as n
          from ${insights} where firm_id = ${firmId}
          group by grouping sets ((risk_level), (segment), (urgency_level))
        ) per_value
      ),
      now()
    from (
      select count(*)::int as total,
        coalesce(array_agg(customer_id order by customer_id)
          filter (where position % ${ANCHOR_STRIDE} = 0), '{}') as anchors
      from (
        select customer_id, row_number() over (order by customer_id) - 1 as position
        from ${customers} where firm_id = ${firmId}
      ) numbered
    ) ranked
    on conflict (firm_id) ${conflict}
  `.execute(db);
}

/**
 * Selects from the firm's row, building it first if the firm has none yet (a firm from before
 * migration 0005) without the lock: waiting for a running import of the firm could take
 * minutes.
 */
async function readSummary<T>(read: () => Promise<T | undefined>, db: Executor, firmId: string) {
  const row = await read();
  if (row) return row;
  await writeIndexRow(db, firmId, 'keep');
  return read();
}

/** The firm's total, customers per country and the anchor at or before `offset`. */
export async function readCustomerListIndex(
  db: Executor,
  firmId: string,
  offset = 0,
): Promise<CustomerListIndex> {
  const row = await readSummary(
    () =>
      db
        .selectFrom('customer_list_index')
        .select([
          'total',
          'country_counts',
          sql<string | null>`anchors[${offset}::int / anchor_stride + 1]`.as('anchor'),
          sql<number>`${offset}::int / anchor_stride * anchor_stride`.as('anchor_position'),
        ])
        .where('firm_id', '=', firmId)
        .executeTakeFirst(),
    db,
    firmId,
  );
  if (!row) return { total: 0, countryCounts: {}, anchor: undefined };
  return {
    total: row.total,
    countryCounts: row.country_counts,
    anchor:
      row.anchor === null ? undefined : { customerId: row.anchor, position: row.anchor_position },
  };
}

/**
 * The firm's customers per value of an insight column, from the summary: every one of `keys`
 * present, zero when no customer has it.
 */
export async function readInsightCounts<K extends string>(
  db: Executor,
  firmId: string,
  column: CountedInsight,
  keys: readonly K[],
): Promise<Record<K, number>> {
  const row = await readSummary(
    () =>
      db
        .selectFrom('customer_list_index')
        .select(sql<Record<string, number> | null>`insight_counts -> ${column}`.as('counts'))
        .where('firm_id', '=', firmId)
        .executeTakeFirst(),
    db,
    firmId,
  );
  const counts = row?.counts ?? {};
  return Object.fromEntries(keys.map((k) => [k, counts[k] ?? 0])) as Record<K, number>;
}
