import {
  CALLS_PER_DAY_DEFAULT,
  URGENCY_LEVELS,
  type AdminWhoToCallResponse,
  type CallCapacityResponse,
  type UrgencyLevel,
  type WhoToCallItem,
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
import type { Principal } from '../../plugins/access.js';
import { AnalyticsService } from './analytics.service.js';

/*
 * Today's call list (issue 20, item 3): the customers of the RM's book who need a call, with
 * urgency above low, in list order, cut to the RM's calls_per_day (own, else the firm's, else
 * the default), set in Settings and audited. The urgency levels are set here so the test does
 * not depend on the model's calibration.
 */
let ctx: TestContext;
let admin: Admin;
let rm: Employee;
let otherRm: Employee;
let uncached: AnalyticsService;
let principal: Principal;
const BOOK = 30;
const LOW = 6;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await adminOnPlan(ctx, 'pro');
  rm = await employeeOf(ctx, admin, 'rm');
  otherRm = await employeeOf(ctx, admin, 'rm');
  await importCustomers(ctx, admin, csvOf(BOOK + 2));
  const ids = await customerIdsOf(ctx, admin.firmId);
  await assignInDatabase(ctx, admin.firmId, [
    ...ids.slice(0, BOOK).map((id) => [id, rm.id] as const),
    ...ids.slice(BOOK).map((id) => [id, otherRm.id] as const),
  ]);
  // Every level present; the first LOW customers low, who never need a call today.
  for (const [i, id] of ids.entries()) {
    const level: UrgencyLevel = i < LOW ? 'low' : URGENCY_LEVELS[i % 3]!;
    await ctx.database.db
      .updateTable('customer_insights')
      .set({ urgency_level: level })
      .where('firm_id', '=', admin.firmId)
      .where('customer_id', '=', id)
      .execute();
  }
  uncached = new AnalyticsService(ctx.database.db, { listCacheBytes: 0 });
  principal = { userId: rm.id, firmId: admin.firmId, role: 'rm', plan: 'pro', email: rm.email };
}, 300_000);
afterAll(() => ctx.close());

const get = (headers: Record<string, string>, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers });
const put = (headers: Record<string, string>, url: string, payload: object) =>
  ctx.app.inject({ method: 'PUT', url, headers, payload });

const list = async (query = '', who: Employee = rm) => {
  const res = await get(who.headers, `/api/content/rm-who-to-call${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<WhoToCallItem[]>();
};
const idsOf = (items: WhoToCallItem[]) => items.map((i) => i.customer_id);

/** Today's list as the rule says, from the whole book (which is in list order). */
const expectedToday = (book: WhoToCallItem[], capacity: number) =>
  idsOf(book.filter((i) => i.urgency_level !== 'low' && i.call_state === null)).slice(0, capacity);

const setFirm = (value: number | null, who: { headers: Record<string, string> } = admin) =>
  put(who.headers, '/api/settings/firm-call-capacity', { calls_per_day: value });
const setOwn = (value: number | null, who: { headers: Record<string, string> } = rm) =>
  put(who.headers, '/api/settings/my-call-capacity', { calls_per_day: value });

describe("today's call list", () => {
  it('is the book’s customers who need a call, above low urgency, in order, cut to the default capacity', async () => {
    const book = await list();
    expect(book).toHaveLength(BOOK);
    expect(await list('?scope=all')).toEqual(book);
    const today = await list('?scope=today');
    expect(today).toHaveLength(CALLS_PER_DAY_DEFAULT);
    expect(idsOf(today)).toEqual(expectedToday(book, CALLS_PER_DAY_DEFAULT));
    expect(today.every((i) => i.urgency_level !== 'low' && i.call_state === null)).toBe(true);
  });

  it('leaves out a called customer, who stays on the whole list with the badge, and fills the day from below', async () => {
    const [first] = await list('?scope=today');
    const called = await ctx.app.inject({
      method: 'POST',
      url: '/api/content/rm-call-outcome',
      headers: rm.headers,
      payload: { customer_id: first!.customer_id, outcome: 'called' },
    });
    expect(called.statusCode).toBe(201);
    const book = await list();
    expect(book).toHaveLength(BOOK);
    expect(book.find((i) => i.customer_id === first!.customer_id)?.call_state).toBe('called');
    const today = await list('?scope=today');
    expect(idsOf(today)).not.toContain(first!.customer_id);
    expect(idsOf(today)).toEqual(expectedToday(book, CALLS_PER_DAY_DEFAULT));
    expect(today).toHaveLength(CALLS_PER_DAY_DEFAULT);
  });

  it('narrows today’s list, once cut, by search, limit and offset', async () => {
    const book = await list();
    const today = await list('?scope=today');
    expect(await list('?scope=today&limit=3&offset=2')).toEqual(today.slice(2, 5));
    const beyond = idsOf(book).find((id) => !idsOf(today).includes(id))!;
    expect(await list(`?scope=today&search=${beyond}`)).toEqual([]);
    const inside = today[4]!.customer_id;
    expect(idsOf(await list(`?scope=today&search=${inside}`))).toEqual([inside]);
    const bad = await get(rm.headers, '/api/content/rm-who-to-call?scope=week');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'scope must be today or all' });
  });
});

describe('calls_per_day', () => {
  it('sizes the list: the RM’s own, else the firm’s, else the default, and a change shows at once', async () => {
    const capacity = async (who: { headers: Record<string, string> }) =>
      (await get(who.headers, '/api/settings/call-capacity')).json<CallCapacityResponse>();
    expect(await capacity(rm)).toEqual({
      default_calls_per_day: CALLS_PER_DAY_DEFAULT,
      firm_calls_per_day: null,
      own_calls_per_day: null,
      calls_per_day: CALLS_PER_DAY_DEFAULT,
    });
    // Read once so the cache holds today's list at the default size.
    expect(await list('?scope=today')).toHaveLength(CALLS_PER_DAY_DEFAULT);

    expect((await setFirm(5)).json()).toMatchObject({ firm_calls_per_day: 5, calls_per_day: 5 });
    expect(await list('?scope=today')).toHaveLength(5);
    expect(await list('?scope=today', otherRm)).toHaveLength(2);
    expect((await setOwn(3)).json()).toMatchObject({
      firm_calls_per_day: 5,
      own_calls_per_day: 3,
      calls_per_day: 3,
    });
    const three = await list('?scope=today');
    expect(three).toHaveLength(3);
    // Through the cache, exactly what a fresh read gives.
    const fresh = await uncached.whoToCallJson(principal, rm.id, { scope: 'today' });
    expect(three).toEqual(JSON.parse(fresh.utf8.toString()));
    expect(await capacity(admin)).toMatchObject({ firm_calls_per_day: 5, own_calls_per_day: null });

    expect((await setOwn(null)).json()).toMatchObject({
      own_calls_per_day: null,
      calls_per_day: 5,
    });
    expect(await list('?scope=today')).toHaveLength(5);
    expect((await setFirm(null)).json()).toMatchObject({ calls_per_day: CALLS_PER_DAY_DEFAULT });
    expect(await list('?scope=today')).toHaveLength(CALLS_PER_DAY_DEFAULT);

    const audited = await ctx.database.db
      .selectFrom('audit_events')
      .select(['action', 'actor_email', 'before', 'after'])
      .where('firm_id', '=', admin.firmId)
      .where('action', 'like', '%calls_per_day%')
      .orderBy('id')
      .execute();
    expect(audited.map((e) => [e.action, e.actor_email, e.before, e.after])).toEqual([
      ['firm.calls_per_day_changed', admin.email, { calls_per_day: null }, { calls_per_day: 5 }],
      ['user.calls_per_day_changed', rm.email, { calls_per_day: null }, { calls_per_day: 3 }],
      ['user.calls_per_day_changed', rm.email, { calls_per_day: 3 }, { calls_per_day: null }],
      ['firm.calls_per_day_changed', admin.email, { calls_per_day: 5 }, { calls_per_day: null }],
    ]);
  });

  it.each([0, 201, 1.5, '20', undefined])(
    'refuses %s with 400 and changes nothing',
    async (value) => {
      for (const res of [
        await put(admin.headers, '/api/settings/firm-call-capacity', { calls_per_day: value }),
        await put(rm.headers, '/api/settings/my-call-capacity', { calls_per_day: value }),
      ]) {
        expect(res.statusCode).toBe(400);
        expect(res.json<{ message: string }>().message).toMatch(/Calls per day|calls_per_day/);
      }
      expect(
        (await get(rm.headers, '/api/settings/call-capacity')).json<CallCapacityResponse>(),
      ).toMatchObject({ firm_calls_per_day: null, own_calls_per_day: null });
    },
  );

  it('lets only the admin set the firm’s and only an RM their own', async () => {
    expect((await setFirm(7, rm)).statusCode).toBe(403);
    expect((await setOwn(7, admin)).statusCode).toBe(403);
    const head = await employeeOf(ctx, admin, 'head');
    expect((await get(head.headers, '/api/settings/call-capacity')).statusCode).toBe(403);
    // Another firm's admin changes their own firm only.
    const other = await adminOnPlan(ctx, 'pro');
    expect((await setFirm(2, other)).statusCode).toBe(200);
    expect(await list('?scope=today')).toHaveLength(CALLS_PER_DAY_DEFAULT);
    expect((await setFirm(null, other)).statusCode).toBe(200);
  });
});

describe("the admin's view of an RM's call list", () => {
  it('follows the same rule: the whole book with the badges, or the RM’s list for today', async () => {
    await setOwn(4);
    const view = async (body: object) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/content/admin-who-to-call-for-a-rm',
        headers: admin.headers,
        payload: { rm_id: rm.id, ...body },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<AdminWhoToCallResponse>().list;
    };
    expect(await view({})).toEqual(await list());
    expect(await view({ scope: 'all' })).toEqual(await list());
    const today = await view({ scope: 'today' });
    expect(today).toHaveLength(4);
    expect(today).toEqual(await list('?scope=today'));
    await setOwn(null);
  });
});
