import {
  type CustomerPageResponse,
  type CustomerRecord,
  type ListProductsResponse,
  type ProductSuggestion,
  type RmBookResponse,
  type WhoToCallResponse,
} from '@behavio/contract';
import { checkEligibility } from '@behavio/insights';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvOf } from '../../../test/fixtures/customer-files.js';
import {
  adminOnPlan,
  employeeOf,
  importCustomers,
  recommendationsSettled,
  type Admin,
} from '../../../test/firms.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { lockFirmCustomers } from '../customers/customer-list-index.js';
import { CUSTOMER_RECORD_COLUMNS } from '../customers/customers.repository.js';
import * as repo from './recommendations.repository.js';

/** Stored recommendations (issue 18, item 3): computed after an import, kept current. */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
}, 300_000);
afterAll(() => ctx.close());

const CUSTOMERS = 60;

/** Each customer's row and stored suggestions. */
const stored = (firmId: string) =>
  ctx.database.db
    .selectFrom('customers as c')
    .innerJoin('customer_insights as i', (join) =>
      join.onRef('i.firm_id', '=', 'c.firm_id').onRef('i.customer_id', '=', 'c.customer_id'),
    )
    .select([...CUSTOMER_RECORD_COLUMNS, 'i.recommended_products'])
    .where('c.firm_id', '=', firmId)
    .orderBy('c.customer_id')
    .execute();

/** Waits until the firm's asks are all computed, and answers the stored rows. */
async function settled(firmId: string) {
  await recommendationsSettled(ctx, firmId);
  return stored(firmId);
}

const shelfOf = async (admin: Admin) =>
  (
    await ctx.app.inject({ method: 'GET', url: '/api/products', headers: admin.headers })
  ).json<ListProductsResponse>().products;

async function firmWithBook() {
  const admin = await adminOnPlan(ctx, 'pro');
  await importCustomers(ctx, admin, csvOf(CUSTOMERS));
  const rm = await employeeOf(ctx, admin, 'rm');
  await ctx.database.db
    .updateTable('customers')
    .set({ rm_id: rm.id })
    .where('firm_id', '=', admin.firmId)
    .execute();
  return { admin, rm };
}

describe('stored recommendations', () => {
  it('are computed after an import, never break a product rule, and reach every RM list', async () => {
    const { admin, rm } = await firmWithBook();
    const rows = await settled(admin.firmId);
    const shelf = new Map((await shelfOf(admin)).map((p) => [p.product_id, p]));
    let suggested = 0;
    for (const row of rows) {
      const { recommended_products, ...customer } = row;
      const products = recommended_products as ProductSuggestion[];
      expect(products.length).toBeLessThanOrEqual(3);
      for (const p of products) {
        const product = shelf.get(p.product_id)!;
        expect(product.active).toBe(true);
        expect(checkEligibility(customer as unknown as CustomerRecord, product).exclusions).toEqual(
          [],
        );
        suggested++;
      }
      // Best first.
      const fits = products.map((p) => p.fit_score);
      expect(fits.length === 0 || products.every((p) => p.fit_score > 0)).toBe(true);
    }
    expect(suggested).toBeGreaterThan(CUSTOMERS);

    const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: rm.headers });
    const calls = (await get('/api/content/rm-who-to-call')).json<WhoToCallResponse>();
    const book = (await get('/api/content/rm-own-book')).json<RmBookResponse>();
    const byId = new Map(rows.map((r) => [r.customer_id, r.recommended_products]));
    for (const item of [...calls, ...book.customers])
      expect(item.recommended_products).toEqual(byId.get(item.customer_id));
  });

  it('follow the shelf: a deactivated product leaves every list, and comes back when active', async () => {
    const { admin } = await firmWithBook();
    const before = await settled(admin.firmId);
    const counts = new Map<string, number>();
    for (const row of before)
      for (const p of row.recommended_products as ProductSuggestion[])
        counts.set(p.product_id, (counts.get(p.product_id) ?? 0) + 1);
    const [top] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
    const put = (active: boolean) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/products/${top}`,
        headers: admin.headers,
        payload: { active },
      });
    expect((await put(false)).statusCode).toBe(200);
    const without = await settled(admin.firmId);
    const named = (rows: typeof before) =>
      rows.filter((r) =>
        (r.recommended_products as ProductSuggestion[]).some((p) => p.product_id === top),
      ).length;
    expect(named(without)).toBe(0);
    expect((await put(true)).statusCode).toBe(200);
    expect(named(await settled(admin.firmId))).toBe(counts.get(top));
  });

  it('drop a declined product from the customer at once, and an Undo brings it back', async () => {
    const { admin, rm } = await firmWithBook();
    const rows = await settled(admin.firmId);
    const customer = rows.find((r) => (r.recommended_products as ProductSuggestion[]).length > 0)!;
    const product = (customer.recommended_products as ProductSuggestion[])[0]!;
    const record = (outcome: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/content/product-outcome',
        headers: rm.headers,
        payload: { customer_id: customer.customer_id, product_id: product.product_id, outcome },
      });
    const listed = async () => {
      const calls = (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/content/rm-who-to-call',
          headers: rm.headers,
        })
      ).json<WhoToCallResponse>();
      const item = calls.find((c) => c.customer_id === customer.customer_id)!;
      return item.recommended_products.map((p) => p.product_id);
    };
    expect((await record('declined')).statusCode).toBe(201);
    expect(await listed()).not.toContain(product.product_id);
    const page = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/content/customer/${encodeURIComponent(customer.customer_id)}`,
        headers: rm.headers,
      })
    ).json<CustomerPageResponse>();
    const excluded = page.excluded_products.find((p) => p.product_id === product.product_id);
    expect(excluded?.reasons.join(' ')).toMatch(
      /^declined on \d{4}-\d{2}-\d{2}: not offered again for 90 days/,
    );
    expect((await record('undone')).statusCode).toBe(201);
    expect(await listed()).toContain(product.product_id);
  });

  // Two connections are needed: PGlite has one, and serves one process.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "are written under the firm's customer lock, which a file deletion holds (no deadlock)",
    async () => {
      const { admin } = await firmWithBook();
      const db = ctx.database.db;
      const rows = await settled(admin.firmId);
      const target = rows.find((r) => (r.recommended_products as unknown[]).length > 0)!;
      const listOf = async () =>
        (await stored(admin.firmId)).find((r) => r.customer_id === target.customer_id)!
          .recommended_products;
      await db
        .updateTable('customer_insights')
        .set({ recommended_products: sql`'[]'::json` })
        .where('firm_id', '=', admin.firmId)
        .where('customer_id', '=', target.customer_id)
        .execute();
      await repo.requestRun(db, admin.firmId);
      let run: Promise<void> | undefined;
      await db.transaction().execute(async (trx) => {
        await lockFirmCustomers(trx, admin.firmId);
        run = ctx.services.recommendations.runFirm(admin.firmId);
        await new Promise((resolve) => setTimeout(resolve, 1000));
        expect(await listOf()).toEqual([]);
      });
      await run;
      await settled(admin.firmId);
      expect(await listOf()).toEqual(target.recommended_products);
    },
  );

  it('are run by one process per firm at a time; an ask made during a run makes it go round again', async () => {
    const { admin } = await firmWithBook();
    await settled(admin.firmId);
    const db = ctx.database.db;
    await repo.requestRun(db, admin.firmId);
    const claimed = await repo.claimRun(db, admin.firmId, 60);
    expect(claimed).toBeDefined();
    // A second process finds the run taken.
    expect(await repo.claimRun(db, admin.firmId, 60)).toBeUndefined();
    await repo.requestRun(db, admin.firmId);
    await repo.finishRun(db, admin.firmId, claimed!);
    // The ask made during the run is still waiting: the runner claims again.
    expect(await repo.claimRun(db, admin.firmId, 60)).toBe(claimed! + 1);
    await repo.finishRun(db, admin.firmId, claimed! + 1);
    expect(await repo.claimRun(db, admin.firmId, 60)).toBeUndefined();
  });
});
