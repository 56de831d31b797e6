import type {
  FirmOverviewResponse,
  PriorityScoreItem,
  RiskRankingResponse,
  SegmentsResponse,
  UrgencyLevel,
  WhoToCallItem,
} from '@behavio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOnPlan, employeeOf, importCustomers } from '../../../test/firms.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import {
  customerTable,
  generateCustomers,
  toCsvBuffer,
} from '../../../test/fixtures/customer-files.js';

/**
 * The one list order (docs/insights-model.md §11): priority descending, then urgency (urgent,
 * high, medium, low), then customer_id in byte order, whatever the database's collation. The
 * ids differ from their byte order in most collations: 'B' (66) < '_' (95) < 'a' (97) in
 * bytes, where en_US sorts '_' first and 'a' before 'B'.
 */
const STORED: [customerId: string, priority: number, urgency: UrgencyLevel][] = [
  ['a', 5, 'medium'],
  ['_', 5, 'medium'],
  ['B', 5, 'medium'],
  ['low-first-by-id', 5, 'low'],
  ['urgent-last-by-id', 5, 'urgent'],
  ['top', 9, 'low'],
  ['bottom', 1, 'low'],
];
const EXPECTED = ['top', 'urgent-last-by-id', 'B', '_', 'a', 'low-first-by-id', 'bottom'];

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof adminOnPlan>>;
let rm: Awaited<ReturnType<typeof employeeOf>>;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await adminOnPlan(ctx, 'pro');
  rm = await employeeOf(ctx, admin, 'rm');
  const records = generateCustomers(STORED.length).map((r, k) => ({
    ...r,
    customer_id: STORED[k]![0],
  }));
  await importCustomers(ctx, admin, toCsvBuffer(customerTable(records)), 'ties.csv');
  await ctx.database.db
    .updateTable('customers')
    .set({ rm_id: rm.id })
    .where('firm_id', '=', admin.firmId)
    .execute();
  // Same segment and risk level for all, so the grouped lists hold them all in one group.
  for (const [customerId, priority, urgency] of STORED) {
    await ctx.database.db
      .updateTable('customer_insights')
      .set({
        priority_score: priority,
        urgency_level: urgency,
        segment: 'balanced',
        risk_level: 'low',
      })
      .where('firm_id', '=', admin.firmId)
      .where('customer_id', '=', customerId)
      .execute();
  }
});
afterAll(() => ctx.close());

const get = async <T>(headers: Record<string, string>, url: string): Promise<T> => {
  const res = await ctx.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode).toBe(200);
  return res.json<T>();
};
const idsOf = (items: { customer_id: string }[]) => items.map((i) => i.customer_id);

describe('list order on ties', () => {
  it('who to call and priority scores: priority, then urgency, then customer_id in byte order', async () => {
    expect(idsOf(await get<WhoToCallItem[]>(rm.headers, '/api/content/rm-who-to-call'))).toEqual(
      EXPECTED,
    );
    expect(
      idsOf(await get<PriorityScoreItem[]>(rm.headers, '/api/content/rm-priority-scores')),
    ).toEqual(EXPECTED);
  });

  it('the same order within a page, across pages and inside the grouped lists', async () => {
    const page = (offset: number) =>
      get<WhoToCallItem[]>(rm.headers, `/api/content/rm-who-to-call?limit=3&offset=${offset}`);
    const pages = [...(await page(0)), ...(await page(3)), ...(await page(6))];
    expect(idsOf(pages)).toEqual(EXPECTED);
    const risk = await get<RiskRankingResponse>(rm.headers, '/api/content/rm-risk-ranking');
    expect(idsOf(risk.low_risk)).toEqual(EXPECTED);
    const segments = await get<SegmentsResponse>(rm.headers, '/api/content/rm-segments');
    expect(idsOf(segments.balanced)).toEqual(EXPECTED);
  });

  it("the admin's top priority list", async () => {
    const overview = await get<FirmOverviewResponse>(admin.headers, '/api/content/firm-overview');
    expect(idsOf(overview.top_priority)).toEqual(EXPECTED);
  });
});
