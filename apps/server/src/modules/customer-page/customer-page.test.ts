import {
  BIAS_NAMES,
  CUSTOMER_PAGE_MESSAGES,
  REQUIRED_COLUMNS,
  type CustomerPageResponse,
} from '@behavio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employeeOf, firmWithTwoBooks, type Admin, type Employee } from '../../../test/firms.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';

/** GET /api/content/customer/{customer_id} (issue 18, item 4): who may open which customer. */
let ctx: TestContext;
let admin: Admin;
let rm: Employee;
let otherRm: Employee;
let own: string;
let others: string;
let foreign: { admin: Admin; customer: string };

beforeAll(async () => {
  ctx = await createTestContext();
  ({ admin, rm, otherRm, own, others, foreign } = await firmWithTwoBooks(ctx));
}, 300_000);
afterAll(() => ctx.close());

const open = (headers: Record<string, string>, customerId: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/content/customer/${encodeURIComponent(customerId)}`,
    headers,
  });

describe('the customer page', () => {
  it('shows the RM their own customer: the row, insights with evidence, products and history', async () => {
    const res = await open(rm.headers, own);
    expect(res.statusCode).toBe(200);
    const page = res.json<CustomerPageResponse>();
    expect(page.customer.customer_id).toBe(own);
    expect(Object.keys(page.customer)).toEqual(
      expect.arrayContaining(REQUIRED_COLUMNS.map((c) => c.name)),
    );
    expect(page.rm_id).toBe(rm.id);
    expect(page.rm_name).toBe('rm person');
    expect(page.insights.biases.map((b) => b.bias_name)).toEqual([...BIAS_NAMES]);
    expect(page.insights.biases[0]!.evidence).toBeDefined();
    for (const p of page.recommended_products) {
      expect(p.reasons.length).toBeGreaterThan(0);
      expect(p.suitability).not.toBe('');
    }
    expect(page.product_outcomes).toEqual([]);
    expect(page.call_outcomes).toEqual([]);
    expect(page.notes).toEqual([]);
    expect(page.call_state).toBeNull();
  });

  it('lists what was recorded, newest first, with who recorded it', async () => {
    const shelf = await ctx.database.db
      .selectFrom('products')
      .select(['product_id', 'name'])
      .where('firm_id', '=', admin.firmId)
      .orderBy('name')
      .executeTakeFirstOrThrow();
    for (const outcome of ['offered', 'declined'])
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/content/product-outcome',
            headers: rm.headers,
            payload: { customer_id: own, product_id: shelf.product_id, outcome },
          })
        ).statusCode,
      ).toBe(201);
    const called = await ctx.app.inject({
      method: 'POST',
      url: '/api/content/rm-call-outcome',
      headers: rm.headers,
      payload: { customer_id: own, outcome: 'called' },
    });
    expect(called.statusCode).toBe(201);
    const page = (await open(admin.headers, own)).json<CustomerPageResponse>();
    expect(page.product_outcomes.map((o) => [o.outcome, o.product_name, o.recorded_by])).toEqual([
      ['declined', shelf.name, 'rm person'],
      ['offered', shelf.name, 'rm person'],
    ]);
    expect(page.call_outcomes.map((o) => [o.outcome, o.recorded_by])).toEqual([
      ['called', 'rm person'],
    ]);
    // The badge every RM list shows, on the page too (issue 20, item 5), for RM and admin alike.
    expect(page.call_state).toBe('called');
    expect((await open(rm.headers, own)).json<CustomerPageResponse>().call_state).toBe('called');
  });

  it('opens any of the firm’s customers for the admin', async () => {
    for (const id of [own, others]) expect((await open(admin.headers, id)).statusCode).toBe(200);
  });

  it('answers 404 for another RM’s customer, another firm’s, and an unknown id, alike', async () => {
    for (const [headers, id] of [
      [otherRm.headers, own],
      [rm.headers, others],
      [admin.headers, foreign.customer],
      [admin.headers, 'NO-SUCH-CUSTOMER'],
    ] as const) {
      const res = await open(headers, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: CUSTOMER_PAGE_MESSAGES.notFound });
    }
  });

  it('refuses head, compliance and view users (403), and an overlong id (400)', async () => {
    for (const role of ['head', 'compliance', 'view'] as const) {
      const user = await employeeOf(ctx, admin, role);
      expect((await open(user.headers, own)).statusCode).toBe(403);
    }
    expect((await open(admin.headers, 'x'.repeat(201))).statusCode).toBe(400);
  });
});
