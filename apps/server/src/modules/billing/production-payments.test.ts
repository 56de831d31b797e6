import { BILLING_MESSAGES } from '@behavio/contract';
import { describe, expect, it } from 'vitest';
import { adminOnPlan, planOf, setUpDb } from '../../../test/firms.js';
import { createTestContext } from '../../../test/helper.js';
import { loadConfig } from '../../config/env.js';

/**
 * Production (NODE_ENV=production, as the Docker image runs) chooses its payments explicitly
 * on either database: a forgotten PAYMENTS_PROVIDER must not hand out paid plans (issue 36).
 */
describe('payments in production', () => {
  const production = { NODE_ENV: 'production' };

  it('has no offline checkout on the embedded database unless asked for', () => {
    const embedded = { DATA_DIR: './data', ...production };
    expect(loadConfig(embedded).billing).toEqual({ provider: 'none' });
    expect(loadConfig({ ...embedded, PAYMENTS_PROVIDER: 'offline' }).billing).toEqual({
      provider: 'local',
      reason: 'PAYMENTS_PROVIDER=offline',
    });
    // Development keeps its default: the embedded database's offline checkout.
    expect(loadConfig({ DATA_DIR: './data' }).billing).toEqual({
      provider: 'local',
      reason: 'embedded database',
    });
  });

  it('answers 503 payments_not_configured to a checkout and grants no plan', async () => {
    const ctx = await createTestContext(production);
    try {
      const admin = await adminOnPlan(ctx);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/subscription/create',
        headers: admin.headers,
        payload: { plan: 'business', billingCycle: 'yearly' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        message: BILLING_MESSAGES.paymentsNotConfigured,
        code: 'payments_not_configured',
      });
      expect(await planOf(ctx, admin.firmId)).toBe('free');
      const checkouts = await setUpDb(ctx)
        .selectFrom('local_checkout_sessions')
        .select('id')
        .execute();
      expect(checkouts).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
