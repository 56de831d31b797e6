import type { ProductPerformanceResponse, ProductSuggestion } from '@behavio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvOf } from '../../../test/fixtures/customer-files.js';
import { adminOnPlan, employeeOf, importCustomers } from '../../../test/firms.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { productPerformance } from './product-performance.js';

const shelf = [
  { product_id: 'p1', name: 'Saver', category: 'savings', active: true },
  { product_id: 'p2', name: 'Card', category: 'credit_card', active: false },
];
const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 9, minute));
const outcome = (
  customer_id: string,
  product_id: string,
  o: 'offered' | 'accepted' | 'declined' | 'undone',
  minute: number,
  recorded_by = 'u1',
) => ({
  customer_id,
  product_id,
  outcome: o,
  recorded_at: at(minute),
  recorded_by,
  recorder_name: recorded_by === 'u1' ? 'Rita' : 'Sam',
});

describe('productPerformance', () => {
  it('counts pairs whose outcome stands, an Undo taking the latest back', () => {
    const report = productPerformance(shelf, new Map([['p1', 7]]), [
      outcome('A', 'p1', 'offered', 1),
      outcome('A', 'p1', 'accepted', 2),
      outcome('B', 'p1', 'offered', 1, 'u2'),
      outcome('B', 'p1', 'declined', 2, 'u2'),
      outcome('C', 'p1', 'declined', 1),
      outcome('C', 'p1', 'undone', 2),
      outcome('D', 'p2', 'declined', 1, 'u2'),
      outcome('D', 'p2', 'accepted', 3, 'u2'),
    ]);
    expect(report.products).toEqual([
      {
        product_id: 'p1',
        name: 'Saver',
        category: 'savings',
        active: true,
        recommended_now: 7,
        offered: 2,
        accepted: 1,
        declined: 1,
        acceptance_rate: 0.5,
      },
      {
        product_id: 'p2',
        name: 'Card',
        category: 'credit_card',
        active: false,
        recommended_now: 0,
        offered: 0,
        accepted: 1,
        declined: 0,
        acceptance_rate: 1,
      },
    ]);
    expect(report.rms).toEqual([
      { user_id: 'u1', name: 'Rita', offered: 1, accepted: 1, declined: 0, acceptance_rate: 1 },
      { user_id: 'u2', name: 'Sam', offered: 1, accepted: 1, declined: 1, acceptance_rate: 0.5 },
    ]);
  });

  it('has no acceptance rate before any decision', () => {
    const report = productPerformance(shelf, new Map(), [outcome('A', 'p1', 'offered', 1)]);
    expect(report.products[0]).toMatchObject({ offered: 1, acceptance_rate: null });
  });
});

describe('GET /api/content/product-performance', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  }, 300_000);
  afterAll(() => ctx.close());

  it('reports the firm’s own shelf and outcomes to admin, head and compliance, and refuses rm and view', async () => {
    const admin = await adminOnPlan(ctx, 'pro');
    await importCustomers(ctx, admin, csvOf(20));
    const rm = await employeeOf(ctx, admin, 'rm');
    await ctx.database.db
      .updateTable('customers')
      .set({ rm_id: rm.id })
      .where('firm_id', '=', admin.firmId)
      .execute();
    const rows = await ctx.database.db
      .selectFrom('customer_insights')
      .select(['customer_id', 'recommended_products'])
      .where('firm_id', '=', admin.firmId)
      .execute();
    const listed = rows.flatMap((r) => r.recommended_products as ProductSuggestion[]);
    const target = rows.find((r) => (r.recommended_products as ProductSuggestion[]).length > 0)!;
    const product = (target.recommended_products as ProductSuggestion[])[0]!;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/content/product-outcome',
      headers: rm.headers,
      payload: {
        customer_id: target.customer_id,
        product_id: product.product_id,
        outcome: 'accepted',
      },
    });
    expect(res.statusCode).toBe(201);

    // Another firm's outcomes never count here.
    const other = await adminOnPlan(ctx, 'pro');
    await importCustomers(ctx, other, csvOf(5));

    const read = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'GET', url: '/api/content/product-performance', headers });
    const report = (await read(admin.headers)).json<ProductPerformanceResponse>();
    const row = report.products.find((p) => p.product_id === product.product_id)!;
    expect(report.recommendations_up_to_date).toBe(true);
    expect(row).toMatchObject({ accepted: 1, declined: 0, acceptance_rate: 1 });
    // Accepted is never recommended again: the count is of the lists before, less one.
    const before = listed.filter((p) => p.product_id === product.product_id).length;
    expect(row.recommended_now).toBe(before - 1);
    expect(report.rms).toEqual([
      {
        user_id: rm.id,
        name: 'rm person',
        offered: 0,
        accepted: 1,
        declined: 0,
        acceptance_rate: 1,
      },
    ]);
    expect(report.products).toHaveLength(13);
    for (const role of ['head', 'compliance'] as const)
      expect((await read((await employeeOf(ctx, admin, role)).headers)).statusCode).toBe(200);
    for (const headers of [rm.headers, (await employeeOf(ctx, admin, 'view')).headers])
      expect((await read(headers)).statusCode).toBe(403);
  });
});
