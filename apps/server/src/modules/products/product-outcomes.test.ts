import {
  PRODUCT_MESSAGES,
  PRODUCT_OUTCOME_MESSAGES,
  type ListProductsResponse,
  type ProductOutcomeResponse,
} from '@behavio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvOf } from '../../../test/fixtures/customer-files.js';
import {
  adminOnPlan,
  assignInDatabase,
  customerIdsOf,
  employeeOf,
  importCustomers,
  type Admin,
  type Employee,
} from '../../../test/firms.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';

let ctx: TestContext;

interface Firm {
  admin: Admin;
  rm: Employee;
  otherRm: Employee;
  /** A customer of `rm`'s book, one of `otherRm`'s, and one nobody's. */
  own: string;
  others: string;
  unassigned: string;
  productId: string;
}

async function firm(): Promise<Firm> {
  const admin = await adminOnPlan(ctx, 'pro');
  await importCustomers(ctx, admin, csvOf(3));
  const rm = await employeeOf(ctx, admin, 'rm');
  const otherRm = await employeeOf(ctx, admin, 'rm');
  const ids = await customerIdsOf(ctx, admin.firmId);
  const [own, others, unassigned] = ids as [string, string, string];
  await assignInDatabase(ctx, admin.firmId, [
    [own, rm.id],
    [others, otherRm.id],
  ]);
  const shelf = await ctx.app.inject({
    method: 'GET',
    url: '/api/products',
    headers: admin.headers,
  });
  const productId = shelf.json<ListProductsResponse>().products[0]!.product_id;
  return { admin, rm, otherRm, own, others, unassigned, productId };
}

const record = (headers: Record<string, string>, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/content/product-outcome', headers, payload });

const outcomesOf = (firmId: string) =>
  ctx.database.db
    .selectFrom('product_outcomes')
    .select(['customer_id', 'product_id', 'outcome', 'reason'])
    .where('firm_id', '=', firmId)
    .orderBy('created_at')
    .execute();

let f: Firm;
beforeAll(async () => {
  ctx = await createTestContext();
  f = await firm();
}, 300_000);
afterAll(() => ctx.close());

describe('POST /api/content/product-outcome', () => {
  it('records an RM’s outcome for their own customer, audited, and the product can no longer be deleted', async () => {
    const res = await record(f.rm.headers, {
      customer_id: f.own,
      product_id: f.productId,
      outcome: 'declined',
      reason: 'Keeps cash for a house purchase',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<ProductOutcomeResponse>()).toMatchObject({
      message: PRODUCT_OUTCOME_MESSAGES.recorded,
      customer_id: f.own,
      product_id: f.productId,
      outcome: 'declined',
      reason: 'Keeps cash for a house purchase',
    });
    expect(await outcomesOf(f.admin.firmId)).toEqual([
      {
        customer_id: f.own,
        product_id: f.productId,
        outcome: 'declined',
        reason: 'Keeps cash for a house purchase',
      },
    ]);
    const audit = await ctx.database.db
      .selectFrom('audit_events')
      .select(['action', 'actor_role', 'subject_id'])
      .where('firm_id', '=', f.admin.firmId)
      .where('action', '=', 'product_outcome.recorded')
      .execute();
    expect(audit).toEqual([
      { action: 'product_outcome.recorded', actor_role: 'rm', subject_id: f.own },
    ]);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/products/${f.productId}`,
      headers: f.admin.headers,
    });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(PRODUCT_MESSAGES.everRecommended);
  });

  it('takes an outcome back with an Undo, recorded as an outcome of its own; nothing left to undo is a 409', async () => {
    const undo = { customer_id: f.own, product_id: f.productId, outcome: 'undone' };
    expect((await record(f.rm.headers, undo)).statusCode).toBe(201);
    // The RM's own Undo again at once is a double click (repeated-records.test.ts); anyone else's
    // finds nothing left.
    const again = await record(f.admin.headers, undo);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PRODUCT_OUTCOME_MESSAGES.nothingToUndo);
    expect((await outcomesOf(f.admin.firmId)).map((o) => o.outcome)).toEqual([
      'declined',
      'undone',
    ]);
  });

  it('lets the admin record for any customer of the firm, assigned or not', async () => {
    for (const customer of [f.others, f.unassigned]) {
      const res = await record(f.admin.headers, {
        customer_id: customer,
        product_id: f.productId,
        outcome: 'offered',
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it('answers 404 for another RM’s customer, and for another firm’s customer or product, writing nothing', async () => {
    const other = await firm();
    // Customer ids are the firm's own: the same id may exist in both firms. Give the other firm's
    // customer one ours does not have, so a 404 can only come from the firm scope.
    const foreignCustomer = 'FOREIGN-1';
    await ctx.database.db
      .updateTable('customers')
      .set({ customer_id: foreignCustomer })
      .where('firm_id', '=', other.admin.firmId)
      .where('customer_id', '=', other.own)
      .execute();
    const before = await outcomesOf(f.admin.firmId);
    for (const [headers, customer, product] of [
      [f.rm.headers, f.others, f.productId],
      [f.rm.headers, f.unassigned, f.productId],
      [f.admin.headers, foreignCustomer, f.productId],
      [f.admin.headers, f.own, other.productId],
      [f.admin.headers, f.own, 'not-a-product'],
    ] as const) {
      const res = await record(headers, {
        customer_id: customer,
        product_id: product,
        outcome: 'accepted',
      });
      expect(res.statusCode, `${customer} ${product}`).toBe(404);
    }
    expect(await outcomesOf(f.admin.firmId)).toEqual(before);
    expect(await outcomesOf(other.admin.firmId)).toEqual([]);
  });

  it('refuses other roles with 403', async () => {
    for (const role of ['head', 'compliance', 'view'] as const) {
      const employee = await employeeOf(ctx, f.admin, role);
      const res = await record(employee.headers, {
        customer_id: f.own,
        product_id: f.productId,
        outcome: 'offered',
      });
      expect(res.statusCode).toBe(403);
    }
  });

  it('names the field for bad input', async () => {
    for (const [body, field] of [
      [{ product_id: f.productId, outcome: 'offered' }, 'customer_id'],
      [{ customer_id: f.own, outcome: 'offered' }, 'product_id'],
      [{ customer_id: f.own, product_id: f.productId, outcome: 'maybe' }, 'outcome'],
      [
        {
          customer_id: f.own,
          product_id: f.productId,
          outcome: 'declined',
          reason: 'r'.repeat(501),
        },
        'reason',
      ],
    ] as const) {
      const res = await record(f.rm.headers, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(field);
    }
  });
});
