import {
  BIAS_NAMES,
  CREDIT_MESSAGES,
  MESSAGES,
  type FeatureData,
  type UnlockResponse,
} from '@behavio/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvOf } from '../../../test/fixtures/customer-files.js';
import {
  adminOnPlan,
  employeeOf,
  importCustomers,
  type Admin,
  setUpDb,
} from '../../../test/firms.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';

let ctx: TestContext;

const get = (headers: Record<string, string>, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers });

const withCustomers = (admin: Admin, rows: number) => importCustomers(ctx, admin, csvOf(rows));

const userIdOf = async (email: string, firmId: string) =>
  (
    await setUpDb(ctx)
      .selectFrom('users')
      .select(['id', 'credits'])
      .where('email', '=', email)
      .where('firm_id', '=', firmId)
      .executeTakeFirstOrThrow()
  ).id;

const balance = async (userId: string) =>
  (
    await setUpDb(ctx)
      .selectFrom('users')
      .select('credits')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
  ).credits;

const ledger = (userId: string) =>
  setUpDb(ctx)
    .selectFrom('credit_ledger')
    .select(['delta', 'reason', 'balance_after', 'firm_id'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('credits', () => {
  it('starts every new user with 100 credits, the first row of their ledger', async () => {
    const admin = await adminOnPlan(ctx);
    const rm = await employeeOf(ctx, admin, 'rm');
    const adminId = await userIdOf(admin.email, admin.firmId);
    for (const id of [adminId, rm.id]) {
      expect(await balance(id)).toBe(100);
      expect(await ledger(id)).toEqual([
        { delta: 100, reason: 'starting_credits', balance_after: 100, firm_id: admin.firmId },
      ]);
    }
    const user = await get(rm.headers, '/api/auth/check-user');
    expect(user.json().user.credits).toBe(100);
  });

  it('unlocks Premium Feature Access for 10 credits with a summary of the firm’s book', async () => {
    const admin = await adminOnPlan(ctx);
    await withCustomers(admin, 30);
    const rm = await employeeOf(ctx, admin, 'rm');
    await setUpDb(ctx)
      .updateTable('customers')
      .set({ rm_id: rm.id })
      .where('firm_id', '=', admin.firmId)
      .where(
        'customer_id',
        'in',
        sql<string>`(select customer_id from customers where firm_id = ${admin.firmId} order by customer_id limit 4)`,
      )
      .execute();

    const res = await get(rm.headers, '/api/free/freeRoute1');
    expect(res.statusCode).toBe(200);
    const body = res.json<UnlockResponse>();
    expect(body.remainingCredits).toBe(90);
    expect(body.data).toMatchObject({
      userId: rm.id,
      feature: 'Premium Feature Access',
      featureKey: 'freeRoute1',
      kind: 'book_summary',
      total_customers: 30,
      assigned: 4,
      unassigned: 26,
      scored_customers: 30,
    });
    if (body.data.kind !== 'book_summary') throw new Error('wrong content');
    const sum = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);
    expect(sum(body.data.risk_levels)).toBe(30);
    expect(sum(body.data.segments)).toBe(30);
    const avg = await setUpDb(ctx)
      .selectFrom('customer_insights')
      .select((eb) => eb.fn.avg<number>('priority_score').as('a'))
      .where('firm_id', '=', admin.firmId)
      .executeTakeFirstOrThrow();
    expect(body.data.average_priority).toBeCloseTo(Number(avg.a), 1);

    expect(await ledger(rm.id)).toEqual([
      { delta: 100, reason: 'starting_credits', balance_after: 100, firm_id: admin.firmId },
      { delta: -10, reason: 'unlock:freeRoute1', balance_after: 90, firm_id: admin.firmId },
    ]);
    const user = await get(rm.headers, '/api/auth/check-user');
    expect(user.json().user.credits).toBe(90);
  });

  it('unlocks Advanced Data Insights: bias prevalence and who most needs a call', async () => {
    const admin = await adminOnPlan(ctx);
    await withCustomers(admin, 25);
    const res = await get(admin.headers, '/api/free/freeRoute2');
    expect(res.statusCode).toBe(200);
    const body = res.json<UnlockResponse>();
    expect(body.remainingCredits).toBe(90);
    const data = body.data;
    if (data.kind !== 'data_insights') throw new Error('wrong content');
    expect(data).toMatchObject({
      feature: 'Advanced Data Insights',
      featureKey: 'freeRoute2',
      scored_customers: 25,
      threshold: 60,
    });
    expect(data.bias_prevalence.map((b) => b.bias_name).sort()).toEqual([...BIAS_NAMES].sort());
    const shares = data.bias_prevalence.map((b) => b.share_at_or_above);
    expect(shares).toEqual([...shares].sort((a, b) => b - a));

    // Checked against the stored scores, one customer at a time.
    const stored = await setUpDb(ctx)
      .selectFrom('customer_insights')
      .select(['bias_scores', 'priority_score', 'customer_id'])
      .where('firm_id', '=', admin.firmId)
      .execute();
    for (const bias of data.bias_prevalence) {
      const at = BIAS_NAMES.indexOf(bias.bias_name as (typeof BIAS_NAMES)[number]);
      const scores = stored.map((r) => r.bias_scores[at]! / 100);
      const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
      expect(bias.mean_score).toBeCloseTo(mean, 1);
      expect(bias.customers_at_or_above).toBe(scores.filter((s) => s >= 60).length);
      expect(bias.share_at_or_above).toBeCloseTo(bias.customers_at_or_above / 25, 3);
    }
    expect(data.top_priority).toHaveLength(10);
    const expected = [...stored]
      .sort(
        (a, b) => b.priority_score - a.priority_score || a.customer_id.localeCompare(b.customer_id),
      )
      .slice(0, 10)
      .map((r) => r.customer_id);
    expect(data.top_priority.map((c) => c.customer_id)).toEqual(expected);
    for (const c of data.top_priority) expect(c.recommended_action.length).toBeGreaterThan(0);
  });

  it('answers an empty firm with zeros rather than an error', async () => {
    const admin = await adminOnPlan(ctx);
    const one = (await get(admin.headers, '/api/free/freeRoute1')).json<UnlockResponse>();
    expect(one.data).toMatchObject({
      total_customers: 0,
      scored_customers: 0,
      average_priority: null,
    });
    const two = (await get(admin.headers, '/api/free/freeRoute2')).json<UnlockResponse>();
    expect(two.data).toMatchObject({ scored_customers: 0, bias_prevalence: [], top_priority: [] });
    expect(two.remainingCredits).toBe(80);
  });

  it('answers 421 under 10 credits and changes nothing', async () => {
    const admin = await adminOnPlan(ctx);
    const view = await employeeOf(ctx, admin, 'view');
    // Spend down to 5 the way any change of credits is made: the balance and its ledger row.
    await setUpDb(ctx)
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('users').set({ credits: 5 }).where('id', '=', view.id).execute();
        await trx
          .insertInto('credit_ledger')
          .values({
            firm_id: admin.firmId,
            user_id: view.id,
            delta: -95,
            reason: 'test_adjustment',
            balance_after: 5,
          })
          .execute();
      });
    const before = await ledger(view.id);
    const res = await get(view.headers, '/api/free/freeRoute2');
    expect(res.statusCode).toBe(421);
    expect(res.json()).toEqual({
      message: CREDIT_MESSAGES.notEnoughCredits,
      code: 'not_enough_credits',
      remainingCredits: 5,
    });
    expect(await balance(view.id)).toBe(5);
    expect(await ledger(view.id)).toEqual(before);
  });

  it('answers 404 for an unknown feature without debiting', async () => {
    const admin = await adminOnPlan(ctx);
    const adminId = await userIdOf(admin.email, admin.firmId);
    for (const key of ['freeRoute3', 'paidRoute1', 'constructor', '__proto__', 'toString']) {
      const res = await get(admin.headers, `/api/free/${key}`);
      expect(res.statusCode, key).toBe(404);
      expect(res.json()).toEqual({ message: CREDIT_MESSAGES.featureNotFound, code: 'not_found' });
    }
    expect(await balance(adminId)).toBe(100);
  });

  it('takes exactly 10 of 20 parallel unlocks from 100 credits and never goes below 0', async () => {
    const admin = await adminOnPlan(ctx);
    const rm = await employeeOf(ctx, admin, 'rm');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => get(rm.headers, `/api/free/freeRoute${(i % 2) + 1}`)),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 421)).toHaveLength(10);
    const remaining = results
      .filter((r) => r.statusCode === 200)
      .map((r) => r.json<UnlockResponse>().remainingCredits)
      .sort((a, b) => a - b);
    expect(remaining).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
    expect(await balance(rm.id)).toBe(0);
    const rows = await ledger(rm.id);
    expect(rows.filter((r) => r.delta === -10)).toHaveLength(10);
    expect(rows.reduce((sum, r) => sum + r.delta, 0)).toBe(0);
    expect(rows.map((r) => r.balance_after).sort((a, b) => a - b)).toEqual([
      0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100,
    ]);
  });

  it('keeps every user’s balance equal to the sum of their ledger', async () => {
    const mismatches = await sql<{ id: string }>`
      select u.id from users u
      left join credit_ledger l on l.user_id = u.id
      group by u.id, u.credits
      having u.credits <> coalesce(sum(l.delta), 0)`.execute(setUpDb(ctx));
    expect(mismatches.rows).toEqual([]);
  });
});

describe('paid features', () => {
  it('are for pro and business plans, any role, without credits', async () => {
    const free = await adminOnPlan(ctx, 'free');
    const refused = await get(free.headers, '/api/paid/paidRoute1');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: MESSAGES.purchaseSubscription,
      code: 'subscription_required',
    });

    for (const plan of ['pro', 'business'] as const) {
      const admin = await adminOnPlan(ctx, plan);
      await withCustomers(admin, 12);
      const view = await employeeOf(ctx, admin, 'view');
      const [one, two] = await Promise.all([
        get(view.headers, '/api/paid/paidRoute1'),
        get(view.headers, '/api/paid/paidRoute2'),
      ]);
      expect(one.statusCode).toBe(200);
      expect(one.json<FeatureData>()).toMatchObject({
        userId: view.id,
        feature: 'Premium Feature Access',
        featureKey: 'paidRoute1',
        kind: 'book_summary',
        total_customers: 12,
      });
      expect(two.json<FeatureData>()).toMatchObject({
        userId: view.id,
        feature: 'Advanced Data Insights',
        kind: 'data_insights',
        scored_customers: 12,
      });
      expect(await balance(view.id)).toBe(100);
      expect((await get(view.headers, '/api/paid/freeRoute1')).statusCode).toBe(404);
    }
  });
});
