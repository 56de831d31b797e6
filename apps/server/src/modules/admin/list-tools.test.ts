import {
  CUSTOMER_LIST_SORTS,
  type AuditEventsResponse,
  type ListCustomersResponse,
  type ManagedCustomer,
} from '@behavio/contract';
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
 * The list tools on the admin's customer list and the audit log (issue 20): sorted and filtered
 * on the server, so every page is a slice of one sorted, filtered list; exports of what is shown;
 * 400s that name the parameter.
 */

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof adminOnPlan>>;
let head: Awaited<ReturnType<typeof employeeOf>>;
let rm: Awaited<ReturnType<typeof employeeOf>>;
let insights: Map<string, { urgency_level: string; risk_level: string; segment: string }>;
let ids: string[];

const get = (url: string, headers = admin.headers) =>
  ctx.app.inject({ method: 'GET', url, headers });

async function listed(query: string): Promise<ListCustomersResponse> {
  const res = await get(`/api/content/list-customers?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListCustomersResponse>();
}

/** Every page of the list with `query`, concatenated. */
async function allPages(query: string, pageSize = 7): Promise<ManagedCustomer[]> {
  const first = await listed(`${query}&page=1&page_size=${pageSize}`);
  const rest = [];
  for (let page = 2; page <= first.pagination.total_pages; page++)
    rest.push(...(await listed(`${query}&page=${page}&page_size=${pageSize}`)).customers);
  return [...first.customers, ...rest];
}

const byBytes = (a: unknown, b: unknown) =>
  Buffer.compare(Buffer.from(String(a)), Buffer.from(String(b)));

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await adminOnPlan(ctx, 'pro');
  head = await employeeOf(ctx, admin, 'head');
  rm = await employeeOf(ctx, admin, 'rm', 'Zoe Banks');
  const other = await employeeOf(ctx, admin, 'rm', 'Adam Ash');
  await importCustomers(ctx, admin, csvOf(30), 'customers.csv');
  ids = await customerIdsOf(ctx, admin.firmId);
  await assignInDatabase(ctx, admin.firmId, [
    ...ids.slice(0, 10).map((id) => [id, rm.id] as const),
    ...ids.slice(10, 18).map((id) => [id, other.id] as const),
  ]);
  const rows = await ctx.database.db
    .selectFrom('customer_insights')
    .select(['customer_id', 'urgency_level', 'risk_level', 'segment'])
    .where('firm_id', '=', admin.firmId)
    .execute();
  insights = new Map(rows.map((r) => [r.customer_id, r]));
  await ctx.database.db
    .updateTable('customers')
    .set({ cash_pct: -12.5 })
    .where('firm_id', '=', admin.firmId)
    .where('customer_id', '=', ids[0]!)
    .execute();
}, 120_000);

afterAll(() => ctx.close());

describe('the customer list', () => {
  it('without tools it is today’s list, by customer id', async () => {
    const page = await listed('page=1&page_size=100');
    expect(page.customers.map((c) => c.customer_id)).toEqual(ids);
  });

  it.each(CUSTOMER_LIST_SORTS.flatMap((key) => [[key, 'asc'] as const, [key, 'desc'] as const]))(
    'sorted by %s %s across pages, ties by customer id',
    async (key, order) => {
      const everyone = (await listed('page=1&page_size=100')).customers;
      const sign = order === 'asc' ? 1 : -1;
      const value = (c: ManagedCustomer) => c[key];
      const expected = [...everyone].sort((a, b) => {
        const [x, y] = [value(a), value(b)];
        // Nulls (no RM) go last either way.
        if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
        const by =
          typeof x === 'number' && typeof y === 'number'
            ? x - y
            : key === 'created_at'
              ? Date.parse(x as string) - Date.parse(y as string)
              : byBytes(x, y);
        return sign * by;
      });
      const pages = await allPages(`sort=${key}&order=${order}`);
      expect(pages.map((c) => c.customer_id)).toEqual(expected.map((c) => c.customer_id));
    },
  );

  it('filters by urgency, risk level, segment and unassigned, with the total of the filtered list', async () => {
    const cases: [string, (id: string, rmId: string | null) => boolean][] = [
      ['urgency=high,medium', (id) => ['high', 'medium'].includes(insights.get(id)!.urgency_level)],
      ['risk_level=high', (id) => insights.get(id)!.risk_level === 'high'],
      [
        'segment=balanced,anchored',
        (id) => ['balanced', 'anchored'].includes(insights.get(id)!.segment),
      ],
      ['unassigned=true', (_id, rmId) => rmId === null],
      ['unassigned=false', () => true],
      [
        'unassigned=true&risk_level=medium,low',
        (id, rmId) => rmId === null && insights.get(id)!.risk_level !== 'high',
      ],
    ];
    const everyone = (await listed('page=1&page_size=100')).customers;
    for (const [query, keep] of cases) {
      const expected = everyone
        .filter((c) => keep(c.customer_id, c.rm_id))
        .map((c) => c.customer_id);
      const first = await listed(`${query}&page=1&page_size=4`);
      expect(first.pagination.total_count, query).toBe(expected.length);
      expect(
        (await allPages(query, 4)).map((c) => c.customer_id),
        query,
      ).toEqual(expected);
    }
    expect(
      (await listed('unassigned=true&page=1')).customers.every((c) => c.rm_name === null),
    ).toBe(true);
  });

  it('filters and searches together', async () => {
    const needle = ids[3]!.slice(-2);
    const expected = (await listed(`search=${needle}&page=1&page_size=100`)).customers.filter(
      (c) => c.rm_id === null,
    );
    const found = await listed(`search=${needle}&unassigned=true&page=1&page_size=100`);
    expect(found.customers).toEqual(expected);
  });

  it.each([
    ['sort=priority_score', 'sort'],
    ['sort=rm_name&order=sideways', 'order'],
    ['urgency=soon', 'urgency'],
    ['risk_level=HIGH', 'risk_level'],
    ['segment=herd', 'segment'],
    ['unassigned=yes', 'unassigned'],
  ])('?%s is a 400 naming %s, on the list and its export', async (query, param) => {
    for (const url of [
      `/api/content/list-customers?${query}`,
      `/api/content/list-customers/export?format=csv&${query}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ code: string }>().code).toBe('validation_failed');
      expect(res.body).toContain(param);
    }
  });
});

describe('the customer export', () => {
  it.each(['csv', 'xlsx'] as const)(
    'is the filtered, sorted list, every page, as %s',
    async (format) => {
      const query = 'sort=age&order=desc&risk_level=high,medium,low';
      const shown = await allPages(query);
      const rows = await exportedRows(
        await get(`/api/content/list-customers/export?format=${format}&${query}`, head.headers),
        format,
      );
      expect(rows[0]).toContain('RM');
      expect(rows.slice(1).map((r) => r[0])).toEqual(shown.map((c) => c.customer_id));
      const cash = rows[0]!.indexOf('Cash %');
      const first = rows.find((r) => r[0] === ids[0])!;
      expect(first[cash]).toBe(format === 'csv' ? '-12.5' : -12.5);
    },
  );

  it('an RM has their own book instead: 403', async () => {
    const res = await get('/api/content/list-customers/export?format=csv', rm.headers);
    expect(res.statusCode).toBe(403);
  });
});

describe('the audit log', () => {
  const events = async (query: string, headers = admin.headers) => {
    const res = await get(`/api/audit/events?${query}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AuditEventsResponse>();
  };

  it('filters by action, person and days, on every page', async () => {
    const everything = (await events('page=1&page_size=100')).events;
    expect(everything.length).toBeGreaterThan(2);
    const action = everything.at(-1)!.action;
    const byAction = await events(`action=${action}&page=1&page_size=100`);
    expect(byAction.events).toEqual(everything.filter((e) => e.action === action));
    const byPerson = await events(`actor=${admin.email.toUpperCase()}&page=1&page_size=100`);
    expect(byPerson.events.length).toBeGreaterThan(0);
    expect(byPerson.events.every((e) => e.actor_email === admin.email)).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect((await events(`from=${today}&to=${today}&page=1&page_size=100`)).events).toEqual(
      everything,
    );
    expect((await events('to=2020-01-01&page=1')).events).toEqual([]);
    expect((await events('from=2999-01-01&page=1')).pagination.total_count).toBe(0);
  });

  it.each([
    ['from=yesterday', 'from'],
    ['to=2026-02-30', 'to'],
    ['from=2026-03-02&to=2026-03-01', 'to'],
    ['action=', 'action'],
    [`actor=${'a'.repeat(300)}`, 'actor'],
  ])('?%s is a 400 naming %s, on the log and its export', async (query, param) => {
    for (const url of [
      `/api/audit/events?${query}`,
      `/api/audit/events/export?format=csv&${query}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.body).toContain(param);
    }
  });

  it.each(['csv', 'xlsx'] as const)(
    'exports as %s what the filters keep, and the export is logged',
    async (format) => {
      const shown = (await events(`actor=${head.email}&page=1&page_size=100`)).events;
      expect(shown.length).toBeGreaterThan(0);
      const rows = await exportedRows(
        await get(`/api/audit/events/export?format=${format}&actor=${head.email}`),
        format,
      );
      expect(rows[0]).toEqual([
        'When',
        'Person',
        'Role',
        'Action',
        'Subject Type',
        'Subject',
        'Before',
        'After',
      ]);
      expect(rows.slice(1).map((r) => r[3])).toEqual(shown.map((e) => e.action));
      const logged = (await events(`action=list.exported&page=1&page_size=100`)).events;
      expect(logged[0]!.after).toMatchObject({ format, query: { actor: head.email } });
    },
  );

  it('the log and its export are for admin and compliance only', async () => {
    for (const who of [head, rm]) {
      expect((await get('/api/audit/events/export?format=csv', who.headers)).statusCode).toBe(403);
    }
  });
});
