import {
  ALERT_MESSAGES,
  type AlertReadResponse,
  type AlertsReadAllResponse,
  type AlertsResponse,
  type AlertKind,
} from '@behavio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  employeeOf,
  firmWithTwoBooks,
  type Admin,
  type Employee,
  setUpDb,
} from '../../../test/firms.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';

/**
 * GET /api/alerts, POST /api/alerts/{alert_id}/read and /read-all (issue 19, item 3): every
 * employee reads and marks their own alerts only. The alerts are written straight into the
 * database here; import-changes.test.ts raises them through imports.
 */
let ctx: TestContext;
let admin: Admin;
let rm: Employee;
let rm2: Employee;
let readers: Record<'head' | 'compliance' | 'view', Employee>;
let foreign: { admin: Admin; alertId: string };
let customers: string[];
const ids: Record<string, string> = {};

async function addAlert(
  firmId: string,
  userId: string,
  customerId: string,
  name: string,
  extra: { kind?: AlertKind; read?: boolean; minutesAgo?: number } = {},
) {
  const row = await setUpDb(ctx)
    .insertInto('alerts')
    .values({
      firm_id: firmId,
      user_id: userId,
      customer_id: customerId,
      kind: extra.kind ?? 'priority_jump',
      severity: 'info',
      message: `${name}: priority 4.1 → 7.8`,
      file_id: null,
      created_at: new Date(Date.now() - (extra.minutesAgo ?? 0) * 60_000),
      read_at: extra.read ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids[name] = row.id;
}

/** The admin's user id (adminOnPlan answers their sign-up, not their id). */
const userIdOf = async (email: string) =>
  (
    await setUpDb(ctx)
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
  ).id;

beforeAll(async () => {
  ctx = await createTestContext();
  const firm = await firmWithTwoBooks(ctx);
  ({ admin, rm, otherRm: rm2, customerIds: customers } = firm);
  readers = {
    head: await employeeOf(ctx, admin, 'head'),
    compliance: await employeeOf(ctx, admin, 'compliance'),
    view: await employeeOf(ctx, admin, 'view'),
  };
  const [c1, c2, c3] = customers as [string, string, string];
  await addAlert(admin.firmId, rm.id, c1, 'rm older', { minutesAgo: 10 });
  await addAlert(admin.firmId, rm.id, c1, 'rm newer', { kind: 'urgency_up', minutesAgo: 5 });
  await addAlert(admin.firmId, rm.id, c1, 'rm read', { read: true, minutesAgo: 20 });
  // Held by rm but about rm2's customer (it cannot happen through the product): never shown.
  await addAlert(admin.firmId, rm.id, c2, 'rm stray');
  await addAlert(admin.firmId, rm2.id, c2, 'rm2 own');
  await addAlert(admin.firmId, await userIdOf(admin.email), c3, 'admin own');
  const other = firm.foreign.admin;
  await addAlert(other.firmId, await userIdOf(other.email), firm.foreign.customer, 'foreign');
  foreign = { admin: other, alertId: ids.foreign! };
}, 300_000);
afterAll(() => ctx.close());

const list = (headers: Record<string, string>, query = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/alerts${query}`, headers });
const markRead = (headers: Record<string, string>, alertId: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/alerts/${alertId}/read`, headers });
const names = (body: AlertsResponse) =>
  body.alerts.map((a) => Object.keys(ids).find((name) => ids[name] === a.alert_id));

describe('GET /api/alerts', () => {
  it('gives an RM their unread alerts, newest first, about their own customers only', async () => {
    const res = await list(rm.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json<AlertsResponse>();
    expect(names(body)).toEqual(['rm newer', 'rm older']);
    expect(body.unread_count).toBe(2);
    expect(body.alerts[0]).toMatchObject({
      customer_id: customers[0],
      kind: 'urgency_up',
      severity: 'info',
      message: 'rm newer: priority 4.1 → 7.8',
      read_at: null,
      file_id: null,
    });
  });

  it('with status=all, the read ones too, and pages them', async () => {
    const all = (await list(rm.headers, '?status=all')).json<AlertsResponse>();
    expect(names(all)).toEqual(['rm newer', 'rm older', 'rm read']);
    expect(all.unread_count).toBe(2);
    const page = (await list(rm.headers, '?status=all&limit=1&offset=1')).json<AlertsResponse>();
    expect(names(page)).toEqual(['rm older']);
  });

  it("gives the admin theirs and every other role an empty list; nobody sees another's", async () => {
    expect(names((await list(admin.headers)).json<AlertsResponse>())).toEqual(['admin own']);
    expect(names((await list(rm2.headers)).json<AlertsResponse>())).toEqual(['rm2 own']);
    for (const reader of Object.values(readers)) {
      const res = await list(reader.headers, '?status=all');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ alerts: [], unread_count: 0 });
    }
    expect(names((await list(foreign.admin.headers)).json<AlertsResponse>())).toEqual(['foreign']);
  });

  it.each([
    ['?status=new', 'status must be unread or all'],
    ['?limit=0', 'limit must be a whole number from 1 to 100'],
    ['?limit=101', 'limit must be a whole number from 1 to 100'],
    ['?limit=2.5', 'limit must be a whole number from 1 to 100'],
    ['?offset=-1', 'offset must be a whole number from 0 to 100,000,000'],
  ])('answers 400 for %s', async (query, message) => {
    const res = await list(rm.headers, query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, code: 'validation_failed' });
  });
});

describe('POST /api/alerts/{alert_id}/read', () => {
  it('answers 404 for another user’s alert, another firm’s and an unknown one', async () => {
    for (const [headers, id] of [
      [rm.headers, ids['rm2 own']!],
      [rm.headers, ids['admin own']!],
      [admin.headers, ids['rm older']!],
      [rm.headers, ids['rm stray']!],
      [admin.headers, foreign.alertId],
      [rm.headers, '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const res = await markRead(headers, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: ALERT_MESSAGES.notFound, code: 'not_found' });
    }
    // None of them was marked.
    expect((await list(rm2.headers)).json<AlertsResponse>().unread_count).toBe(1);
    expect((await list(foreign.admin.headers)).json<AlertsResponse>().unread_count).toBe(1);
  });

  it('answers 400 for an id that is no alert id', async () => {
    const res = await markRead(rm.headers, 'not-an-id');
    expect(res.statusCode).toBe(400);
  });

  it('marks the alert read, once, and answers the unread count left', async () => {
    const res = await markRead(rm.headers, ids['rm older']!);
    expect(res.statusCode).toBe(200);
    const body = res.json<AlertReadResponse>();
    expect(body).toMatchObject({ message: ALERT_MESSAGES.markedRead, unread_count: 1 });
    expect(body.alert.read_at).not.toBeNull();
    const again = (await markRead(rm.headers, ids['rm older']!)).json<AlertReadResponse>();
    expect(again.alert.read_at).toBe(body.alert.read_at);
    expect(names((await list(rm.headers)).json<AlertsResponse>())).toEqual(['rm newer']);
  });
});

describe('POST /api/alerts/read-all', () => {
  it("marks every unread alert of the caller's, and nobody else's", async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/alerts/read-all',
      headers: rm.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<AlertsReadAllResponse>()).toEqual({
      message: ALERT_MESSAGES.allMarkedRead,
      marked: 1,
      unread_count: 0,
    });
    expect((await list(rm.headers)).json<AlertsResponse>().alerts).toEqual([]);
    expect((await list(rm2.headers)).json<AlertsResponse>().unread_count).toBe(1);
    expect((await list(admin.headers)).json<AlertsResponse>().unread_count).toBe(1);
    const stray = await setUpDb(ctx)
      .selectFrom('alerts')
      .select('read_at')
      .where('id', '=', ids['rm stray']!)
      .executeTakeFirstOrThrow();
    expect(stray.read_at).toBeNull();
  });
});

describe('deleting an RM', () => {
  it('hands their unread alerts to the admin, whose customers those now are', async () => {
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/roles/delete-employee',
      headers: admin.headers,
      payload: { email: rm2.email },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = (await list(admin.headers)).json<AlertsResponse>();
    expect(body.alerts.map((a) => a.message).sort()).toEqual([
      'admin own: priority 4.1 → 7.8',
      'rm2 own: priority 4.1 → 7.8',
    ]);
  });
});
