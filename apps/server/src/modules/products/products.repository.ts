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

/** Puts the default shelf on a new firm's shelf (registration, and migration 0015). */
export async function seedDefaultShelf(db: Executor, firmId: string) {
  await db
    .insertInto('products')
    .values(DEFAULT_SHELF.map((product) => ({ firm_id: firmId, ...product })))
    .execute();
}
