import {
  adminRmBookResponseSchema,
  adminWhoToCallResponseSchema,
  priorityScoresResponseSchema,
  riskRankingResponseSchema,
  rmBookResponseSchema,
  segmentsResponseSchema,
  SEGMENTS,
  whoToCallResponseSchema,
  priorityScoreItemSchema,
  whoToCallItemSchema,
  type BookCustomer,
  type CallState,
  type ProductSuggestion,
  type RiskRankingItem,
  type TopBias,
  type UrgencyLevel,
  URGENCY_LEVELS,
} from '@behavio/contract';
import { hasVulnerabilityFlag } from '@behavio/insights';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { adminOnPlan, employeeOf, importCustomers } from '../../../test/firms.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { csvOf } from '../../../test/fixtures/customer-files.js';

/*
 * The RM lists are JSON written by PostgreSQL, not by the contract's serialiser: every body must
 * be exactly what the contract describes, with the values stored for each customer.
 */

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof adminOnPlan>>;
let rm: Awaited<ReturnType<typeof employeeOf>>;
let idleRm: Awaited<ReturnType<typeof employeeOf>>;
const ESCAPED_ID = 'Q"7\\ ü';

async function body<S extends z.ZodType>(schema: S, headers: Record<string, string>, url: string) {
  const res = await ctx.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type'], url).toBe('application/json; charset=utf-8');
  const json: unknown = JSON.parse(res.body);
  // Parsing strips keys the schema does not declare: equal output means there were none.
  expect(schema.parse(json), url).toStrictEqual(json);
  return json as z.infer<S>;
}

/** The RM's items as the contract shapes them, from the stored rows, highest priority first. */
async function storedBook(rmId: string, states: Record<string, CallState> = {}) {
  const rows = await ctx.database.db
    .selectFrom('customers as c')
    .innerJoin('customer_insights as i', (join) =>
      join.onRef('i.firm_id', '=', 'c.firm_id').onRef('i.customer_id', '=', 'c.customer_id'),
    )
    .selectAll(['c', 'i'])
    .select('c.created_at')
    .where('c.firm_id', '=', admin.firmId)
    .where('c.rm_id', '=', rmId)
    .execute();
  // The list order (listOrder): priority, then urgency, then customer_id by code unit, which is
  // byte order for the ASCII ids of the fixtures.
  const urgencyRank = (u: string) => URGENCY_LEVELS.indexOf(u as UrgencyLevel);
  rows.sort(
    (a, b) =>
      b.priority_score - a.priority_score ||
      urgencyRank(a.urgency_level) - urgencyRank(b.urgency_level) ||
      (a.customer_id < b.customer_id ? -1 : 1),
  );
  return rows.map((row) => {
    const recommended_products = row.recommended_products as ProductSuggestion[];
    const customer: BookCustomer = {
      customer_id: row.customer_id,
      country_iso: row.country_iso,
      age: row.age,
      risk_profile: row.risk_profile,
      experience_years: row.experience_years,
      cash_pct: row.cash_pct,
      etf_pct: row.etf_pct,
      single_stock_pct: row.single_stock_pct,
      leverage_ratio: row.leverage_ratio,
      created_at: new Date(row.created_at).toISOString(),
      rm_id: row.rm_id,
      recommended_products,
      call_state: states[row.customer_id] ?? null,
      // Computed by SQL for the list; the insights package's test of the same four flags here.
      needs_review: hasVulnerabilityFlag(row),
    };
    const item = {
      customer_id: row.customer_id,
      country_iso: row.country_iso,
      age: row.age,
      risk_profile: row.risk_profile,
      urgency_level: row.urgency_level,
      priority_score: row.priority_score,
      recommended_action: row.recommended_action,
      top_biases: (row.top_biases as TopBias[]).map(({ bias_name, score, confidence }) => ({
        bias_name,
        score,
        confidence,
      })),
      breakdown: {
        bias_severity: row.bias_severity,
        risk_urgency: row.risk_urgency,
        time_sensitivity: row.time_sensitivity,
        customer_value: row.customer_value,
      },
      why: row.why,
      risk_level: row.risk_level,
      segment: row.segment,
      recommended_products,
      call_state: states[row.customer_id] ?? null,
      needs_review: hasVulnerabilityFlag(row),
    } as RiskRankingItem;
    return {
      customer,
      item,
      whoToCall: pick(item, whoToCallItemSchema),
      priorityScore: pick(item, priorityScoreItemSchema),
    };
  });
}

/** The fields of `item` that `schema` declares. */
const pick = (item: RiskRankingItem, schema: z.ZodObject) =>
  Object.fromEntries(Object.keys(schema.shape).map((key) => [key, item[key as keyof typeof item]]));

type Stored = Awaited<ReturnType<typeof storedBook>>;
const items = (stored: Stored) => stored.map((s) => s.item);
const byRisk = (stored: Stored) => ({
  high_risk: items(stored).filter((i) => i.risk_level === 'high'),
  medium_risk: items(stored).filter((i) => i.risk_level === 'medium'),
  low_risk: items(stored).filter((i) => i.risk_level === 'low'),
});
const bySegment = (stored: Stored) =>
  Object.fromEntries(SEGMENTS.map((s) => [s, items(stored).filter((i) => i.segment === s)]));
const customersOf = (stored: Stored) =>
  stored.map((s) => s.customer).sort((a, b) => (a.customer_id < b.customer_id ? -1 : 1));

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await adminOnPlan(ctx, 'pro');
  rm = await employeeOf(ctx, admin, 'rm');
  idleRm = await employeeOf(ctx, admin, 'rm');
  await importCustomers(ctx, admin, csvOf(30), 'book.csv');
  const db = ctx.database.db;
  const ids = (
    await db
      .selectFrom('customers')
      .select('customer_id')
      .where('firm_id', '=', admin.firmId)
      .orderBy('customer_id')
      .execute()
  ).map((r) => r.customer_id);
  await db
    .updateTable('customers')
    .set({ rm_id: rm.id })
    .where('firm_id', '=', admin.firmId)
    .where('customer_id', 'in', ids.slice(0, 20))
    .execute();
  // Values that only survive a shortest round-trip print, and a timestamp with microseconds.
  await db
    .updateTable('customer_insights')
    .set({
      priority_score: 0.1 + 0.2,
      bias_severity: 1 / 3,
      top_biases: JSON.stringify([
        { bias_name: 'overconfidence', score: 100 / 7, confidence: 2 / 3 },
      ]) as never,
    })
    .where('firm_id', '=', admin.firmId)
    .where('customer_id', '=', ids[0]!)
    .execute();
  await sql`update customers set created_at = '2025-03-04T05:06:07.891999Z'
    where firm_id = ${admin.firmId} and customer_id = ${ids[0]}`.execute(db);
  // Texts JSON must escape, in the stored pieces (migration 0008) and in what the lists add.
  for (const table of ['customers', 'customer_insights']) {
    await sql`update ${sql.table(table)} set customer_id = ${ESCAPED_ID}
      where firm_id = ${admin.firmId} and customer_id = ${ids[1]}`.execute(db);
  }
  await db
    .updateTable('customer_insights')
    .set({ recommended_action: 'Say "hello"\\\tthen\nwait ü €', why: '\u0001 <why> 😀' })
    .where('firm_id', '=', admin.firmId)
    .where('customer_id', '=', ESCAPED_ID)
    .execute();
});
afterAll(() => ctx.close());

describe('RM list responses', () => {
  it('answers each list exactly as stored, as valid JSON with the JSON content type', async () => {
    const stored = await storedBook(rm.id);
    expect(stored).toHaveLength(20);
    expect(stored.find((s) => s.item.customer_id === ESCAPED_ID)?.item.why).toBe('\u0001 <why> 😀');
    expect(stored.find((s) => s.item.priority_score === 0.1 + 0.2)?.customer.created_at).toBe(
      '2025-03-04T05:06:07.891Z',
    );
    const h = rm.headers;
    expect(await body(rmBookResponseSchema, h, '/api/content/rm-own-book')).toStrictEqual({
      rm_id: rm.id,
      rm_name: 'rm person',
      customer_count: 20,
      customers: customersOf(stored),
    });
    expect(await body(whoToCallResponseSchema, h, '/api/content/rm-who-to-call')).toStrictEqual(
      stored.map((s) => s.whoToCall),
    );
    expect(
      await body(priorityScoresResponseSchema, h, '/api/content/rm-priority-scores'),
    ).toStrictEqual(stored.map((s) => s.priorityScore));
    const ranking = await body(riskRankingResponseSchema, h, '/api/content/rm-risk-ranking');
    expect(ranking).toStrictEqual(byRisk(stored));
    expect(Object.keys(ranking)).toEqual(Object.keys(riskRankingResponseSchema.shape));
    const segments = await body(segmentsResponseSchema, h, '/api/content/rm-segments');
    expect(segments).toStrictEqual(bySegment(stored));
    expect(Object.keys(segments)).toEqual(Object.keys(segmentsResponseSchema.shape));
  });

  it('answers the admin’s views of an RM with the same values', async () => {
    const stored = await storedBook(rm.id);
    for (const [url, schema, expected] of [
      [
        '/api/content/admin-view-rm-book',
        adminRmBookResponseSchema,
        { rm_id: rm.id, rm_name: 'rm person', customer_count: 20, customers: customersOf(stored) },
      ],
      [
        '/api/content/admin-who-to-call-for-a-rm',
        adminWhoToCallResponseSchema,
        { rm_id: rm.id, rm_name: 'rm person', list: stored.map((s) => s.whoToCall) },
      ],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        headers: admin.headers,
        payload: { rm_id: rm.id },
      });
      expect(res.statusCode, url).toBe(200);
      expect(schema.parse(res.json())).toStrictEqual(expected);
    }
  });

  it('answers empty lists, every group present, for an empty book and a search with no match', async () => {
    const emptyGroups = {
      ranking: { high_risk: [], medium_risk: [], low_risk: [] },
      segments: Object.fromEntries(SEGMENTS.map((s) => [s, []])),
    };
    for (const [headers, query, count] of [
      [idleRm.headers, '', 0],
      [rm.headers, '?search=no-such-customer', 20],
    ] as const) {
      expect(await body(rmBookResponseSchema, headers, `/api/content/rm-own-book${query}`)).toEqual(
        {
          rm_id: headers === rm.headers ? rm.id : idleRm.id,
          rm_name: 'rm person',
          customer_count: count,
          customers: [],
        },
      );
      for (const [schema, path] of [
        [whoToCallResponseSchema, 'rm-who-to-call'],
        [priorityScoresResponseSchema, 'rm-priority-scores'],
      ] as const) {
        expect(await body(schema, headers, `/api/content/${path}${query}`)).toStrictEqual([]);
      }
      expect(
        await body(riskRankingResponseSchema, headers, `/api/content/rm-risk-ranking${query}`),
      ).toStrictEqual(emptyGroups.ranking);
      expect(
        await body(segmentsResponseSchema, headers, `/api/content/rm-segments${query}`),
      ).toStrictEqual(emptyGroups.segments);
    }
  });

  it('windows the lists by priority with limit and offset', async () => {
    const stored = await storedBook(rm.id);
    const window = stored.slice(3, 10);
    const query = '?limit=7&offset=3';
    const h = rm.headers;
    expect(await body(rmBookResponseSchema, h, `/api/content/rm-own-book${query}`)).toStrictEqual({
      rm_id: rm.id,
      rm_name: 'rm person',
      customer_count: 20,
      customers: customersOf(window),
    });
    expect(
      await body(whoToCallResponseSchema, h, `/api/content/rm-who-to-call${query}`),
    ).toStrictEqual(window.map((s) => s.whoToCall));
    expect(
      await body(priorityScoresResponseSchema, h, `/api/content/rm-priority-scores${query}`),
    ).toStrictEqual(window.map((s) => s.priorityScore));
    expect(
      await body(riskRankingResponseSchema, h, `/api/content/rm-risk-ranking${query}`),
    ).toStrictEqual(byRisk(window));
    expect(await body(segmentsResponseSchema, h, `/api/content/rm-segments${query}`)).toStrictEqual(
      bySegment(window),
    );
    const one = stored[5]!.item;
    expect(
      await body(
        priorityScoresResponseSchema,
        h,
        `/api/content/rm-priority-scores?search=${one.customer_id.toLowerCase()}`,
      ),
    ).toStrictEqual([stored[5]!.priorityScore]);
  });

  it('marks called and snoozed customers on every list, keeping them in the counts', async () => {
    const before = await storedBook(rm.id);
    const [called, snoozed] = [before[0]!.item.customer_id, before[4]!.item.customer_id];
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    for (const payload of [
      { customer_id: called, outcome: 'called' },
      { customer_id: snoozed, outcome: 'snoozed', snooze_until: tomorrow },
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/content/rm-call-outcome',
        headers: rm.headers,
        payload,
      });
      expect(res.statusCode).toBe(201);
    }
    const stored = await storedBook(rm.id, { [called]: 'called', [snoozed]: 'snoozed' });
    const h = rm.headers;
    expect(await body(whoToCallResponseSchema, h, '/api/content/rm-who-to-call')).toStrictEqual(
      stored.map((s) => s.whoToCall),
    );
    expect(
      await body(whoToCallResponseSchema, h, '/api/content/rm-who-to-call?limit=2'),
    ).toStrictEqual([stored[0]!.whoToCall, stored[1]!.whoToCall]);
    expect(
      await body(priorityScoresResponseSchema, h, '/api/content/rm-priority-scores'),
    ).toStrictEqual(stored.map((s) => s.priorityScore));
    expect(await body(riskRankingResponseSchema, h, '/api/content/rm-risk-ranking')).toStrictEqual(
      byRisk(stored),
    );
    expect(await body(segmentsResponseSchema, h, '/api/content/rm-segments')).toStrictEqual(
      bySegment(stored),
    );
    expect(await body(rmBookResponseSchema, h, '/api/content/rm-own-book')).toMatchObject({
      customers: customersOf(stored),
    });
  });
});
