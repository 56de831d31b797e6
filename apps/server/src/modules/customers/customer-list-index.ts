import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';

/**
 * The per-firm summary behind the admin's customer list (migration 0005): the total, every
 * ANCHOR_STRIDE-th customer_id in list order, and the distinct countries. Counting a million
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
  countries: string[];
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
          anchors = excluded.anchors, countries = excluded.countries,
          refreshed_at = excluded.refreshed_at`
      : sql`do nothing`;
  await sql`
    insert into customer_list_index (firm_id, total, anchor_stride, anchors, countries, refreshed_at)
    select ${firmId}::uuid, ranked.total, ${ANCHOR_STRIDE}::int, ranked.anchors,
      coalesce((
        -- Distinct countries by skipping through the (firm_id, country_iso) index: a few
        -- hundred lookups instead of sorting every customer.
        with recursive found(country) as (
          (select country_iso from customers where firm_id = ${firmId}
           order by country_iso limit 1)
          union all
          select (select country_iso from customers
                  where firm_id = ${firmId} and country_iso > found.country
                  order by country_iso limit 1)
          from found where found.country is not null
        )
        select array_agg(country::text order by country) from found where country is not null
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
 * The firm's total, countries and the anchor at or before `offset`; the row is rebuilt first
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
        'countries',
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
  if (!row) return { total: 0, countries: [], anchor: undefined };
  return {
    total: row.total,
    countries: row.countries,
    anchor:
      row.anchor === null ? undefined : { customerId: row.anchor, position: row.anchor_position },
  };
}
