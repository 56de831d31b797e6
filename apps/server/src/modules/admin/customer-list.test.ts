import type { ListCustomersResponse } from '@behavio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOnPlan, importCustomers, type Admin, setUpDb } from '../../../test/firms.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import {
  csvOf,
  customerTable,
  generateCustomers,
  toCsvBuffer,
} from '../../../test/fixtures/customer-files.js';
import { ANCHOR_STRIDE } from '../customers/customer-list-index.js';

/**
 * The customer list pages from per-firm anchors and counts from a per-firm summary (migration
 * 0005); these tests hold every page to what a plain `order by customer_id offset` gives, across
 * anchor boundaries, and after each change of the firm's customers.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const upload = (admin: Admin, csv: Buffer) => importCustomers(ctx, admin, csv);

async function list(admin: Admin, query: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/content/list-customers?${query}`,
    headers: admin.headers,
  });
  expect(res.statusCode, query).toBe(200);
  return res.json<ListCustomersResponse>();
}

/** The firm's customer ids as the database orders them, optionally filtered. */
async function idsInOrder(admin: Admin, where?: (id: string, country: string) => boolean) {
  const rows = await setUpDb(ctx)
    .selectFrom('customers')
    .select(['customer_id', 'country_iso'])
    .where('firm_id', '=', admin.firmId)
    .orderBy('customer_id')
    .execute();
  return rows
    .filter((r) => !where || where(r.customer_id, r.country_iso))
    .map((r) => r.customer_id);
}

/** Pages on both sides of anchor boundaries, the last page and one past it. */
async function expectPagesMatch(admin: Admin) {
  const all = await idsInOrder(admin);
  const lastOf = (size: number) => Math.ceil(all.length / size);
  const pages: [number, number][] = [
    [1, 25],
    [ANCHOR_STRIDE / 25, 25],
    [ANCHOR_STRIDE / 25 + 1, 25],
    [Math.floor(ANCHOR_STRIDE / 7) + 1, 7],
    [ANCHOR_STRIDE / 100 + 1, 100],
    [lastOf(25), 25],
    [lastOf(100), 100],
    [lastOf(25) + 1, 25],
  ];
  for (const [page, size] of pages) {
    const body = await list(admin, `page=${page}&page_size=${size}`);
    const from = (page - 1) * size;
    expect(
      body.customers.map((c) => c.customer_id),
      `page ${page} of ${size}`,
    ).toEqual(all.slice(from, from + size));
    expect(body.pagination).toEqual({
      page,
      page_size: size,
      total_count: all.length,
      total_pages: lastOf(size),
    });
  }
}

const csvWithIds = (count: number, firstId: number, seed: number) =>
  toCsvBuffer(customerTable(generateCustomers(count, { firstId, seed })));

describe('GET /api/content/list-customers at more than one anchor stride', () => {
  it('pages exactly as a plain offset would, through imports and deletions', async () => {
    const admin = await adminOnPlan(ctx, 'business');
    const first = await upload(admin, csvOf(2 * ANCHOR_STRIDE + 600));
    expect(await idsInOrder(admin)).toHaveLength(2600);
    await expectPagesMatch(admin);

    // 200 of these are already known: the total grows by 300.
    await upload(admin, csvWithIds(500, 102_401, 7));
    expect(await idsInOrder(admin)).toHaveLength(2900);
    await expectPagesMatch(admin);

    // Only the second file's 500 customers remain.
    const deleted = await ctx.app.inject({
      method: 'GET',
      url: `/api/content/delete-file/${first}`,
      headers: admin.headers,
    });
    expect(deleted.statusCode).toBe(200);
    const remaining = await list(admin, 'page=1&page_size=25');
    expect(remaining.pagination.total_count).toBe(500);
    expect(remaining.customers[0]?.customer_id).toBe('C-102401');
    await expectPagesMatch(admin);
  });

  it('searches ids and countries case-insensitively and counts each match once', async () => {
    const admin = await adminOnPlan(ctx, 'business');
    await upload(admin, csvOf(1500, {}, {}, 3));

    const cases: [string, (id: string, country: string) => boolean][] = [
      ['gb', (_id, country) => country === 'GBR'],
      ['E', (_id, country) => country.includes('E')],
      ['c-1001', (id) => id.startsWith('C-1001')],
      // Every id contains C, and so does CHE: each customer still counts once.
      ['c', () => true],
      ['ch', (_id, country) => country === 'CHE'],
      ['zz', () => false],
      ['%', () => false],
    ];
    for (const [search, matches] of cases) {
      const expected = await idsInOrder(admin, matches);
      const q = `search=${encodeURIComponent(search)}&page_size=100`;
      const page1 = await list(admin, `${q}&page=1`);
      expect(page1.pagination.total_count, search).toBe(expected.length);
      expect(
        page1.customers.map((c) => c.customer_id),
        search,
      ).toEqual(expected.slice(0, 100));
      const page2 = await list(admin, `${q}&page=2`);
      expect(
        page2.customers.map((c) => c.customer_id),
        search,
      ).toEqual(expected.slice(100, 200));
      const pastTheEnd = await list(admin, `${q}&page=50`);
      expect(pastTheEnd.customers, search).toEqual([]);
      expect(pastTheEnd.pagination.total_count, search).toBe(expected.length);
    }
  });

  it('rebuilds a missing summary on read and keeps firms apart', async () => {
    const admin = await adminOnPlan(ctx, 'business');
    const other = await adminOnPlan(ctx, 'business');
    await upload(admin, csvOf(40));
    await upload(other, csvWithIds(7, 900_001, 5));
    await setUpDb(ctx)
      .deleteFrom('customer_list_index')
      .where('firm_id', '=', admin.firmId)
      .execute();

    const own = await list(admin, 'page=2&page_size=25');
    expect(own.pagination.total_count).toBe(40);
    expect(own.customers.map((c) => c.customer_id)).toEqual((await idsInOrder(admin)).slice(25));
    const rebuilt = await setUpDb(ctx)
      .selectFrom('customer_list_index')
      .select('total')
      .where('firm_id', '=', admin.firmId)
      .executeTakeFirst();
    expect(rebuilt?.total).toBe(40);

    const theirs = await list(other, 'page=1&page_size=100&search=c');
    expect(theirs.customers.map((c) => c.customer_id)).toEqual(await idsInOrder(other));
    expect(theirs.pagination.total_count).toBe(7);
  });

  it('answers an empty page for a firm with no customers', async () => {
    const admin = await adminOnPlan(ctx, 'business');
    for (const query of ['page=1&page_size=25', 'page=3&page_size=25', 'search=gbr']) {
      const body = await list(admin, query);
      expect(body.customers, query).toEqual([]);
      expect(body.pagination.total_count, query).toBe(0);
    }
  });
});
