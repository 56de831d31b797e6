import type { ShelfProduct } from '@behavio/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { withoutFirmScope } from '../../db/firm-scope.js';
import { CUSTOMER_RECORD_COLUMNS } from '../customers/customers.repository.js';

/** The firm's active products, as the recommendation model reads them. */

/** The background sweeps look for firms with recommendation work due, across every firm. */
const everyFirm = (db: Executor) =>
  withoutFirmScope(db, 'the recommendation sweeps find the firms with work due');

export async function activeShelf(db: Executor, firmId: string): Promise<ShelfProduct[]> {
  return db
    .selectFrom('products')
    .select([
      'product_id',
      'name',
      'category',
      'active',
      'weight',
      'min_age',
      'max_age',
      'min_risk_profile',
      'max_risk_profile',
      'min_knowledge_quiz_score',
      'min_experience_years',
      'max_leverage_ratio',
      'min_aum',
      'countries',
      'needs',
      'risk_class',
      'complex',
      'capital_at_risk',
      'min_holding_years',
      'adds_market_exposure',
    ])
    .where('firm_id', '=', firmId)
    .where('active', '=', true)
    .orderBy('product_id')
    .execute() as Promise<ShelfProduct[]>;
}

/**
 * Customers with their stored bias readings, `limit` at a time in customer_id order after
 * `after` (the primary key's order, so each batch is an index range, not a sort of the firm).
 */
export function customersWithReadings(
  db: Executor,
  firmId: string,
  range: { after?: string; only?: string; limit: number },
) {
  let query = db
    .selectFrom('customers as c')
    .innerJoin('customer_insights as i', (join) =>
      join.onRef('i.firm_id', '=', 'c.firm_id').onRef('i.customer_id', '=', 'c.customer_id'),
    )
    .select([...CUSTOMER_RECORD_COLUMNS, 'i.bias_scores', 'i.bias_confidences'])
    .where('c.firm_id', '=', firmId);
  if (range.after !== undefined) query = query.where('c.customer_id', '>', range.after);
  if (range.only !== undefined) query = query.where('c.customer_id', '=', range.only);
  return query.orderBy('c.customer_id').limit(range.limit).execute();
}

/** The product outcomes of these customers, any order. */
export function outcomesOf(db: Executor, firmId: string, customerIds: string[]) {
  if (customerIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('product_outcomes')
    .select(['customer_id', 'product_id', 'outcome', 'created_at as recorded_at'])
    .where('firm_id', '=', firmId)
    .where('customer_id', 'in', customerIds)
    .execute();
}

/**
 * Stores each customer's suggestions (the contract's ProductSuggestion list as JSON text),
 * rewriting only the rows whose list changed, so a shelf edit that moves a few customers writes
 * a few rows.
 *
 * It also records product_change (docs/changes-and-alerts.md): a customer whose current state
 * an import changed has product_change among its kinds exactly while their top product differs
 * from the one of the state it superseded; the count of the file that recorded the state
 * follows. The import cannot tell (the products follow it in this run); a customer's first
 * state has nothing to differ from.
 */
export async function storeSuggestions(
  db: Executor,
  firmId: string,
  rows: { customer_id: string; products: string }[],
) {
  if (rows.length === 0) return;
  await sql`
    with written as (
      update customer_insights i set recommended_products = r.products::json,
        changes = case when i.change = 'updated' then
          array_remove(i.changes, 'product_change')
            || case when (r.products::json -> 0 ->> 'product_id') is distinct from (
                select h.top_product_id from insight_history h
                where h.firm_id = i.firm_id and h.customer_id = i.customer_id
                order by h.id desc limit 1)
              then array['product_change'] else '{}'::text[] end
          else i.changes end
      from json_to_recordset(${JSON.stringify(rows)}::json) as r(customer_id text, products text),
        customer_insights o
      where i.firm_id = ${firmId} and i.customer_id = r.customer_id
        and i.recommended_products::text is distinct from r.products
        and o.firm_id = i.firm_id and o.customer_id = i.customer_id
      returning i.file_id, ('product_change' = any(o.changes))::int as was,
        ('product_change' = any(i.changes))::int as is_now
    )
    update file_changes f set product_change = f.product_change + d.delta
    from (
      select file_id, sum(is_now - was)::int as delta from written
      where file_id is not null group by file_id
    ) d
    where f.firm_id = ${firmId} and f.file_id = d.file_id and d.delta <> 0
  `.execute(db);
}

/** Marks products as recommended, once: they can no longer be deleted (docs/products.md). */
export async function markProductsRecommended(db: Executor, firmId: string, productIds: string[]) {
  if (productIds.length === 0) return;
  await db
    .updateTable('products')
    .set({ first_recommended_at: sql<Date>`now()` })
    .where('firm_id', '=', firmId)
    .where('product_id', 'in', productIds)
    .where('first_recommended_at', 'is', null)
    .execute();
}

/* The per-firm run record (migration 0018): requested counts the asks, computed the asks the
 * last finished run covered, claimed_at the heartbeat of the process running one now. */

/** Asks for the firm's recommendations to be recomputed. */
export async function requestRun(db: Executor, firmId: string) {
  await db
    .insertInto('recommendation_runs')
    .values({ firm_id: firmId, requested: 1 })
    .onConflict((oc) =>
      oc.column('firm_id').doUpdateSet({ requested: sql`recommendation_runs.requested + 1` }),
    )
    .execute();
}

/**
 * Claims the firm's run when one is asked for and nobody runs it (or its runner stopped
 * beating for `staleSeconds`): answers the asks it will cover, or undefined.
 */
export async function claimRun(db: Executor, firmId: string, staleSeconds: number) {
  const row = await db
    .updateTable('recommendation_runs')
    .set({ claimed_at: sql<Date>`now()` })
    .where('firm_id', '=', firmId)
    .whereRef('requested', '>', 'computed')
    .where((eb) =>
      eb.or([
        eb('claimed_at', 'is', null),
        eb('claimed_at', '<', sql<Date>`now() - make_interval(secs => ${staleSeconds})`),
      ]),
    )
    .returning('requested')
    .executeTakeFirst();
  // bigint: a string from pg, a number from PGlite.
  return row && Number(row.requested);
}

export async function beatRun(db: Executor, firmId: string) {
  await db
    .updateTable('recommendation_runs')
    .set({ claimed_at: sql<Date>`now()` })
    .where('firm_id', '=', firmId)
    .execute();
}

/** Ends a run that covered the asks up to `requested`. */
export async function finishRun(db: Executor, firmId: string, requested: number) {
  await db
    .updateTable('recommendation_runs')
    .set({ computed: sql`greatest(computed, ${requested}::bigint)`, claimed_at: null })
    .where('firm_id', '=', firmId)
    .execute();
}

/** Firms with a run asked for that nobody is running (a lost job, or a runner that died). */
export async function firmsWaitingForRun(db: Executor, staleSeconds: number) {
  const rows = await everyFirm(db)
    .selectFrom('recommendation_runs')
    .select('firm_id')
    .whereRef('requested', '>', 'computed')
    .where((eb) =>
      eb.or([
        eb('claimed_at', 'is', null),
        eb('claimed_at', '<', sql<Date>`now() - make_interval(secs => ${staleSeconds})`),
      ]),
    )
    .execute();
  return rows.map((r) => r.firm_id);
}

/** Firms where a declined product's cooling-off period ended in the last two days. */
export async function firmsWithCooloffEnding(db: Executor, cooloffDays: number) {
  const rows = await everyFirm(db)
    .selectFrom('product_outcomes')
    .select('firm_id')
    .distinct()
    .where('outcome', '=', 'declined')
    .where('created_at', '<=', sql<Date>`now() - make_interval(days => ${cooloffDays})`)
    .where('created_at', '>', sql<Date>`now() - make_interval(days => ${cooloffDays + 2})`)
    .execute();
  return rows.map((r) => r.firm_id);
}
