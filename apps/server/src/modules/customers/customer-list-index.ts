import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';

/**
 * The per-firm summary behind the admin's customer list (migration 0005): the total, every
 * ANCHOR_STRIDE-th customer_id in list order, and the customers per country. Counting a million
 * customers or skipping a million index entries for a deep page costs hundreds of milliseconds;
 * reading this row costs one index lookup.
 *
 * Every transaction that adds or removes customers takes `lockFirmCustomers` first and calls
 * `refreshCustomerListIndex` after its last change, so the row always matches what is
 * committed: the lock makes concurrent imports and deletions of one firm refresh in turn, each
 * seeing the other's rows.
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

/** Rebuilds the firm's row from its customers (about 0.5 s for a million), under the lock. */
export async function refreshCustomerListIndex(db: Executor, firmId: string) {
  await writeIndexRow(db, firmId, 'replace');
}

/**
 * The firm's row computed from `db`'s snapshot. `keep` never overwrites a row: a reader that
 * builds a missing row without the lock must not replace a newer one an import just wrote.
 */
async function writeIndexRow(db: Executor, firmId: string, onConflict: 'replace' | 'keep') {
  const conflict =
    onConflict === 'replace'
      ? sql`do update set total = excluded.total, anchor_stride = excluded.anchor_stride,
          anchors = excluded.anchors, country_counts = excluded.country_counts,
          refreshed_at = excluded.refreshed_at`
      : sql`do nothing`;
  await sql`
    insert into customer_list_index (firm_id, total, anchor_stride, anchors, country_counts, refreshed_at)
    select ${firmId}::uuid, ranked.total, ${ANCHOR_STRIDE}::int, ranked.anchors,
      coalesce((
        select jsonb_object_agg(country_iso, n) from (
          select country_iso::text, count(*)::int as n
          from customers where firm_id = ${firmId} group by country_iso
        ) per_country
      ), '{}'), now()
    from (
      select count(*)::int as total,
        coalesce(array_agg(customer_id order by customer_id)
          filter (where position % ${ANCHOR_STRIDE} = 0), '{}') as anchors
      from (
        select customer_id, row_number() over (order by customer_id) - 1 as position
        from customers where firm_id = ${firmId}
      ) numbered
    ) ranked
    on conflict (firm_id) ${conflict}
  `.execute(db);
}

/**
 * The firm's total, customers per country and the anchor at or before `offset`; the row is rebuilt first
 * if the firm has none yet (a firm from before migration 0005).
 */
export async function readCustomerListIndex(
  db: Executor,
  firmId: string,
  offset: number,
): Promise<CustomerListIndex> {
  const read = () =>
    db
      .selectFrom('customer_list_index')
      .select([
        'total',
        'country_counts',
        sql<string | null>`anchors[${offset}::int / anchor_stride + 1]`.as('anchor'),
        sql<number>`${offset}::int / anchor_stride * anchor_stride`.as('anchor_position'),
      ])
      .where('firm_id', '=', firmId)
      .executeTakeFirst();
  let row = await read();
  if (!row) {
    // Without the lock: waiting for a running import of the firm could take minutes.
    await writeIndexRow(db, firmId, 'keep');
    row = await read();
  }
  if (!row) return { total: 0, countryCounts: {}, anchor: undefined };
  return {
    total: row.total,
    countryCounts: row.country_counts,
    anchor:
      row.anchor === null ? undefined : { customerId: row.anchor, position: row.anchor_position },
  };
}
