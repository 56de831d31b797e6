import {
  MESSAGES,
  SEGMENTS,
  type PriorityScoreItem,
  type RiskRankingResponse,
  type RmBookResponse,
  type SegmentsResponse,
  type WhoToCallItem,
} from '@behavio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOnPlan, employeeOf, importCustomers, setUpDb } from '../../../test/firms.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { csvOf } from '../../../test/fixtures/customer-files.js';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof adminOnPlan>>;
let rm: Awaited<ReturnType<typeof employeeOf>>;
let otherRm: Awaited<ReturnType<typeof employeeOf>>;
let idleRm: Awaited<ReturnType<typeof employeeOf>>;

const get = (headers: Record<string, string>, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers });
const post = (headers: Record<string, string>, url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, headers, payload });

async function uploadAndAssign(
  owner: typeof admin,
  rows: number,
  assignments: [string, number, number][],
) {
  await importCustomers(ctx, owner, csvOf(rows), 'book.csv');
  const ids = (
    await setUpDb(ctx)
      .selectFrom('customers')
      .select('customer_id')
      .where('firm_id', '=', owner.firmId)
      .orderBy('customer_id')
      .execute()
  ).map((r) => r.customer_id);
  for (const [rmId, from, to] of assignments) {
    await setUpDb(ctx)
      .updateTable('customers')
      .set({ rm_id: rmId })
      .where('firm_id', '=', owner.firmId)
      .where('customer_id', 'in', ids.slice(from, to))
      .execute();
  }
  return ids;
}

let ids: string[];
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await adminOnPlan(ctx, 'pro');
  rm = await employeeOf(ctx, admin, 'rm');
  otherRm = await employeeOf(ctx, admin, 'rm');
  idleRm = await employeeOf(ctx, admin, 'rm');
  ids = await uploadAndAssign(admin, 30, [
    [rm.id, 0, 20],
    [otherRm.id, 20, 25],
  ]);
});
afterAll(() => ctx.close());

describe('RM analytics calls', () => {
  it('answers the RM’s own book only', async () => {
    const res = await get(rm.headers, '/api/content/rm-own-book');
    expect(res.statusCode).toBe(200);
    const book = res.json<RmBookResponse>();
    expect(book).toMatchObject({ rm_id: rm.id, rm_name: 'rm person', customer_count: 20 });
    expect(book.customers.map((c) => c.customer_id)).toEqual(ids.slice(0, 20));
    expect(book.customers[0]).toEqual({
      customer_id: ids[0],
      country_iso: expect.stringMatching(/^[A-Z]{3}$/),
      age: expect.any(Number),
      risk_profile: expect.any(Number),
      experience_years: expect.any(Number),
      cash_pct: expect.any(Number),
      etf_pct: expect.any(Number),
      single_stock_pct: expect.any(Number),
      leverage_ratio: expect.any(Number),
      created_at: expect.any(String),
      rm_id: rm.id,
      recommended_products: expect.any(Array),
      call_state: null,
      needs_review: expect.any(Boolean),
    });
  });

  it('lists who to call, highest priority first, from the stored insights', async () => {
    const items = (await get(rm.headers, '/api/content/rm-who-to-call')).json<WhoToCallItem[]>();
    expect(items).toHaveLength(20);
    const scores = items.map((i) => i.priority_score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const stored = await setUpDb(ctx)
      .selectFrom('customer_insights')
      .select(['customer_id', 'priority_score', 'recommended_action'])
      .where('firm_id', '=', admin.firmId)
      .where('customer_id', '=', items[0]!.customer_id)
      .executeTakeFirstOrThrow();
    expect(items[0]).toMatchObject({
      priority_score: stored.priority_score,
      recommended_action: stored.recommended_action,
    });
    expect(new Set(items.map((i) => i.customer_id))).toEqual(new Set(ids.slice(0, 20)));
  });

  it('gives priority scores with the three top biases and the four-measure breakdown', async () => {
    const items = (await get(rm.headers, '/api/content/rm-priority-scores')).json<
      PriorityScoreItem[]
    >();
    expect(items).toHaveLength(20);
    for (const item of items) {
      expect(item.top_biases.length).toBeLessThanOrEqual(3);
      expect(Object.keys(item.breakdown).sort()).toEqual([
        'bias_severity',
        'customer_value',
        'risk_urgency',
        'time_sensitivity',
      ]);
      for (const bias of item.top_biases)
        expect(Object.keys(bias).sort()).toEqual(['bias_name', 'confidence', 'score']);
    }
  });

  it('groups the book by risk level and by segment, losing no one', async () => {
    const ranking = (
      await get(rm.headers, '/api/content/rm-risk-ranking')
    ).json<RiskRankingResponse>();
    expect(ranking.high_risk.length + ranking.medium_risk.length + ranking.low_risk.length).toBe(
      20,
    );
    for (const [key, level] of [
      ['high_risk', 'high'],
      ['medium_risk', 'medium'],
      ['low_risk', 'low'],
    ] as const) {
      for (const item of ranking[key]) expect(item.risk_level).toBe(level);
    }
    const segments = (await get(rm.headers, '/api/content/rm-segments')).json<SegmentsResponse>();
    expect(Object.keys(segments).sort()).toEqual([...SEGMENTS].sort());
    expect(Object.values(segments).flat()).toHaveLength(20);
  });

  it('narrows a list by search, limit and offset', async () => {
    const one = ids[3]!;
    const found = (
      await get(rm.headers, `/api/content/rm-priority-scores?search=${one.toLowerCase()}`)
    ).json<PriorityScoreItem[]>();
    expect(found.map((i) => i.customer_id)).toEqual([one]);
    const all = (await get(rm.headers, '/api/content/rm-who-to-call')).json<WhoToCallItem[]>();
    const page = (await get(rm.headers, '/api/content/rm-who-to-call?limit=5&offset=5')).json<
      WhoToCallItem[]
    >();
    expect(page.map((i) => i.customer_id)).toEqual(all.slice(5, 10).map((i) => i.customer_id));
    expect((await get(rm.headers, '/api/content/rm-who-to-call?search=%25')).json()).toEqual([]);
    for (const [query, message] of [
      ['limit=0', 'limit must be a whole number from 1 to 10,000'],
      ['limit=abc', 'limit must be a whole number from 1 to 10,000'],
      ['offset=-1', 'offset must be a whole number from 0 to 10,000,000'],
      ['offset=1.5', 'offset must be a whole number from 0 to 10,000,000'],
      [`search=${'x'.repeat(101)}`, 'Search must be at most 100 characters'],
    ]) {
      const res = await get(rm.headers, `/api/content/rm-who-to-call?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message, query).toBe(message);
    }
  });

  it('answers empty lists to an RM with no customers', async () => {
    expect((await get(idleRm.headers, '/api/content/rm-own-book')).json()).toMatchObject({
      customer_count: 0,
      customers: [],
    });
    expect((await get(idleRm.headers, '/api/content/rm-who-to-call')).json()).toEqual([]);
    expect((await get(idleRm.headers, '/api/content/rm-risk-ranking')).json()).toEqual({
      high_risk: [],
      medium_risk: [],
      low_risk: [],
    });
    expect(
      Object.values(
        (await get(idleRm.headers, '/api/content/rm-segments')).json<SegmentsResponse>(),
      ).flat(),
    ).toEqual([]);
  });

  it('refuses other roles, the free plan and a missing token', async () => {
    const urls = [
      '/api/content/rm-own-book',
      '/api/content/rm-who-to-call',
      '/api/content/rm-priority-scores',
      '/api/content/rm-risk-ranking',
      '/api/content/rm-segments',
    ];
    const head = await employeeOf(ctx, admin, 'head');
    const free = await adminOnPlan(ctx, 'free');
    const freeRm = await employeeOf(ctx, free, 'rm');
    for (const url of urls) {
      expect((await get(admin.headers, url)).statusCode, url).toBe(403);
      expect((await get(head.headers, url)).statusCode, url).toBe(403);
      const onFree = await get(freeRm.headers, url);
      expect(onFree.statusCode, url).toBe(403);
      expect(onFree.json()).toEqual({
        message: MESSAGES.purchaseSubscription,
        code: 'subscription_required',
      });
      expect((await get({}, url)).statusCode, url).toBe(420);
    }
  });

  it('never shows another firm’s customers, even with the same customer ids', async () => {
    const other = await adminOnPlan(ctx, 'business');
    const theirRm = await employeeOf(ctx, other, 'rm');
    await uploadAndAssign(other, 30, [[theirRm.id, 0, 3]]);
    const theirs = (await get(theirRm.headers, '/api/content/rm-own-book')).json<RmBookResponse>();
    expect(theirs.customer_count).toBe(3);
    const mine = (await get(rm.headers, '/api/content/rm-own-book')).json<RmBookResponse>();
    expect(mine.customer_count).toBe(20);
  });
});

/** The ids of the customers who need a call: no outcome of the RM holds for them. */
const needingACall = (items: WhoToCallItem[]) =>
  items.filter((i) => i.call_state === null).map((i) => i.customer_id);

describe('POST /api/content/rm-call-outcome', () => {
  const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

  it('marks a called, snoozed or dismissed customer on the call list and audits it', async () => {
    const list = (await get(rm.headers, '/api/content/rm-who-to-call')).json<WhoToCallItem[]>();
    const [a, b, c] = list;
    const called = await post(rm.headers, '/api/content/rm-call-outcome', {
      customer_id: a!.customer_id,
      outcome: 'called',
    });
    expect(called.statusCode).toBe(201);
    expect(called.json()).toMatchObject({
      customer_id: a!.customer_id,
      outcome: 'called',
      snooze_until: null,
    });
    expect(
      (
        await post(rm.headers, '/api/content/rm-call-outcome', {
          customer_id: b!.customer_id,
          outcome: 'snoozed',
          snooze_until: tomorrow(),
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await post(rm.headers, '/api/content/rm-call-outcome', {
          customer_id: c!.customer_id,
          outcome: 'dismissed',
          reason: 'Spoke last week',
        })
      ).statusCode,
    ).toBe(201);

    // Every list keeps them, marked; only today's list leaves them out (daily-list.test.ts).
    const after = (await get(rm.headers, '/api/content/rm-who-to-call')).json<WhoToCallItem[]>();
    const stateOf = (id: string) => after.find((i) => i.customer_id === id)?.call_state;
    expect([a, b, c].map((i) => stateOf(i!.customer_id))).toEqual([
      'called',
      'snoozed',
      'dismissed',
    ]);
    expect(needingACall(after)).toHaveLength(list.length - 3);
    const scores = (await get(rm.headers, '/api/content/rm-priority-scores')).json<
      PriorityScoreItem[]
    >();
    expect(scores).toHaveLength(20);
    expect(scores.find((i) => i.customer_id === a!.customer_id)?.call_state).toBe('called');

    const events = await setUpDb(ctx)
      .selectFrom('audit_events')
      .select(['action', 'subject_id', 'actor_email', 'after'])
      .where('firm_id', '=', admin.firmId)
      .where('action', 'like', 'call.%')
      .execute();
    expect(events.map((e) => e.action).sort()).toEqual([
      'call.called',
      'call.dismissed',
      'call.snoozed',
    ]);
    expect(events.every((e) => e.actor_email === rm.email)).toBe(true);

    // A changed recommendation brings the customer back.
    await setUpDb(ctx)
      .updateTable('customer_insights')
      .set({ priority_score: 9.99 })
      .where('firm_id', '=', admin.firmId)
      .where('customer_id', '=', a!.customer_id)
      .execute();
    const back = (await get(rm.headers, '/api/content/rm-who-to-call')).json<WhoToCallItem[]>();
    expect(back[0]).toMatchObject({ customer_id: a!.customer_id, call_state: null });
    // A snooze that has ended brings the customer back too.
    await setUpDb(ctx)
      .updateTable('call_outcomes')
      .set({ snooze_until: '2020-01-01' })
      .where('customer_id', '=', b!.customer_id)
      .where('firm_id', '=', admin.firmId)
      .execute();
    expect(
      needingACall((await get(rm.headers, '/api/content/rm-who-to-call')).json<WhoToCallItem[]>()),
    ).toContain(b!.customer_id);
  });

  it('takes an outcome back (Undo) with a reopened outcome, which is audited too', async () => {
    const rmOfOne = await employeeOf(ctx, admin, 'rm');
    const customer = ids[28]!;
    await setUpDb(ctx)
      .updateTable('customers')
      .set({ rm_id: rmOfOne.id })
      .where('firm_id', '=', admin.firmId)
      .where('customer_id', '=', customer)
      .execute();
    const toCall = async () =>
      needingACall(
        (await get(rmOfOne.headers, '/api/content/rm-who-to-call')).json<WhoToCallItem[]>(),
      );
    expect(await toCall()).toEqual([customer]);
    const called = { customer_id: customer, outcome: 'called' };
    expect((await post(rmOfOne.headers, '/api/content/rm-call-outcome', called)).statusCode).toBe(
      201,
    );
    expect(await toCall()).toEqual([]);

    const undo = await post(rmOfOne.headers, '/api/content/rm-call-outcome', {
      customer_id: customer,
      outcome: 'reopened',
    });
    expect(undo.statusCode).toBe(201);
    expect(undo.json()).toMatchObject({ customer_id: customer, outcome: 'reopened' });
    expect(await toCall()).toEqual([customer]);
    const audited = await setUpDb(ctx)
      .selectFrom('audit_events')
      .select('action')
      .where('firm_id', '=', admin.firmId)
      .where('subject_id', '=', customer)
      .orderBy('id')
      .execute();
    expect(audited.map((e) => e.action)).toEqual(['call.called', 'call.reopened']);
  });

  it('keeps a reassigned customer on the new RM’s list whatever the previous RM recorded', async () => {
    const before = await employeeOf(ctx, admin, 'rm');
    const after = await employeeOf(ctx, admin, 'rm');
    const customer = ids[27]!;
    const toCall = async (who: typeof rm) =>
      needingACall((await get(who.headers, '/api/content/rm-who-to-call')).json<WhoToCallItem[]>());
    const assign = await post(admin.headers, '/api/content/assign-rm', {
      customer_id: customer,
      rm_id: before.id,
    });
    expect(assign.statusCode, assign.body).toBe(200);
    expect(await toCall(before)).toEqual([customer]);
    const outcome = { customer_id: customer, outcome: 'dismissed', reason: 'Not my customer' };
    expect((await post(before.headers, '/api/content/rm-call-outcome', outcome)).statusCode).toBe(
      201,
    );
    expect(await toCall(before)).toEqual([]);

    const reassign = await ctx.app.inject({
      method: 'PUT',
      url: '/api/content/reassign-rm',
      headers: admin.headers,
      payload: { customer_id: customer, new_rm_id: after.id },
    });
    expect(reassign.statusCode, reassign.body).toBe(200);
    expect(await toCall(after)).toEqual([customer]);
  });

  it.each([
    [{ outcome: 'snoozed' }, 'snooze_until', 'Choose the date until which to snooze this customer'],
    [
      { outcome: 'snoozed', snooze_until: '2020-01-01' },
      'snooze_until',
      'The snooze date must be a future date within a year',
    ],
    [
      { outcome: 'snoozed', snooze_until: 'tomorrow' },
      'snooze_until',
      'The snooze date must be a future date within a year',
    ],
    [{ outcome: 'dismissed' }, 'reason', 'Give a reason for dismissing this customer'],
    [{ outcome: 'dismissed', reason: 'x'.repeat(501) }, 'reason', 'The reason is too long'],
    [
      { outcome: 'ignored' },
      'outcome',
      'The outcome must be called, snoozed, dismissed or reopened',
    ],
  ])('answers 400 for %j', async (override, path, msg) => {
    const res = await post(rm.headers, '/api/content/rm-call-outcome', {
      customer_id: ids[10],
      ...override,
    });
    expect(res.statusCode).toBe(400);
    const error = res
      .json<{ errors: { path: string; msg: string }[] }>()
      .errors.find((e) => e.path === path);
    expect(error?.msg).toBe(msg);
  });

  it('answers 404 for a customer outside the RM’s book, for an undo too, and writes nothing', async () => {
    const recorded = () =>
      setUpDb(ctx)
        .selectFrom('call_outcomes')
        .select(ctx.database.db.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
    const before = await recorded();
    for (const customer_id of [ids[22], ids[29], 'NOPE'])
      for (const outcome of ['called', 'reopened']) {
        const res = await post(rm.headers, '/api/content/rm-call-outcome', {
          customer_id,
          outcome,
        });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({
          message: 'Customer not found in your book',
          code: 'not_found',
        });
      }
    expect(await recorded()).toEqual(before);
    expect(
      (
        await post(admin.headers, '/api/content/rm-call-outcome', {
          customer_id: ids[0],
          outcome: 'called',
        })
      ).statusCode,
    ).toBe(403);
  });
});
