import type { FirmOverviewResponse } from '@behavio/contract';
import { MODEL_VERSION, scoreCustomerCompact } from '@behavio/insights';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOnPlan, importCustomers, setUpDb } from '../../../test/firms.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { csvOf, generateCustomers } from '../../../test/fixtures/customer-files.js';
import { lockFirmCustomers, refreshCustomerListIndex } from '../customers/customer-list-index.js';
import { backfillInsights, scheduleBackfillIfStale } from './backfill.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('insights backfill', () => {
  it('recomputes every insight of an older model version, and only those', async () => {
    const admin = await adminOnPlan(ctx);
    await importCustomers(ctx, admin, csvOf(25));
    expect(await scheduleBackfillIfStale(ctx.database.db, ctx.services.queue)).toBe(false);

    await setUpDb(ctx)
      .updateTable('customer_insights')
      .set({
        model_version: '0.9.0',
        priority_score: 0,
        recommended_action: 'stale',
        top_biases: '[]',
      })
      .where('firm_id', '=', admin.firmId)
      .where('customer_id', '<=', 'C-100010')
      .execute();
    const stale = await setUpDb(ctx)
      .selectFrom('customer_insights')
      .select('computed_at')
      .where('customer_id', '=', 'C-100020')
      .where('firm_id', '=', admin.firmId)
      .executeTakeFirstOrThrow();

    expect(
      await backfillInsights(ctx.database.db, ctx.services.logger, ctx.services.recommendations),
    ).toBe(10);
    const rows = await setUpDb(ctx)
      .selectFrom('customer_insights')
      .select([
        'customer_id',
        'model_version',
        'priority_score',
        'recommended_action',
        'top_biases',
        'computed_at',
      ])
      .where('firm_id', '=', admin.firmId)
      .orderBy('customer_id')
      .execute();
    const expected = generateCustomers(25);
    for (const [i, row] of rows.entries()) {
      const insights = scoreCustomerCompact(expected[i]!);
      expect(row.model_version).toBe(MODEL_VERSION);
      expect(row.priority_score).toBe(insights.priority_score);
      expect(row.recommended_action).toBe(insights.recommended_action);
      expect((row.top_biases as { bias_name: string }[]).map((b) => b.bias_name)).toEqual(
        insights.top_biases.map((b) => b.bias_name),
      );
    }
    expect(rows.find((r) => r.customer_id === 'C-100020')!.computed_at).toEqual(stale.computed_at);
    expect(
      await backfillInsights(ctx.database.db, ctx.services.logger, ctx.services.recommendations),
    ).toBe(0);
  });

  it('rebuilds the firm summary, so the dashboards count the recomputed insights', async () => {
    const admin = await adminOnPlan(ctx, 'business');
    await importCustomers(ctx, admin, csvOf(25, {}, {}, 5));
    const riskCounts = async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/content/firm-overview',
        headers: admin.headers,
      });
      return res.json<FirmOverviewResponse>().risk_distribution;
    };
    const recomputed = await riskCounts();
    expect(recomputed.low).toBeLessThan(25);

    // An older model that called everyone low risk, as the summary last counted it.
    await setUpDb(ctx)
      .updateTable('customer_insights')
      .set({ model_version: '0.9.0', risk_level: 'low' })
      .where('firm_id', '=', admin.firmId)
      .execute();
    await setUpDb(ctx)
      .transaction()
      .execute(async (trx) => {
        await lockFirmCustomers(trx, admin.firmId);
        await refreshCustomerListIndex(trx, admin.firmId);
      });
    expect(await riskCounts()).toEqual({ high: 0, medium: 0, low: 25 });

    await backfillInsights(ctx.database.db, ctx.services.logger, ctx.services.recommendations);
    expect(await riskCounts()).toEqual(recomputed);
  });

  it('queues a backfill job when stale insights exist, which the worker runs', async () => {
    await setUpDb(ctx).updateTable('customer_insights').set({ model_version: '0.9.0' }).execute();
    expect(await scheduleBackfillIfStale(ctx.database.db, ctx.services.queue)).toBe(true);
    const staleCount = async () =>
      (
        await setUpDb(ctx)
          .selectFrom('customer_insights')
          .select('customer_id')
          .where('model_version', '<>', MODEL_VERSION)
          .execute()
      ).length;
    await expect.poll(staleCount, { timeout: 20_000, interval: 250 }).toBe(0);
  });
});
