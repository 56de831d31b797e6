import type { AdminWhoToCallResponse, RmBookResponse } from '@behavio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminOnPlan,
  assignInDatabase,
  customerIdsOf,
  employeeOf,
  importCustomers,
} from '../../../test/firms.js';
import { exportedRows } from '../../../test/exports.js';
import { csvOf } from '../../../test/fixtures/customer-files.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';

/*
 * The admin's views of an RM's book and call list take the RM lists' tools (issue 20): optional
 * sort and filters in the body beside `rm_id`, and an export of what is shown, the admin's only.
 */

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof adminOnPlan>>;
let head: Awaited<ReturnType<typeof employeeOf>>;
let rm: Awaited<ReturnType<typeof employeeOf>>;

const post = (url: string, body: object, headers = admin.headers) =>
  ctx.app.inject({ method: 'POST', url, headers, payload: body });
const get = (url: string, headers = admin.headers) =>
  ctx.app.inject({ method: 'GET', url, headers });

async function callList(body: object): Promise<AdminWhoToCallResponse> {
  const res = await post('/api/content/admin-who-to-call-for-a-rm', { rm_id: rm.id, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminWhoToCallResponse>();
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await adminOnPlan(ctx, 'pro');
  head = await employeeOf(ctx, admin, 'head');
  rm = await employeeOf(ctx, admin, 'rm', 'Zoe Banks');
  await importCustomers(ctx, admin, csvOf(24), 'customers.csv');
  const ids = await customerIdsOf(ctx, admin.firmId);
  await assignInDatabase(
    ctx,
    admin.firmId,
    ids.slice(0, 16).map((id) => [id, rm.id] as const),
  );
}, 120_000);

afterAll(() => ctx.close());

describe("the admin's views of an RM's lists", () => {
  it('the call list is filtered and sorted as the RM would see it', async () => {
    const whole = (await callList({})).list;
    expect(whole).toHaveLength(16);
    const level = whole[0]!.urgency_level;
    const shown = (await callList({ urgency: level, sort: 'priority_score', order: 'asc' })).list;
    const expected = whole.filter((item) => item.urgency_level === level);
    expect(shown.map((item) => item.customer_id).sort()).toEqual(
      expected.map((item) => item.customer_id).sort(),
    );
    const scores = shown.map((item) => item.priority_score);
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
  });

  it("today's list takes the filters too, and stays within the book", async () => {
    const today = (await callList({ scope: 'today' })).list;
    const urgent = (await callList({ scope: 'today', urgency: 'urgent,high' })).list;
    expect(urgent.every((item) => ['urgent', 'high'].includes(item.urgency_level))).toBe(true);
    expect(urgent.length).toBeLessThanOrEqual(today.length);
    expect(today.every((item) => item.call_state === null)).toBe(true);
  });

  it('the book sorts by a column of the customer', async () => {
    const res = await post('/api/content/admin-view-rm-book', {
      rm_id: rm.id,
      sort: 'age',
      order: 'desc',
    });
    expect(res.statusCode, res.body).toBe(200);
    const ages = res.json<RmBookResponse>().customers.map((c) => c.age);
    expect(ages).toHaveLength(16);
    expect(ages).toEqual([...ages].sort((a, b) => b - a));
  });

  it('answers 400 naming the parameter for a sort or filter the list does not know', async () => {
    for (const [url, body, param] of [
      ['/api/content/admin-who-to-call-for-a-rm', { sort: 'leverage_ratio' }, 'sort'],
      ['/api/content/admin-who-to-call-for-a-rm', { urgency: 'extreme' }, 'urgency'],
      ['/api/content/admin-who-to-call-for-a-rm', { scope: 'week' }, 'scope'],
      ['/api/content/admin-view-rm-book', { sort: 'priority_score' }, 'sort'],
      ['/api/content/admin-view-rm-book', { order: 'up' }, 'order'],
    ] as const) {
      const res = await post(url, { rm_id: rm.id, ...body });
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body).toContain(param);
    }
    for (const query of [`rm_id=${rm.id}`, `rm_id=nope&format=csv`, `rm_id=${rm.id}&format=pdf`]) {
      const res = await get(`/api/content/admin-view-rm-book/export?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it.each(['csv', 'xlsx'] as const)(
    'exports as %s the call list as shown, and the export is logged with the RM',
    async (format) => {
      const view = { scope: 'all', sort: 'customer_id', order: 'desc' };
      const shown = (await callList(view)).list;
      const rows = await exportedRows(
        await get(
          `/api/content/admin-who-to-call-for-a-rm/export?rm_id=${rm.id}&format=${format}&${new URLSearchParams(view)}`,
        ),
        format,
      );
      expect(rows[0]![0]).toBe('Customer ID');
      expect(rows.slice(1).map((row) => row[0])).toEqual(shown.map((item) => item.customer_id));
      const logged = await ctx.database.db
        .selectFrom('audit_events')
        .select(['subject_id', 'after'])
        .where('firm_id', '=', admin.firmId)
        .where('action', '=', 'list.exported')
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow();
      expect(logged.after).toMatchObject({
        format,
        rows: 16,
        query: { rm_id: rm.id, sort: 'customer_id', order: 'desc', scope: 'all' },
      });
    },
  );

  it("exports the RM's book", async () => {
    const rows = await exportedRows(
      await get(`/api/content/admin-view-rm-book/export?rm_id=${rm.id}&format=csv&sort=age`),
      'csv',
    );
    expect(rows).toHaveLength(17);
  });

  it('the export is the admin’s only; an RM the firm does not have is a 404', async () => {
    for (const who of [head, rm]) {
      const res = await get(
        `/api/content/admin-who-to-call-for-a-rm/export?rm_id=${rm.id}&format=csv`,
        who.headers,
      );
      expect(res.statusCode).toBe(403);
    }
    // head still reads the views, with their tools.
    const read = await post(
      '/api/content/admin-who-to-call-for-a-rm',
      { rm_id: rm.id, sort: 'age' },
      head.headers,
    );
    expect(read.statusCode).toBe(200);
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const path of ['admin-view-rm-book', 'admin-who-to-call-for-a-rm']) {
      const res = await get(`/api/content/${path}/export?rm_id=${unknown}&format=csv`);
      expect(res.statusCode, path).toBe(404);
    }
  });
});
