import type { NewProduct, ProductChanges } from '@behavio/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { DEFAULT_SHELF } from '@behavio/contract';

/** Every product of the firm, by name. */
export function listProducts(db: Executor, firmId: string) {
  return db
    .selectFrom('products')
    .selectAll()
    .where('firm_id', '=', firmId)
    .orderBy(sql`lower(name)`)
    .orderBy('product_id')
    .execute();
}

/** The firm's product, locked until the caller's transaction ends (edits and deletions queue). */
export function lockProduct(db: Executor, firmId: string, productId: string) {
  return db
    .selectFrom('products')
    .selectAll()
    .where('firm_id', '=', firmId)
    .where('product_id', '=', productId)
    .forUpdate()
    .executeTakeFirst();
}

export function insertProduct(db: Executor, firmId: string, product: NewProduct) {
  return db
    .insertInto('products')
    .values({ firm_id: firmId, ...product })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateProduct(
  db: Executor,
  firmId: string,
  productId: string,
  changes: ProductChanges,
) {
  return db
    .updateTable('products')
    .set({ ...changes, updated_at: sql<Date>`now()` })
    .where('firm_id', '=', firmId)
    .where('product_id', '=', productId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Whether the product was ever recommended: marked when a recommendation is stored or an
 * outcome recorded (`first_recommended_at`), or named by an outcome still on file.
 */
export async function wasEverRecommended(db: Executor, firmId: string, productId: string) {
  const row = await db
    .selectFrom('products as p')
    .select((eb) =>
      eb
        .or([
          eb('p.first_recommended_at', 'is not', null),
          eb.exists(
            eb
              .selectFrom('product_outcomes as o')
              .select(sql`1`.as('one'))
              .whereRef('o.firm_id', '=', 'p.firm_id')
              .whereRef('o.product_id', '=', 'p.product_id'),
          ),
        ])
        .as('ever'),
    )
    .where('p.firm_id', '=', firmId)
    .where('p.product_id', '=', productId)
    .executeTakeFirst();
  return row?.ever === true;
}

export async function deleteProduct(db: Executor, firmId: string, productId: string) {
  await db
    .deleteFrom('products')
    .where('firm_id', '=', firmId)
    .where('product_id', '=', productId)
    .execute();
}

/** Puts the default shelf on a new firm's shelf (registration). */
export async function seedDefaultShelf(db: Executor, firmId: string) {
  await db
    .insertInto('products')
    .values(DEFAULT_SHELF.map((product) => ({ firm_id: firmId, ...product })))
    .execute();
}

/** The customer, if the caller may see it: any of the firm's for an admin, an RM's own only. */
export function findVisibleCustomer(
  db: Executor,
  firmId: string,
  customerId: string,
  rmId: string | null,
) {
  let query = db
    .selectFrom('customers')
    .select('customer_id')
    .where('firm_id', '=', firmId)
    .where('customer_id', '=', customerId);
  if (rmId !== null) query = query.where('rm_id', '=', rmId);
  return query.executeTakeFirst();
}

/** The pair's outcomes, any order (the product is locked: no other outcome of it is being written). */
export function pairOutcomes(db: Executor, firmId: string, customerId: string, productId: string) {
  return db
    .selectFrom('product_outcomes')
    .select([
      'customer_id',
      'product_id',
      'outcome',
      'reason',
      'recorded_by',
      'created_at as recorded_at',
    ])
    .where('firm_id', '=', firmId)
    .where('customer_id', '=', customerId)
    .where('product_id', '=', productId)
    .execute();
}

export function insertOutcome(
  db: Executor,
  values: {
    firm_id: string;
    customer_id: string;
    product_id: string;
    outcome: 'offered' | 'accepted' | 'declined' | 'undone';
    reason: string | null;
    recorded_by: string;
  },
) {
  return db.insertInto('product_outcomes').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Marks the product as recommended, once: it can no longer be deleted (see docs/products.md). */
export async function markRecommended(db: Executor, firmId: string, productId: string) {
  await db
    .updateTable('products')
    .set({ first_recommended_at: sql<Date>`coalesce(first_recommended_at, now())` })
    .where('firm_id', '=', firmId)
    .where('product_id', '=', productId)
    .execute();
}

/** How many customers each product is recommended to now (the stored lists). */
export async function recommendedNowCounts(db: Executor, firmId: string) {
  const rows = await sql<{ product_id: string; n: number | string }>`
    select p.value->>'product_id' as product_id, count(*) as n
    from customer_insights i, json_array_elements(i.recommended_products) p
    where i.firm_id = ${firmId}
    group by 1
  `.execute(db);
  return new Map(rows.rows.map((r) => [r.product_id, Number(r.n)]));
}

/** Every product outcome of the firm with who recorded it (RMs and admins), any order. */
export function firmOutcomes(db: Executor, firmId: string) {
  return db
    .selectFrom('product_outcomes as o')
    .leftJoin('users as u', (join) =>
      join.onRef('u.firm_id', '=', 'o.firm_id').onRef('u.id', '=', 'o.recorded_by'),
    )
    .select([
      'o.customer_id',
      'o.product_id',
      'o.outcome',
      'o.created_at as recorded_at',
      'o.recorded_by',
      'u.name as recorder_name',
    ])
    .where('o.firm_id', '=', firmId)
    .execute();
}

/** Whether no recomputation of the firm's recommendations is asked for or running. */
export async function recommendationsUpToDate(db: Executor, firmId: string) {
  const run = await db
    .selectFrom('recommendation_runs')
    .select(['requested', 'computed', 'claimed_at'])
    .where('firm_id', '=', firmId)
    .executeTakeFirst();
  return !run || (Number(run.computed) >= Number(run.requested) && run.claimed_at === null);
}
