import {
  BILLING_MESSAGES,
  MESSAGES,
  type LocalCheckoutSession,
  type PlansResponse,
  type SubscriptionChangeResponse,
  type SubscriptionStatus,
} from '@behavio/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOnPlan, employeeOf, planOf, setUpDb } from '../../../test/firms.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { ConfigError, loadConfig } from '../../config/env.js';
import { BILLING_QUEUE } from './billing.service.js';
import { addCycle } from './plans.js';
import { describePayments } from './providers/index.js';

let ctx: TestContext;
type Headers = Record<string, string>;

const call = (headers: Headers, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const status = async (headers: Headers) =>
  (await call(headers, 'GET', '/api/subscription/subscription-status')).json<SubscriptionStatus>();

const sessionIdOf = (url: string) => {
  const match = /\/checkout\/([^/?#]+)$/.exec(url);
  if (!match?.[1]) throw new Error(`not a local checkout url: ${url}`);
  return decodeURIComponent(match[1]);
};

async function startCheckout(headers: Headers, plan = 'pro', billingCycle = 'monthly') {
  const res = await call(headers, 'POST', '/api/subscription/create', { plan, billingCycle });
  expect(res.statusCode, res.body).toBe(200);
  return sessionIdOf(res.json<{ url: string }>().url);
}

const complete = (headers: Headers, sessionId: string, outcome: string) =>
  call(headers, 'POST', `/api/subscription/local-checkout/${sessionId}`, { outcome });

async function subscribe(headers: Headers, plan = 'pro', billingCycle = 'monthly') {
  const id = await startCheckout(headers, plan, billingCycle);
  const paid = await complete(headers, id, 'paid');
  expect(paid.statusCode, paid.body).toBe(200);
  return id;
}

const auditOf = (firmId: string) =>
  setUpDb(ctx)
    .selectFrom('audit_events')
    .select(['action', 'actor_email', 'actor_role', 'actor_id', 'before', 'after'])
    .where('firm_id', '=', firmId)
    .where('subject_type', 'in', ['subscription', 'checkout'])
    .orderBy('id')
    .execute();

const near = (actual: string | null, expected: Date, toleranceMs = 60_000) => {
  expect(actual).not.toBeNull();
  expect(Math.abs(new Date(actual as string).getTime() - expected.getTime())).toBeLessThan(
    toleranceMs,
  );
};

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'https://app.example.com' });
});
afterAll(() => ctx.close());

describe('plans', () => {
  it('serves the plans with prices, yearly saving and features to any employee', async () => {
    const admin = await adminOnPlan(ctx);
    const rm = await employeeOf(ctx, admin, 'view');
    const res = await call(rm.headers, 'GET', '/api/subscription/plans');
    expect(res.statusCode).toBe(200);
    const body = res.json<PlansResponse>();
    expect(body.currency).toBe('usd');
    expect(body.preferredCycle).toBe('yearly');
    expect(body.unlockCost).toBe(10);
    expect(body.startingCredits).toBe(100);
    expect(
      body.plans.map((p) => [p.id, p.name, p.prices.monthly, p.prices.yearly, p.yearlySaving]),
    ).toEqual([
      ['pro', 'Pro', 20, 50, 190],
      ['business', 'Business', 50, 70, 530],
    ]);
    for (const plan of body.plans) expect(plan.features.length).toBeGreaterThan(2);
  });

  it('adds calendar months, clamped to the end of a shorter month', () => {
    expect(addCycle(new Date('2025-01-31T10:00:00Z'), 'monthly').toISOString()).toBe(
      '2025-02-28T10:00:00.000Z',
    );
    expect(addCycle(new Date('2024-02-29T00:00:00Z'), 'yearly').toISOString()).toBe(
      '2025-02-28T00:00:00.000Z',
    );
    expect(addCycle(new Date('2025-12-15T08:30:00Z'), 'monthly').toISOString()).toBe(
      '2026-01-15T08:30:00.000Z',
    );
  });
});

describe('the full offline purchase', () => {
  it('free → checkout paid → pro for every employee → business yearly → cancel → expiry to free', async () => {
    const admin = await adminOnPlan(ctx);
    const rm = await employeeOf(ctx, admin, 'rm');
    const other = await adminOnPlan(ctx);

    expect(await status(admin.headers)).toEqual({
      hasSubscription: false,
      status: null,
      plan: null,
      billingCycle: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      provider: null,
      paymentUrl: null,
    });
    const blocked = await call(rm.headers, 'GET', '/api/content/rm-own-book');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe(MESSAGES.purchaseSubscription);

    const created = await call(admin.headers, 'POST', '/api/subscription/create', {
      plan: 'pro',
      billingCycle: 'monthly',
    });
    expect(created.statusCode).toBe(200);
    const { url } = created.json<{ url: string }>();
    // A path in the app, so it opens wherever the app was opened (PUBLIC_URL is only for Stripe).
    expect(url).toMatch(/^\/checkout\/cs_local_[\w-]+$/);
    const sessionId = sessionIdOf(url);

    const page = await call(admin.headers, 'GET', `/api/subscription/local-checkout/${sessionId}`);
    expect(page.statusCode).toBe(200);
    expect(page.json<LocalCheckoutSession>()).toMatchObject({
      session_id: sessionId,
      kind: 'subscription',
      plan: 'pro',
      billingCycle: 'monthly',
      amount: 20,
      currency: 'usd',
      status: 'open',
    });
    // The session belongs to the firm's admin: other roles are told to ask them, other firms see nothing.
    const asRm = await call(rm.headers, 'GET', `/api/subscription/local-checkout/${sessionId}`);
    expect(asRm.statusCode).toBe(403);
    expect(asRm.json().message).toBe(MESSAGES.contactAdmin);
    expect(
      (await call(other.headers, 'GET', `/api/subscription/local-checkout/${sessionId}`))
        .statusCode,
    ).toBe(404);
    expect((await complete(other.headers, sessionId, 'paid')).statusCode).toBe(404);
    expect(await planOf(ctx, admin.firmId)).toBe('free');

    const before = new Date();
    const paid = await complete(admin.headers, sessionId, 'paid');
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({
      redirectUrl: '/subscription?paymentSuccess=true',
    });
    const again = await complete(admin.headers, sessionId, 'paid');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(BILLING_MESSAGES.checkoutCompleted);

    const active = await status(admin.headers);
    expect(active).toMatchObject({
      hasSubscription: true,
      status: 'active',
      plan: 'pro',
      billingCycle: 'monthly',
      cancelAtPeriodEnd: false,
      provider: 'local',
      paymentUrl: null,
    });
    near(active.currentPeriodEnd, addCycle(before, 'monthly'));
    expect(await planOf(ctx, admin.firmId)).toBe('pro');
    // The plan belongs to the firm: the RM now passes the ownBook rule and reads the same status.
    expect((await call(rm.headers, 'GET', '/api/content/rm-own-book')).statusCode).toBe(200);
    expect(await status(rm.headers)).toEqual(active);
    const user = await call(rm.headers, 'GET', '/api/auth/check-user');
    expect(user.json().user.subscription).toBe('pro');

    const same = await call(admin.headers, 'POST', '/api/subscription/update', {
      newPlan: 'pro',
      newBillingCycle: 'monthly',
    });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({
      message: BILLING_MESSAGES.alreadySubscribed,
      code: 'already_subscribed',
    });
    const twice = await call(admin.headers, 'POST', '/api/subscription/create', {
      plan: 'business',
      billingCycle: 'yearly',
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(BILLING_MESSAGES.alreadySubscribedUseUpdate);

    const changedAt = new Date();
    const updated = await call(admin.headers, 'POST', '/api/subscription/update', {
      newPlan: 'business',
      newBillingCycle: 'yearly',
    });
    expect(updated.statusCode).toBe(200);
    const afterUpdate = updated.json<SubscriptionChangeResponse>();
    expect(afterUpdate.message).toBe('Subscription updated');
    expect(afterUpdate.subscription).toMatchObject({
      status: 'active',
      plan: 'business',
      billingCycle: 'yearly',
    });
    // A new cycle starts a new period now.
    near(afterUpdate.subscription.currentPeriodEnd, addCycle(changedAt, 'yearly'));
    expect(await planOf(ctx, admin.firmId)).toBe('business');

    const cancelled = await call(admin.headers, 'POST', '/api/subscription/cancel');
    expect(cancelled.statusCode).toBe(200);
    const afterCancel = cancelled.json<SubscriptionChangeResponse>();
    expect(afterCancel.subscription).toMatchObject({
      hasSubscription: true,
      plan: 'business',
      cancelAtPeriodEnd: true,
    });
    expect(afterCancel.message).toMatch(/^Your subscription will end on \d{1,2} \w+ \d{4}$/);
    const periodEnd = new Date(afterCancel.subscription.currentPeriodEnd as string);
    // Asking again changes nothing.
    const cancelAgain = await call(admin.headers, 'POST', '/api/subscription/cancel');
    expect(cancelAgain.statusCode).toBe(200);
    expect(cancelAgain.json().subscription).toEqual(afterCancel.subscription);

    // The end is scheduled in pg-boss at the period end.
    const subscription = await setUpDb(ctx)
      .selectFrom('subscriptions')
      .select('id')
      .where('firm_id', '=', admin.firmId)
      .executeTakeFirstOrThrow();
    const jobs = await sql<{ start_after: Date }>`
      select start_after from pgboss.job
      where name = ${BILLING_QUEUE} and data ->> 'subscriptionId' = ${subscription.id}
      order by start_after desc`.execute(setUpDb(ctx));
    expect(jobs.rows.length).toBeGreaterThan(0);
    near(new Date(jobs.rows[0]!.start_after).toISOString(), periodEnd, 5_000);

    // Before the period end the scheduler leaves it alone; after it, the firm is back on free.
    await ctx.services.billing.processDue(new Date(periodEnd.getTime() - 60_000));
    expect((await status(admin.headers)).hasSubscription).toBe(true);
    const run = await ctx.services.billing.processDue(new Date(periodEnd.getTime() + 1000));
    expect(run.ended).toBeGreaterThanOrEqual(1);
    expect(await status(admin.headers)).toMatchObject({ hasSubscription: false, plan: null });
    expect(await planOf(ctx, admin.firmId)).toBe('free');
    const lapsed = await call(rm.headers, 'GET', '/api/content/rm-own-book');
    expect(lapsed.statusCode).toBe(403);

    const audit = await auditOf(admin.firmId);
    expect(audit.map((a) => [a.action, a.actor_email, a.actor_role])).toEqual([
      ['subscription.checkout_started', admin.email, 'admin'],
      ['subscription.activated', 'local-checkout', 'system'],
      ['subscription.updated', admin.email, 'admin'],
      ['subscription.cancelled', admin.email, 'admin'],
      ['subscription.expired', 'billing-scheduler', 'system'],
    ]);
    expect(audit[1]!.actor_id).toBeNull();
    expect(audit[2]!.before).toMatchObject({ plan: 'pro', billingCycle: 'monthly' });
    expect(audit[2]!.after).toMatchObject({ plan: 'business', billingCycle: 'yearly' });
    expect(audit[4]!.after).toMatchObject({
      status: 'ended',
      reason: 'cancelled at the period end',
    });

    // A firm whose subscription ended can subscribe again.
    await subscribe(admin.headers, 'pro', 'yearly');
    expect(await status(admin.headers)).toMatchObject({ plan: 'pro', billingCycle: 'yearly' });
  });

  it('leaves the firm as it was when the checkout is cancelled or the card fails', async () => {
    const admin = await adminOnPlan(ctx);
    for (const outcome of ['cancelled', 'failed'] as const) {
      const id = await startCheckout(admin.headers, 'business', 'yearly');
      const res = await complete(admin.headers, id, outcome);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        redirectUrl:
          outcome === 'failed'
            ? '/subscription?paymentCancelled=true&paymentDeclined=true'
            : '/subscription?paymentCancelled=true',
      });
      const page = await call(admin.headers, 'GET', `/api/subscription/local-checkout/${id}`);
      expect(page.json().status).toBe(outcome);
      expect((await complete(admin.headers, id, 'paid')).statusCode).toBe(409);
    }
    expect((await status(admin.headers)).hasSubscription).toBe(false);
    expect(await planOf(ctx, admin.firmId)).toBe('free');
  });

  it('voids the other open checkouts once one is paid, and refuses an expired one', async () => {
    const admin = await adminOnPlan(ctx);
    const first = await startCheckout(admin.headers, 'pro', 'monthly');
    const second = await startCheckout(admin.headers, 'business', 'monthly');
    await complete(admin.headers, second, 'paid');
    const stale = await complete(admin.headers, first, 'paid');
    expect(stale.statusCode).toBe(409);
    expect((await status(admin.headers)).plan).toBe('business');

    const other = await adminOnPlan(ctx);
    const old = await startCheckout(other.headers);
    await setUpDb(ctx)
      .updateTable('local_checkout_sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', old)
      .execute();
    const page = await call(other.headers, 'GET', `/api/subscription/local-checkout/${old}`);
    expect(page.json().status).toBe('expired');
    const res = await complete(other.headers, old, 'paid');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(BILLING_MESSAGES.checkoutExpired);
    expect((await status(other.headers)).hasSubscription).toBe(false);
  });

  it('completes a checkout submitted twice at once exactly once', async () => {
    const admin = await adminOnPlan(ctx);
    const id = await startCheckout(admin.headers);
    const results = await Promise.all([
      complete(admin.headers, id, 'paid'),
      complete(admin.headers, id, 'paid'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await setUpDb(ctx)
      .selectFrom('subscriptions')
      .select('id')
      .where('firm_id', '=', admin.firmId)
      .execute();
    expect(rows).toHaveLength(1);
    const activations = (await auditOf(admin.firmId)).filter(
      (a) => a.action === 'subscription.activated',
    );
    expect(activations).toHaveLength(1);
  });

  it('resumes a subscription set to end when the current plan is chosen again', async () => {
    const admin = await adminOnPlan(ctx);
    await subscribe(admin.headers, 'pro', 'monthly');
    await call(admin.headers, 'POST', '/api/subscription/cancel');
    const res = await call(admin.headers, 'POST', '/api/subscription/update', {
      newPlan: 'pro',
      newBillingCycle: 'monthly',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<SubscriptionChangeResponse>()).toMatchObject({
      message: 'Your subscription will continue',
      subscription: { plan: 'pro', cancelAtPeriodEnd: false },
    });
    const actions = (await auditOf(admin.firmId)).map((a) => a.action);
    expect(actions.slice(-2)).toEqual(['subscription.cancelled', 'subscription.resumed']);
    // Ending is off: the period end renews instead.
    const end = new Date((await status(admin.headers)).currentPeriodEnd as string);
    await ctx.services.billing.processDue(new Date(end.getTime() + 1000));
    expect(await status(admin.headers)).toMatchObject({ hasSubscription: true, plan: 'pro' });
  });
});

describe('renewals and failed payments (offline)', () => {
  it('renews at the period end; a failed payment makes it past_due, paying recovers it', async () => {
    const admin = await adminOnPlan(ctx);
    await subscribe(admin.headers, 'pro', 'monthly');
    const first = await status(admin.headers);
    const end1 = new Date(first.currentPeriodEnd as string);

    const run = await ctx.services.billing.processDue(new Date(end1.getTime() + 1000));
    expect(run.renewed).toBeGreaterThanOrEqual(1);
    const due = await status(admin.headers);
    expect(due).toMatchObject({ status: 'active', plan: 'pro' });
    expect(due.currentPeriodEnd).toBe(addCycle(end1, 'monthly').toISOString());
    expect(due.paymentUrl).toMatch(/^\/checkout\/cs_local_/);
    const renewal = sessionIdOf(due.paymentUrl as string);
    const page = await call(admin.headers, 'GET', `/api/subscription/local-checkout/${renewal}`);
    expect(page.json<LocalCheckoutSession>()).toMatchObject({
      kind: 'renewal',
      plan: 'pro',
      billingCycle: 'monthly',
      amount: 20,
      status: 'open',
      expiresAt: null,
    });
    // Running the scheduler again at the same moment changes nothing.
    await ctx.services.billing.processDue(new Date(end1.getTime() + 1000));
    expect(await status(admin.headers)).toEqual(due);

    const failed = await complete(admin.headers, renewal, 'failed');
    expect(failed.json().redirectUrl).toBe(
      '/subscription?paymentCancelled=true&paymentDeclined=true',
    );
    const pastDue = await status(admin.headers);
    expect(pastDue).toMatchObject({ status: 'past_due', plan: 'pro', hasSubscription: true });
    expect(pastDue.paymentUrl).not.toBe(due.paymentUrl);
    // past_due keeps the plan until the subscription ends.
    expect(await planOf(ctx, admin.firmId)).toBe('pro');

    const retry = sessionIdOf(pastDue.paymentUrl as string);
    const paid = await complete(admin.headers, retry, 'paid');
    expect(paid.json().redirectUrl).toBe('/subscription?paymentSuccess=true');
    expect(await status(admin.headers)).toMatchObject({ status: 'active', paymentUrl: null });

    // The next renewal is left unpaid for a whole period: the subscription ends.
    const end2 = addCycle(end1, 'monthly');
    await ctx.services.billing.processDue(new Date(end2.getTime() + 1000));
    expect((await status(admin.headers)).paymentUrl).not.toBeNull();
    const end3 = addCycle(end2, 'monthly');
    await ctx.services.billing.processDue(new Date(end3.getTime() + 1000));
    expect((await status(admin.headers)).hasSubscription).toBe(false);
    expect(await planOf(ctx, admin.firmId)).toBe('free');

    const audit = await auditOf(admin.firmId);
    expect(audit.map((a) => a.action)).toEqual([
      'subscription.checkout_started',
      'subscription.activated',
      'subscription.renewed',
      'subscription.past_due',
      'subscription.payment_recovered',
      'subscription.renewed',
      'subscription.expired',
    ]);
    expect(audit[3]!.actor_email).toBe('local-checkout');
    expect(audit[6]!.after).toMatchObject({ reason: 'the renewal was not paid' });
    // The unpaid renewal can no longer be paid.
    const unpaid = sessionIdOf((audit[5]!.after as { paymentUrl: string }).paymentUrl);
    expect((await complete(admin.headers, unpaid, 'paid')).statusCode).toBe(409);
  });

  it('catches up after a long outage without looping', async () => {
    const admin = await adminOnPlan(ctx);
    await subscribe(admin.headers, 'business', 'monthly');
    const end = new Date((await status(admin.headers)).currentPeriodEnd as string);
    await ctx.services.billing.processDue(new Date(end.getTime() + 200 * 24 * 3600 * 1000));
    expect((await status(admin.headers)).hasSubscription).toBe(false);
  });
});

describe('bad requests', () => {
  it.each([
    [{ plan: 'free', billingCycle: 'monthly' }, 'plan', BILLING_MESSAGES.planInvalid],
    [{ plan: 'gold', billingCycle: 'monthly' }, 'plan', BILLING_MESSAGES.planInvalid],
    [{ plan: 'pro', billingCycle: 'weekly' }, 'billingCycle', BILLING_MESSAGES.cycleInvalid],
    [{ billingCycle: 'yearly' }, 'plan', BILLING_MESSAGES.planInvalid],
  ])('create answers 400 for %j', async (body, path, msg) => {
    const admin = await adminOnPlan(ctx);
    const res = await call(admin.headers, 'POST', '/api/subscription/create', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path, msg });
  });

  it('update validates its body and needs a subscription; cancel needs one too', async () => {
    const admin = await adminOnPlan(ctx);
    const bad = await call(admin.headers, 'POST', '/api/subscription/update', {
      newPlan: 'enterprise',
      newBillingCycle: 'daily',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { path: 'newPlan', msg: BILLING_MESSAGES.planInvalid },
      { path: 'newBillingCycle', msg: BILLING_MESSAGES.cycleInvalid },
    ]);
    const none = await call(admin.headers, 'POST', '/api/subscription/update', {
      newPlan: 'business',
      newBillingCycle: 'monthly',
    });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ message: BILLING_MESSAGES.noSubscription, code: 'bad_request' });
    const cancel = await call(admin.headers, 'POST', '/api/subscription/cancel');
    expect(cancel.statusCode).toBe(400);
    expect(cancel.json()).toEqual({
      message: BILLING_MESSAGES.noSubscriptionToCancel,
      code: 'bad_request',
    });
  });

  it('accepts cancel with an empty body labelled JSON, and still refuses broken JSON', async () => {
    const admin = await adminOnPlan(ctx);
    await subscribe(admin.headers);
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/subscription/cancel',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().subscription.cancelAtPeriodEnd).toBe(true);
    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/api/subscription/create',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: '{"plan": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe(MESSAGES.invalidJson);
  });

  it('refuses an unknown checkout outcome', async () => {
    const admin = await adminOnPlan(ctx);
    const id = await startCheckout(admin.headers);
    const res = await complete(admin.headers, id, 'maybe');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'outcome', msg: BILLING_MESSAGES.outcomeInvalid }]);
  });

  it('tells every other role to contact the admin, on any plan', async () => {
    for (const plan of ['free', 'pro'] as const) {
      const admin = await adminOnPlan(ctx, plan);
      for (const role of ['rm', 'head', 'compliance', 'view'] as const) {
        const employee = await employeeOf(ctx, admin, role);
        for (const [url, body] of [
          ['/api/subscription/create', { plan: 'pro', billingCycle: 'monthly' }],
          ['/api/subscription/update', { newPlan: 'pro', newBillingCycle: 'yearly' }],
          ['/api/subscription/cancel', undefined],
        ] as const) {
          const res = await call(employee.headers, 'POST', url, body);
          expect(res.statusCode, `${role} ${url}`).toBe(403);
          expect(res.json()).toEqual({ message: MESSAGES.contactAdmin, code: 'role_forbidden' });
        }
        expect((await call(employee.headers, 'GET', '/api/subscription/plans')).statusCode).toBe(
          200,
        );
      }
    }
  });

  it('answers 400 to a webhook when Stripe is not configured', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/subscription/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: JSON.stringify({ id: 'evt_1', type: 'invoice.paid' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: BILLING_MESSAGES.webhooksDisabled, code: 'bad_request' });
  });
});

describe('configuration', () => {
  it('uses the offline provider by default and Stripe when its key is set', () => {
    expect(loadConfig({ DATA_DIR: ctx.config.dataDir }).billing).toEqual({
      provider: 'local',
      reason: 'embedded database',
    });
    const stripe = loadConfig({
      DATA_DIR: ctx.config.dataDir,
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_PRICE_PRO_MONTHLY: 'price_a',
      STRIPE_PRICE_PRO_YEARLY: 'price_b',
      STRIPE_PRICE_BUSINESS_MONTHLY: 'price_c',
      STRIPE_PRICE_BUSINESS_YEARLY: 'price_d',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
    }).billing;
    expect(stripe).toEqual({
      provider: 'stripe',
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
      prices: {
        pro: { monthly: 'price_a', yearly: 'price_b' },
        business: { monthly: 'price_c', yearly: 'price_d' },
      },
      apiBase: { protocol: 'http', host: '127.0.0.1', port: 12111 },
    });
  });

  it('names every Stripe variable missing beside the secret key', () => {
    expect(() =>
      loadConfig({
        DATA_DIR: ctx.config.dataDir,
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_PRICE_PRO_MONTHLY: 'price_a',
      }),
    ).toThrow(ConfigError);
    try {
      loadConfig({ DATA_DIR: ctx.config.dataDir, STRIPE_SECRET_KEY: 'sk_test_1' });
    } catch (error) {
      for (const name of [
        'STRIPE_WEBHOOK_SECRET',
        'STRIPE_PRICE_PRO_MONTHLY',
        'STRIPE_PRICE_PRO_YEARLY',
        'STRIPE_PRICE_BUSINESS_MONTHLY',
        'STRIPE_PRICE_BUSINESS_YEARLY',
      ])
        expect((error as Error).message).toContain(name);
    }
    expect(() =>
      loadConfig({ DATA_DIR: ctx.config.dataDir, STRIPE_API_BASE: 'ftp://nope' }),
    ).toThrow(/STRIPE_API_BASE/);
  });
});

describe('payments on a PostgreSQL server', () => {
  const serverDb = { DATABASE_URL: 'postgresql://db.internal:5432/behavio' };

  it('has no offline checkout unless asked for: buying a plan answers 503', async () => {
    expect(loadConfig({ DATA_DIR: ctx.config.dataDir, ...serverDb }).billing).toEqual({
      provider: 'none',
    });
    const unconfigured = await createTestContext(serverDb);
    try {
      const admin = await adminOnPlan(unconfigured);
      const res = await unconfigured.app.inject({
        method: 'POST',
        url: '/api/subscription/create',
        headers: admin.headers,
        payload: { plan: 'pro', billingCycle: 'monthly' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        message: BILLING_MESSAGES.paymentsNotConfigured,
        code: 'payments_not_configured',
      });
      const firm = await unconfigured.database.db
        .selectFrom('firms')
        .select('plan')
        .where('id', '=', admin.firmId)
        .executeTakeFirstOrThrow();
      expect(firm.plan).toBe('free');
      const checkouts = await setUpDb(unconfigured)
        .selectFrom('local_checkout_sessions')
        .select('id')
        .execute();
      expect(checkouts).toEqual([]);
    } finally {
      await unconfigured.close();
    }
  });

  it('runs the offline checkout there only with PAYMENTS_PROVIDER=offline', () => {
    expect(
      loadConfig({ DATA_DIR: ctx.config.dataDir, ...serverDb, PAYMENTS_PROVIDER: 'offline' })
        .billing,
    ).toEqual({ provider: 'local', reason: 'PAYMENTS_PROVIDER=offline' });
  });

  it.each([
    [
      { PAYMENTS_PROVIDER: 'stripe' },
      'STRIPE_SECRET_KEY is required when PAYMENTS_PROVIDER is stripe',
    ],
    [
      { PAYMENTS_PROVIDER: 'offline', STRIPE_SECRET_KEY: 'sk_test_1' },
      'PAYMENTS_PROVIDER=offline cannot be used with STRIPE_SECRET_KEY set',
    ],
    [{ PAYMENTS_PROVIDER: 'paypal' }, 'PAYMENTS_PROVIDER must be stripe or offline'],
  ])('refuses to start with %j', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: ctx.config.dataDir, ...serverDb, ...env })).toThrow(
      message,
    );
  });

  it('says at start-up which provider runs payments', () => {
    expect(describePayments({ provider: 'none' })).toMatch(/not configured.*503/);
    expect(describePayments({ provider: 'local', reason: 'embedded database' })).toMatch(
      /offline checkout \(embedded database\)/,
    );
  });
});
