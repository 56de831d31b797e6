import type { WhoToCallItem } from '@behavio/contract';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOnPlan, assignInDatabase, employeeOf, importCustomers } from '../../../test/firms.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { csvOf, generateCustomers } from '../../../test/fixtures/customer-files.js';
import { tablesOf } from '../../db/firm-scope-check.js';
import type { Principal } from '../../plugins/access.js';
import { AnalyticsService } from './analytics.service.js';
import * as repo from './book.repository.js';

/*
 * The RM lists are cached per data version (list-cache.ts): the version must change whenever a
 * row the lists read changes, or an RM is served a stale list. This test takes the tables from
 * the lists' own SQL and changes a row of each by hand (as a fix in psql would), so a new join
 * in a list fails here until its table is covered by the version and by a case below.
 */

/** Collects the tables of every query that passes through it. */
class TableCollector implements KyselyPlugin {
  readonly tables = new Set<string>();
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    for (const table of tablesOf(args.node)) this.tables.add(table);
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof adminOnPlan>>;
let rm: Awaited<ReturnType<typeof employeeOf>>;
let principal: Principal;
let uncached: AnalyticsService;

const LISTS = {
  '/api/content/rm-own-book': 'bookJson',
  '/api/content/rm-who-to-call': 'whoToCallJson',
  '/api/content/rm-who-to-call?scope=today': 'whoToCallJson',
  '/api/content/rm-priority-scores': 'priorityScoresJson',
  '/api/content/rm-risk-ranking': 'riskRankingJson',
  '/api/content/rm-segments': 'segmentsJson',
} as const;

/** Every list as the RM gets it through the API (from the cache when it holds). */
async function apiLists() {
  const lists: Record<string, unknown> = {};
  for (const url of Object.keys(LISTS)) {
    const res = await ctx.app.inject({ method: 'GET', url, headers: rm.headers });
    expect(res.statusCode, url).toBe(200);
    lists[url] = res.json();
  }
  return lists;
}

/** The same lists read without the cache. */
async function freshLists() {
  const lists: Record<string, unknown> = {};
  for (const [url, method] of Object.entries(LISTS)) {
    const query = url.endsWith('scope=today') ? { scope: 'today' as const } : {};
    const body = await uncached[method](principal, rm.id, query);
    lists[url] = JSON.parse(body.utf8.toString());
  }
  return lists;
}

const firstOf = async () => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/content/rm-who-to-call',
    headers: rm.headers,
  });
  return res.json<WhoToCallItem[]>()[0]!;
};

/**
 * A hand-made change to a row of each table the lists read, that the lists show (in this order:
 * the outcome's change shows only while it matches the customer's current insight).
 */
const CHANGES: Record<string, () => Promise<unknown>> = {
  customers: async () =>
    ctx.database.db
      .updateTable('customers')
      .set((eb) => ({ age: eb('age', '+', 1) }))
      .where('firm_id', '=', admin.firmId)
      .where('customer_id', '=', (await firstOf()).customer_id)
      .execute(),
  call_outcomes: () =>
    ctx.database.db
      .updateTable('call_outcomes')
      .set({ outcome: 'reopened' })
      .where('firm_id', '=', admin.firmId)
      .where('rm_id', '=', rm.id)
      .execute(),
  customer_insights: async () =>
    ctx.database.db
      .updateTable('customer_insights')
      .set({ recommended_action: 'Changed by hand' })
      .where('firm_id', '=', admin.firmId)
      .where('customer_id', '=', (await firstOf()).customer_id)
      .execute(),
  users: () =>
    ctx.database.db
      .updateTable('users')
      .set({ name: 'Renamed by hand' })
      .where('firm_id', '=', admin.firmId)
      .where('id', '=', rm.id)
      .execute(),
};

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await adminOnPlan(ctx, 'pro');
  rm = await employeeOf(ctx, admin, 'rm');
  principal = { userId: rm.id, firmId: admin.firmId, role: 'rm', plan: 'pro', email: rm.email };
  uncached = new AnalyticsService(ctx.database.db, { listCacheBytes: 0 });
  await importCustomers(ctx, admin, csvOf(6));
  await assignInDatabase(
    ctx,
    admin.firmId,
    generateCustomers(6).map((c) => [c.customer_id, rm.id] as const),
  );
  // An outcome of the RM, so the outcome the lists join has a row to change.
  const called = await ctx.app.inject({
    method: 'POST',
    url: '/api/content/rm-call-outcome',
    headers: rm.headers,
    payload: { customer_id: (await firstOf()).customer_id, outcome: 'called' },
  });
  expect(called.statusCode).toBe(201);
});
afterAll(() => ctx.close());

describe('the RM list cache, for every table the lists read', () => {
  it('has a change case for exactly the tables of the lists’ SQL', async () => {
    const collector = new TableCollector();
    const db = ctx.database.db.withPlugin(collector);
    const input = { firmId: admin.firmId, rmId: rm.id, window: {} };
    await repo.bookJson(db, input);
    await repo.whoToCallJson(db, input);
    await repo.whoToCallJson(db, { ...input, today: { capacity: 10 } });
    await repo.priorityScoresJson(db, input);
    await repo.riskRankingJson(db, input);
    await repo.segmentsJson(db, input);
    expect([...collector.tables].sort()).toEqual(Object.keys(CHANGES).sort());
  });

  it.each(Object.keys(CHANGES))(
    'serves the next lists fresh after a row of %s changes',
    async (table) => {
      const before = await apiLists();
      // The lists are cached now: a second read answers the same.
      expect(await apiLists()).toEqual(before);
      await CHANGES[table]!();
      const after = await apiLists();
      expect(after).toEqual(await freshLists());
      expect(after).not.toEqual(before);
    },
  );
});
