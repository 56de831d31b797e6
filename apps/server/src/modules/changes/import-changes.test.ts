import type {
  AlertsResponse,
  CustomerPageResponse,
  CustomerRecord,
  FileChangesResponse,
} from '@behavio/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customerTable,
  realisticCustomers,
  toCsvBuffer,
} from '../../../test/fixtures/customer-files.js';
import {
  adminOnPlan,
  assignInDatabase,
  employeeOf,
  importCustomers,
  type Admin,
  type Employee,
} from '../../../test/firms.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { filesSupplying } from '../../../test/supplying-files.js';

/**
 * Issue 19, items 1-3 end to end: a second file in which some customers got riskier records
 * what changed, keeps history, and raises each alert once for exactly the right person; a
 * replay records nothing; a reassignment moves the open alerts.
 */
let ctx: TestContext;
let admin: Admin;
let rm: Employee;
let otherRm: Employee;
let first: string;
let second: string;
let replay: string;
let versionsBeforeSecond: Map<string, string>;

const book = realisticCustomers(12, { seed: 48 });
const csvOf = (records: CustomerRecord[]) => toCsvBuffer(customerTable(records));
/** The same book with these customers' leverage raised to `leverage`, and `extra` added. */
const riskier = (ids: string[], leverage: number, extra: CustomerRecord[] = []) => [
  ...book.map((c) => (ids.includes(c.customer_id) ? { ...c, leverage_ratio: leverage } : c)),
  ...extra,
];
// Leverage 1 → 3: C-100003 goes from priority 3.26 (low urgency, low risk) to 8 (urgent, high);
// C-100006 from 1.7 (low, low) to 4.9 (medium urgency, high risk); C-100007 from 2.47 to
// 6.24 (high, high). The new customer arrives at urgent urgency.
const newcomer: CustomerRecord = { ...book[2]!, customer_id: 'C-900001', leverage_ratio: 3 };
const secondBook = riskier(['C-100003', 'C-100006', 'C-100007'], 3, [newcomer]);

const get = <T>(headers: Record<string, string>, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers }).then((res) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  });
const alertsOf = (who: { headers: Record<string, string> }, status = 'all') =>
  get<AlertsResponse>(who.headers, `/api/alerts?status=${status}&limit=100`);
const changesOf = (fileId: string) =>
  get<FileChangesResponse>(admin.headers, `/api/content/file-changes/${fileId}?limit=100`);
/** Each customer's row version (xmin): a row written again, even with the same values, gets a new one. */
const rowVersions = async () => {
  const { rows } = await sql<{ customer_id: string; version: string }>`
    select customer_id, xmin::text as version from customers where firm_id = ${admin.firmId}
  `.execute(ctx.database.db);
  return new Map(rows.map((r) => [r.customer_id, r.version]));
};
const rewritten = (before: Map<string, string>, after: Map<string, string>) =>
  [...after]
    .filter(([id, version]) => before.get(id) !== version)
    .map(([id]) => id)
    .sort();
const summary = (alerts: AlertsResponse) =>
  alerts.alerts.map((a) => `${a.customer_id} ${a.kind} ${a.severity}`).sort();

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await adminOnPlan(ctx, 'pro');
  rm = await employeeOf(ctx, admin, 'rm');
  otherRm = await employeeOf(ctx, admin, 'rm');
  first = await importCustomers(ctx, admin, csvOf(book), 'first.csv');
  await assignInDatabase(ctx, admin.firmId, [
    ['C-100003', rm.id],
    ['C-100006', rm.id],
    ['C-100001', otherRm.id],
  ]);
  versionsBeforeSecond = await rowVersions();
  second = await importCustomers(ctx, admin, csvOf(secondBook), 'second.csv');
}, 300_000);
afterAll(() => ctx.close());

describe('a file in which customers got riskier', () => {
  it('counts the new, changed and unchanged customers and each kind of change', async () => {
    const changes = await changesOf(second);
    expect(changes).toMatchObject({
      file_id: second,
      new_customers: 1,
      updated: 3,
      unchanged: 9,
      removed: 0,
      total_items: 4,
    });
    expect(changes.changes).toMatchObject({ urgency_up: 3, risk_level_up: 3, priority_jump: 3 });
    expect(changes.items.map((i) => [i.customer_id, i.change])).toEqual([
      ['C-100003', 'updated'],
      ['C-100006', 'updated'],
      ['C-100007', 'updated'],
      ['C-900001', 'new'],
    ]);
    const c3 = changes.items[0]!;
    expect(c3.kinds).toEqual(
      expect.arrayContaining(['urgency_up', 'risk_level_up', 'priority_jump']),
    );
    expect(c3.before).toMatchObject({
      priority_score: 3.26,
      urgency_level: 'low',
      risk_level: 'low',
    });
    expect(c3.after).toMatchObject({
      priority_score: 8,
      urgency_level: 'urgent',
      risk_level: 'high',
    });
    expect(changes.items[3]).toMatchObject({ before: null, kinds: [] });
  });

  it('writes the rows of the customers it changed or created only, and records it supplied them all', async () => {
    expect(rewritten(versionsBeforeSecond, await rowVersions())).toEqual([
      'C-100003',
      'C-100006',
      'C-100007',
      'C-900001',
    ]);
    const supplying = await filesSupplying(ctx.database.db, admin.firmId);
    expect(supplying.get('C-100001')).toEqual([first, second].sort());
    expect(supplying.get('C-900001')).toEqual([second]);
  });

  it('records product_change exactly where the top product differs from the one before', async () => {
    const changes = await changesOf(second);
    const moved = changes.items.filter(
      (i) => i.change === 'updated' && i.before!.top_product_id !== i.after!.top_product_id,
    );
    // The riskier customers' products changed with them (the default shelf serves deleveraging).
    expect(moved.length).toBeGreaterThan(0);
    for (const item of changes.items)
      expect(item.kinds.includes('product_change')).toBe(moved.includes(item));
    expect(changes.changes.product_change).toBe(moved.length);
  });

  it("lists the first file's customers as all new, with nothing before them", async () => {
    const changes = await changesOf(first);
    expect(changes).toMatchObject({ new_customers: 12, updated: 0, unchanged: 0 });
    // C-100003's state from the first file is history now, and still that file's item.
    expect(changes.total_items).toBe(12);
    expect(changes.items.every((i) => i.change === 'new' && i.before === null)).toBe(true);
    expect(changes.items.find((i) => i.customer_id === 'C-100003')!.after).toMatchObject({
      priority_score: 3.26,
    });
  });

  it("gives the RM their customers' alerts, with the customer's figures, and nobody else's", async () => {
    const alerts = await alertsOf(rm);
    expect(summary(alerts)).toEqual([
      'C-100003 priority_jump info',
      'C-100003 risk_level_up critical',
      'C-100003 urgency_up critical',
      'C-100006 priority_jump info',
      'C-100006 risk_level_up critical',
    ]);
    expect(alerts.unread_count).toBe(5);
    const byKind = (customer: string, kind: string) =>
      alerts.alerts.find((a) => a.customer_id === customer && a.kind === kind)!.message;
    expect(byKind('C-100003', 'priority_jump')).toBe('Priority 3.3 → 8: leverage rose from 1 to 3');
    expect(byKind('C-100003', 'urgency_up')).toBe(
      'Urgency low → urgent, priority 3.3 → 8: leverage rose from 1 to 3',
    );
    expect(byKind('C-100006', 'risk_level_up')).toBe(
      'Risk level low → high, priority 1.7 → 4.9: leverage rose from 1 to 3',
    );
    expect(alerts.alerts.every((a) => a.file_id === second && a.read_at === null)).toBe(true);
    // C-100001, the other RM's, did not change: nothing for them.
    expect((await alertsOf(otherRm)).alerts).toEqual([]);
  });

  it("gives the admin the alerts of customers without an RM, a new customer's too", async () => {
    expect(summary(await alertsOf(admin))).toEqual([
      'C-100007 priority_jump info',
      'C-100007 risk_level_up critical',
      'C-100007 urgency_up warning',
      'C-900001 new_high_urgency critical',
    ]);
  });

  it("keeps the customer's history, newest first, on the customer page", async () => {
    const page = await get<CustomerPageResponse>(rm.headers, '/api/content/customer/C-100003');
    expect(page.history).toHaveLength(2);
    expect(page.history[0]).toMatchObject({
      file_id: second,
      source: 'file',
      priority_score: 8,
      urgency_level: 'urgent',
    });
    expect(page.history[0]!.changes).toEqual(
      expect.arrayContaining(['urgency_up', 'risk_level_up', 'priority_jump']),
    );
    expect(page.history[1]).toMatchObject({ file_id: first, priority_score: 3.26, changes: [] });
    const unchanged = await get<CustomerPageResponse>(
      admin.headers,
      '/api/content/customer/C-100002',
    );
    expect(unchanged.history).toHaveLength(1);
    expect(unchanged.history[0]!.file_id).toBe(first);
  });
});

describe('the same file again', () => {
  let versionsBeforeReplay: Map<string, string>;
  beforeAll(async () => {
    versionsBeforeReplay = await rowVersions();
    replay = await importCustomers(ctx, admin, csvOf(secondBook), 'again.csv');
  }, 120_000);

  it('writes no customer row, and records that it supplied every customer', async () => {
    expect(rewritten(versionsBeforeReplay, await rowVersions())).toEqual([]);
    const supplying = await filesSupplying(ctx.database.db, admin.firmId);
    expect([...supplying.values()].every((files) => files.includes(replay))).toBe(true);
    expect(supplying.size).toBe(13);
  });

  it('records no change and raises no alert', async () => {
    const changes = await changesOf(replay);
    expect(changes).toMatchObject({ new_customers: 0, updated: 0, unchanged: 13, items: [] });
    expect(Object.values(changes.changes).every((n) => n === 0)).toBe(true);
    expect((await alertsOf(rm)).alerts).toHaveLength(5);
    expect((await alertsOf(admin)).alerts).toHaveLength(4);
    const page = await get<CustomerPageResponse>(rm.headers, '/api/content/customer/C-100003');
    expect(page.history).toHaveLength(2);
  });
});

describe('reassigning a customer', () => {
  it('moves their unread alerts to the new RM; the old RM no longer sees any of them', async () => {
    const before = await alertsOf(rm);
    const read = before.alerts.find((a) => a.customer_id === 'C-100006')!;
    const marked = await ctx.app.inject({
      method: 'POST',
      url: `/api/alerts/${read.alert_id}/read`,
      headers: rm.headers,
    });
    expect(marked.statusCode).toBe(200);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/content/reassign-rm',
      headers: admin.headers,
      payload: { customer_id: 'C-100006', new_rm_id: otherRm.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(summary(await alertsOf(rm))).toEqual([
      'C-100003 priority_jump info',
      'C-100003 risk_level_up critical',
      'C-100003 urgency_up critical',
    ]);
    // The unread one moved; the one the old RM had read stays theirs, out of sight.
    const moved = await alertsOf(otherRm);
    expect(summary(moved)).toEqual([
      'C-100006 ' +
        (read.kind === 'priority_jump' ? 'risk_level_up critical' : 'priority_jump info'),
    ]);
    expect(moved.unread_count).toBe(1);
  });

  it("moves an unassigned customer's alerts from the admin to the RM it is assigned to", async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/content/assign-rm',
      headers: admin.headers,
      payload: { customer_id: 'C-100007', rm_id: rm.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(summary(await alertsOf(admin))).toEqual(['C-900001 new_high_urgency critical']);
    expect(summary(await alertsOf(rm, 'unread'))).toEqual(
      expect.arrayContaining([
        'C-100007 priority_jump info',
        'C-100007 risk_level_up critical',
        'C-100007 urgency_up warning',
      ]),
    );
  });
});
