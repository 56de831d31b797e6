import type { ListWindowQuery, UploadResponse, WhoToCallItem } from '@behavio/contract';
import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminOnPlan,
  employeeOf,
  importCustomers,
  recommendationsSettled,
  uploadFile,
} from '../../../test/firms.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import {
  csvOf,
  customerTable,
  generateCustomers,
  toCsvBuffer,
} from '../../../test/fixtures/customer-files.js';
import type { Principal } from '../../plugins/access.js';
import { AnalyticsService } from './analytics.service.js';
import { ListCache } from './list-cache.js';
import type { JsonBody } from '../../plugins/json-body.js';

const text = (body: JsonBody | undefined) => body?.utf8.toString();

describe('ListCache', () => {
  const counting = (body: string | undefined) => {
    const build = async () => {
      build.calls++;
      return body;
    };
    build.calls = 0;
    return build;
  };

  it('builds a list once per version and again when the version changes', async () => {
    const cache = new ListCache(1 << 20);
    const build = counting('[1]');
    expect(text(await cache.get('k', 'v1', build))).toBe('[1]');
    expect(text(await cache.get('k', 'v1', build))).toBe('[1]');
    expect(build.calls).toBe(1);
    expect(text(await cache.get('k', 'v2', build))).toBe('[1]');
    expect(build.calls).toBe(2);
    // Another key is another list.
    await cache.get('other', 'v2', build);
    expect(build.calls).toBe(3);
  });

  it('shares one build between concurrent misses', async () => {
    const cache = new ListCache(1 << 20);
    const build = counting('[2]');
    const bodies = await Promise.all([1, 2, 3].map(() => cache.get('k', 'v', build)));
    expect(bodies.map(text)).toEqual(['[2]', '[2]', '[2]']);
    expect(build.calls).toBe(1);
  });

  it('keeps nothing without a version or a body, when disabled, or beyond its size', async () => {
    const unknown = counting(undefined);
    const cache = new ListCache(100);
    await cache.get('k', 'v', unknown);
    await cache.get('k', 'v', unknown);
    expect(unknown.calls).toBe(2);

    const noVersion = counting('[]');
    await cache.get('k', undefined, noVersion);
    await cache.get('k', undefined, noVersion);
    expect(noVersion.calls).toBe(2);

    const disabled = new ListCache(0);
    expect(disabled.enabled).toBe(false);
    const big = counting('x'.repeat(200));
    await cache.get('big', 'v', big);
    await cache.get('big', 'v', big);
    expect(big.calls).toBe(2);
  });

  it('lets a failed build fail every waiting reader and keeps nothing', async () => {
    const cache = new ListCache(1 << 20);
    let calls = 0;
    const failing = async () => {
      calls++;
      throw new Error('database down');
    };
    await expect(
      Promise.all([cache.get('k', 'v', failing), cache.get('k', 'v', failing)]),
    ).rejects.toThrow('database down');
    await expect(cache.get('k', 'v', failing)).rejects.toThrow('database down');
    expect(calls).toBe(2);
  });
});

/*
 * The cache must never answer what a fresh read would not: after every kind of write the lists
 * show, each list through the API (cached) must equal the list read without the cache.
 */
let ctx: TestContext;
let admin: Awaited<ReturnType<typeof adminOnPlan>>;
let rm: Awaited<ReturnType<typeof employeeOf>>;
let otherRm: Awaited<ReturnType<typeof employeeOf>>;
let uncached: AnalyticsService;
let principal: Principal;

const LISTS = {
  '/api/content/rm-own-book': 'bookJson',
  '/api/content/rm-who-to-call': 'whoToCallJson',
  '/api/content/rm-priority-scores': 'priorityScoresJson',
  '/api/content/rm-risk-ranking': 'riskRankingJson',
  '/api/content/rm-segments': 'segmentsJson',
} as const;
const WINDOWS: ListWindowQuery[] = [
  {},
  { limit: 3 },
  { limit: 2, offset: 1 },
  { search: 'C-1000' },
];

const query = (window: ListWindowQuery) => {
  const q = new URLSearchParams(
    Object.entries(window).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return q ? `?${q}` : '';
};

/** Every list in every window, as the RM gets it through the API. */
async function apiLists() {
  const lists: Record<string, unknown> = {};
  for (const url of Object.keys(LISTS)) {
    for (const window of WINDOWS) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: url + query(window),
        headers: rm.headers,
      });
      expect(res.statusCode, url).toBe(200);
      lists[url + query(window)] = res.json();
    }
  }
  return lists;
}

/** The same lists read without the cache, straight from the database. */
async function freshLists() {
  const lists: Record<string, unknown> = {};
  for (const [url, method] of Object.entries(LISTS)) {
    for (const window of WINDOWS) {
      lists[url + query(window)] = JSON.parse(
        (await uncached[method](principal, rm.id, window)).utf8.toString(),
      );
    }
  }
  return lists;
}

/** The lists through the cache equal a fresh read, and differ from `before` where expected. */
async function expectFresh(before?: Record<string, unknown>, changed?: string) {
  const lists = await apiLists();
  expect(lists).toEqual(await freshLists());
  if (before && changed) expect(lists[changed]).not.toEqual(before[changed]);
  return lists;
}

const call = (method: 'POST' | 'PUT', url: string, headers: object, payload?: object) =>
  ctx.app.inject({ method, url, headers: headers as Record<string, string>, payload });

beforeAll(async () => {
  ctx = await createTestContext();
  expect(ctx.config.rmListCacheBytes).toBeGreaterThan(0);
  admin = await adminOnPlan(ctx, 'pro');
  rm = await employeeOf(ctx, admin, 'rm');
  otherRm = await employeeOf(ctx, admin, 'rm');
  uncached = new AnalyticsService(ctx.database.db, { listCacheBytes: 0 });
  principal = { userId: rm.id, firmId: admin.firmId, role: 'rm', plan: 'pro', email: rm.email };
  await importCustomers(ctx, admin, csvOf(12), 'first.csv');
  const assigned = await call('POST', '/api/content/assign-rm-bulk', admin.headers, {
    customer_ids: generateCustomers(10).map((c) => c.customer_id),
    rm_id: rm.id,
  });
  expect(assigned.json()).toMatchObject({ assigned: 10 });
});
afterAll(() => ctx.close());

describe('the RM list cache', () => {
  it('shows every change to the lists at once: imports, assignments, outcomes, snoozes, deletions', async () => {
    let lists = await expectFresh();
    const book = '/api/content/rm-own-book';
    const scores = '/api/content/rm-priority-scores';
    const toCall = '/api/content/rm-who-to-call';

    // A later file updates the same customers: new values, new insights.
    await importCustomers(ctx, admin, csvOf(12, {}, {}, 7), 'second.csv');
    lists = await expectFresh(lists, scores);

    // The admin moves a customer to another RM.
    const moved = await call('PUT', '/api/content/reassign-rm', admin.headers, {
      customer_id: 'C-100001',
      new_rm_id: otherRm.id,
    });
    expect(moved.statusCode).toBe(200);
    lists = await expectFresh(lists, book);

    // The RM calls the first customer on the list, then snoozes the next one.
    const [first, second] = lists[toCall] as WhoToCallItem[];
    for (const [customer, outcome] of [
      [first!, { outcome: 'called' }],
      [second!, { outcome: 'snoozed', snooze_until: tomorrowDate() }],
    ] as const) {
      const res = await call('POST', '/api/content/rm-call-outcome', rm.headers, {
        customer_id: customer.customer_id,
        ...outcome,
      });
      expect(res.statusCode).toBe(201);
      lists = await expectFresh(lists, toCall);
    }

    // The snooze ends (as if the date had passed): the customer is back on the list.
    await ctx.database.db
      .updateTable('call_outcomes')
      .set({ snooze_until: '2020-01-01' })
      .where('firm_id', '=', admin.firmId)
      .where('customer_id', '=', second!.customer_id)
      .execute();
    lists = await expectFresh(lists, toCall);

    // A third file brings a new customer, assigned to the RM; deleting the file removes it.
    const extra = generateCustomers(1, { firstId: 900_001, seed: 3 });
    const upload = await uploadFile(
      ctx,
      admin.headers,
      'third.csv',
      toCsvBuffer(customerTable(extra)),
    );
    expect(upload.statusCode).toBe(201);
    const fileId = upload.json<UploadResponse>().file_id!;
    // The products follow the import in a background run: compare the lists once it is done.
    await recommendationsSettled(ctx, admin.firmId);
    const assigned = await call('POST', '/api/content/assign-rm', admin.headers, {
      customer_id: extra[0]!.customer_id,
      rm_id: rm.id,
    });
    expect(assigned.statusCode).toBe(200);
    lists = await expectFresh(lists, book);
    // product-rules: API calls: the file calls are GETs.
    const deleted = await ctx.app.inject({
      method: 'GET',
      url: `/api/content/delete-file/${fileId}`,
      headers: admin.headers,
    });
    expect(deleted.statusCode).toBe(200);
    lists = await expectFresh(lists, book);

    // Insights rewritten by any writer (here as a model backfill would).
    await ctx.database.db
      .updateTable('customer_insights')
      .set({ priority_score: 9.99 })
      .where('firm_id', '=', admin.firmId)
      .where('customer_id', '=', 'C-100005')
      .execute();
    await expectFresh(lists, scores);
  });

  it('answers from the cache while nothing changed, so writes that skip the triggers would show stale lists', async () => {
    const url = '/api/content/rm-priority-scores';
    const read = async () =>
      (await ctx.app.inject({ method: 'GET', url, headers: rm.headers })).json<
        { customer_id: string; priority_score: number }[]
      >();
    const before = await read();
    const target = before[0]!.customer_id;
    // Without the triggers the firm's version stays put: only the cache can explain an old answer.
    await sql`alter table customer_insights disable trigger customer_insights_update_data_version`.execute(
      ctx.database.db,
    );
    try {
      await ctx.database.db
        .updateTable('customer_insights')
        .set({ priority_score: 0.01 })
        .where('firm_id', '=', admin.firmId)
        .where('customer_id', '=', target)
        .execute();
      expect(await read()).toEqual(before);
    } finally {
      await sql`alter table customer_insights enable trigger customer_insights_update_data_version`.execute(
        ctx.database.db,
      );
    }
  });
});

describe('RM list responses', () => {
  it('are gzipped for clients that accept gzip, and the same JSON either way', async () => {
    const url = '/api/content/rm-risk-ranking';
    const read = (acceptEncoding?: string) =>
      ctx.app.inject({
        method: 'GET',
        url,
        headers: {
          ...rm.headers,
          ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        },
      });
    const plain = await read();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.length).toBeGreaterThan(4 * 1024);

    for (const accepted of ['gzip, deflate, br', 'br;q=1, gzip;q=0.5']) {
      const gzipped = await read(accepted);
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(plain.json());
    }
    for (const refused of ['identity', 'gzip;q=0', 'br']) {
      const res = await read(refused);
      expect(res.headers['content-encoding'], refused).toBeUndefined();
      expect(res.json()).toEqual(plain.json());
    }
    // A small body is not worth compressing.
    const small = await ctx.app.inject({
      method: 'GET',
      url: `${url}?search=NO-SUCH-CUSTOMER`,
      headers: { ...rm.headers, 'accept-encoding': 'gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(
      small.json().high_risk.length +
        small.json().medium_risk.length +
        small.json().low_risk.length,
    ).toBe(0);
  });
});

function tomorrowDate() {
  return new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
}
