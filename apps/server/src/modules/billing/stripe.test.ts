import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  BILLING_MESSAGES,
  type SubscriptionChangeResponse,
  type SubscriptionStatus,
} from '@behavio/contract';
import { sql } from 'kysely';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminOnPlan, employeeOf, planOf, setUpDb } from '../../../test/firms.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { BILLING_QUEUE } from './billing.service.js';

/**
 * The Stripe provider against a stand-in for the Stripe API on 127.0.0.1 that records every
 * request and answers canned objects; webhooks are signed with the package's own test helper.
 */

const WEBHOOK_SECRET = 'whsec_test_secret';
const PRICES = {
  STRIPE_PRICE_PRO_MONTHLY: 'price_pro_monthly',
  STRIPE_PRICE_PRO_YEARLY: 'price_pro_yearly',
  STRIPE_PRICE_BUSINESS_MONTHLY: 'price_business_monthly',
  STRIPE_PRICE_BUSINESS_YEARLY: 'price_business_yearly',
};

interface Recorded {
  method: string;
  path: string;
  params: URLSearchParams;
  authorization: string | undefined;
}

/** Stripe's side of the world: subscriptions by id, and what it was asked. */
const stripeState = {
  requests: [] as Recorded[],
  subscriptions: new Map<string, Record<string, unknown>>(),
  failCheckout: false,
};

const DAY = 24 * 3600;
const now = () => Math.floor(Date.now() / 1000);

function stripeSubscription(
  id: string,
  firmId: string,
  price: string,
  overrides: Record<string, unknown> = {},
) {
  const start = now();
  return {
    id,
    object: 'subscription',
    customer: `cus_${id}`,
    status: 'active',
    cancel_at_period_end: false,
    cancel_at: null,
    metadata: { firm_id: firmId },
    items: {
      object: 'list',
      data: [
        {
          id: `si_${id}`,
          object: 'subscription_item',
          price: { id: price, object: 'price' },
          current_period_start: start,
          current_period_end: start + 30 * DAY,
        },
      ],
    },
    ...overrides,
  };
}

type Sub = ReturnType<typeof stripeSubscription>;

function standIn(): Server {
  return createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const params = new URLSearchParams(req.method === 'GET' ? url.search : raw);
      stripeState.requests.push({
        method: req.method ?? '',
        path: url.pathname,
        params,
        authorization: req.headers.authorization,
      });
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        if (stripeState.failCheckout)
          return answer(400, {
            error: { type: 'invalid_request_error', message: 'No such price' },
          });
        const id = `cs_test_${stripeState.requests.length}`;
        return answer(200, {
          id,
          object: 'checkout.session',
          mode: 'subscription',
          url: `https://checkout.stripe.com/c/pay/${id}`,
        });
      }
      const match = /^\/v1\/subscriptions\/([\w-]+)$/.exec(url.pathname);
      const sub = match ? (stripeState.subscriptions.get(match[1]!) as Sub | undefined) : undefined;
      if (!match || !sub) return answer(404, { error: { type: 'invalid_request_error' } });
      if (req.method === 'POST') {
        const price = params.get('items[0][price]');
        if (price) sub.items.data[0]!.price.id = price;
        const cancel = params.get('cancel_at_period_end');
        if (cancel !== null) sub.cancel_at_period_end = cancel === 'true';
      }
      return answer(200, sub);
    });
  });
}

let ctx: TestContext;
let server: Server;
const stripe = new Stripe('sk_test_for_signing');
let eventSeq = 0;

function event(type: string, object: unknown, created = now()) {
  return {
    id: `evt_test_${++eventSeq}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

function deliver(body: object | string, options: { secret?: string; signature?: string } = {}) {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  const signature =
    options.signature ??
    stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? WEBHOOK_SECRET,
    });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/subscription/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload,
  });
}

const checkoutCompleted = (firmId: string | null, subscriptionId: string) =>
  event('checkout.session.completed', {
    id: `cs_test_done_${subscriptionId}`,
    object: 'checkout.session',
    mode: 'subscription',
    payment_status: 'paid',
    status: 'complete',
    client_reference_id: firmId,
    metadata: firmId ? { firm_id: firmId } : {},
    customer: `cus_${subscriptionId}`,
    subscription: subscriptionId,
  });

const invoice = (subscriptionId: string, extra: Record<string, unknown> = {}) => ({
  id: `in_${subscriptionId}_${eventSeq}`,
  object: 'invoice',
  hosted_invoice_url: `https://invoice.stripe.com/i/${subscriptionId}`,
  parent: {
    type: 'subscription_details',
    quote_details: null,
    subscription_details: { subscription: subscriptionId, metadata: {} },
  },
  ...extra,
});

const status = async (headers: Record<string, string>) =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: '/api/subscription/subscription-status',
      headers,
    })
  ).json<SubscriptionStatus>();

const audit = (firmId: string) =>
  setUpDb(ctx)
    .selectFrom('audit_events')
    .select(['action', 'actor_email', 'actor_role'])
    .where('firm_id', '=', firmId)
    .where('subject_type', '=', 'subscription')
    .orderBy('id')
    .execute();

/** A firm whose Stripe checkout for `price` completed. */
async function subscribedFirm(subscriptionId: string, price = PRICES.STRIPE_PRICE_PRO_MONTHLY) {
  const admin = await adminOnPlan(ctx);
  stripeState.subscriptions.set(
    subscriptionId,
    stripeSubscription(subscriptionId, admin.firmId, price),
  );
  const res = await deliver(checkoutCompleted(admin.firmId, subscriptionId));
  expect(res.json()).toMatchObject({ outcome: 'applied' });
  return admin;
}

beforeAll(async () => {
  server = standIn();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  ctx = await createTestContext({
    PUBLIC_URL: 'https://app.example.com',
    STRIPE_SECRET_KEY: 'sk_test_behavio',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: `http://127.0.0.1:${port}`,
    ...PRICES,
  });
});
afterAll(async () => {
  await ctx.close();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  stripeState.requests = [];
  stripeState.failCheckout = false;
});

describe('checkout', () => {
  it('creates a subscription-mode Checkout Session for the firm and answers its url', async () => {
    const admin = await adminOnPlan(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/subscription/create',
      headers: admin.headers,
      payload: { plan: 'business', billingCycle: 'yearly' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_\d+$/);
    expect(stripeState.requests).toHaveLength(1);
    const [request] = stripeState.requests;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/v1/checkout/sessions');
    expect(request!.authorization).toBe('Bearer sk_test_behavio');
    expect(Object.fromEntries(request!.params)).toEqual({
      mode: 'subscription',
      'line_items[0][price]': 'price_business_yearly',
      'line_items[0][quantity]': '1',
      success_url: 'https://app.example.com/subscription?paymentSuccess=true',
      cancel_url: 'https://app.example.com/subscription?paymentCancelled=true',
      client_reference_id: admin.firmId,
      'metadata[firm_id]': admin.firmId,
      'metadata[plan]': 'business',
      'metadata[billing_cycle]': 'yearly',
      'subscription_data[metadata][firm_id]': admin.firmId,
      'subscription_data[metadata][plan]': 'business',
      'subscription_data[metadata][billing_cycle]': 'yearly',
      customer_email: admin.email,
    });
    // Nothing changes until Stripe reports the payment.
    expect((await status(admin.headers)).hasSubscription).toBe(false);
  });

  it('answers 502 with a plain message when Stripe refuses', async () => {
    const admin = await adminOnPlan(ctx);
    stripeState.failCheckout = true;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/subscription/create',
      headers: admin.headers,
      payload: { plan: 'pro', billingCycle: 'monthly' },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      message: BILLING_MESSAGES.providerUnavailable,
      code: 'provider_unavailable',
    });
  });

  it('has no offline checkout while Stripe runs subscriptions', async () => {
    const admin = await adminOnPlan(ctx);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/subscription/local-checkout/cs_local_x',
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('webhooks', () => {
  it('activates on checkout.session.completed, once: a replay answers 200 and changes nothing', async () => {
    const admin = await adminOnPlan(ctx);
    const rm = await employeeOf(ctx, admin, 'rm');
    stripeState.subscriptions.set(
      'sub_a',
      stripeSubscription('sub_a', admin.firmId, PRICES.STRIPE_PRICE_PRO_YEARLY),
    );
    const completed = checkoutCompleted(admin.firmId, 'sub_a');
    const res = await deliver(completed);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false, outcome: 'applied' });
    expect(stripeState.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/subscriptions/sub_a',
    ]);
    const sub = stripeState.subscriptions.get('sub_a') as Sub;
    expect(await status(rm.headers)).toEqual({
      hasSubscription: true,
      status: 'active',
      plan: 'pro',
      billingCycle: 'yearly',
      currentPeriodEnd: new Date(sub.items.data[0]!.current_period_end * 1000).toISOString(),
      cancelAtPeriodEnd: false,
      provider: 'stripe',
      paymentUrl: null,
    });
    expect(await planOf(ctx, admin.firmId)).toBe('pro');
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/content/rm-own-book',
          headers: rm.headers,
        })
      ).statusCode,
    ).toBe(200);

    const replay = await deliver(completed);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true, outcome: 'applied' });
    expect(stripeState.requests).toHaveLength(1);
    expect(await audit(admin.firmId)).toEqual([
      { action: 'subscription.activated', actor_email: 'stripe', actor_role: 'system' },
    ]);
    const stored = await setUpDb(ctx)
      .selectFrom('billing_events')
      .selectAll()
      .where('event_id', '=', completed.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ type: 'checkout.session.completed', firm_id: admin.firmId });
  });

  it('applies an event delivered twice at once only once', async () => {
    const admin = await adminOnPlan(ctx);
    stripeState.subscriptions.set(
      'sub_twice',
      stripeSubscription('sub_twice', admin.firmId, PRICES.STRIPE_PRICE_BUSINESS_MONTHLY),
    );
    const completed = checkoutCompleted(admin.firmId, 'sub_twice');
    const results = await Promise.all([deliver(completed), deliver(completed)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(results.map((r) => r.json().duplicate).sort()).toEqual([false, true]);
    expect(await audit(admin.firmId)).toHaveLength(1);
    expect((await status(admin.headers)).plan).toBe('business');
  });

  it('refuses badly signed events with 400 and applies nothing', async () => {
    const admin = await adminOnPlan(ctx);
    stripeState.subscriptions.set(
      'sub_bad',
      stripeSubscription('sub_bad', admin.firmId, PRICES.STRIPE_PRICE_PRO_MONTHLY),
    );
    const body = checkoutCompleted(admin.firmId, 'sub_bad');
    const payload = JSON.stringify(body);
    const goodSignature = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
    });
    for (const res of [
      await deliver(body, { secret: 'whsec_someone_else' }),
      await deliver(body, { signature: 't=123,v1=deadbeef' }),
      await deliver(payload.replace('"paid"', '"unpaid"'), { signature: goodSignature }),
      await deliver(body, {
        signature: stripe.webhooks.generateTestHeaderString({
          payload,
          secret: WEBHOOK_SECRET,
          timestamp: now() - 3600,
        }),
      }),
      await ctx.app.inject({
        method: 'POST',
        url: '/api/subscription/webhook',
        headers: { 'content-type': 'application/json' },
        payload,
      }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: BILLING_MESSAGES.webhookSignature,
        code: 'bad_request',
      });
    }
    expect(stripeState.requests).toHaveLength(0);
    expect((await status(admin.headers)).hasSubscription).toBe(false);
    const stored = await setUpDb(ctx)
      .selectFrom('billing_events')
      .select('event_id')
      .where('event_id', '=', body.id)
      .execute();
    expect(stored).toEqual([]);
  });

  it('acknowledges an event for an unknown firm without changing anything', async () => {
    for (const firmId of ['7d9f3c0e-2a4b-4c1d-9e8f-0a1b2c3d4e5f', 'not-a-firm-id']) {
      stripeState.subscriptions.set(
        'sub_orphan',
        stripeSubscription('sub_orphan', firmId, PRICES.STRIPE_PRICE_PRO_MONTHLY),
      );
      const res = await deliver(checkoutCompleted(firmId, 'sub_orphan'));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        received: true,
        duplicate: false,
        outcome: 'ignored',
        reason: 'unknown firm',
      });
    }
    const rows = await setUpDb(ctx)
      .selectFrom('subscriptions')
      .select('id')
      .where('provider_subscription_id', '=', 'sub_orphan')
      .execute();
    expect(rows).toEqual([]);
    // An event about a subscription we never saw is acknowledged too.
    const unknown = await deliver(event('invoice.payment_failed', invoice('sub_never_seen')));
    expect(unknown.json()).toMatchObject({ outcome: 'ignored', reason: 'unknown subscription' });
    const other = await deliver(event('customer.created', { id: 'cus_1', object: 'customer' }));
    expect(other.json()).toEqual({ received: true, duplicate: false, outcome: 'unhandled' });
  });

  it('payment failed → past_due with the invoice link; paid → active again', async () => {
    const admin = await subscribedFirm('sub_pay');
    const failed = await deliver(event('invoice.payment_failed', invoice('sub_pay')));
    expect(failed.json()).toMatchObject({ outcome: 'applied' });
    expect(await status(admin.headers)).toMatchObject({
      status: 'past_due',
      plan: 'pro',
      paymentUrl: 'https://invoice.stripe.com/i/sub_pay',
    });
    expect(await planOf(ctx, admin.firmId)).toBe('pro');
    await deliver(event('invoice.paid', invoice('sub_pay')));
    expect(await status(admin.headers)).toMatchObject({ status: 'active', paymentUrl: null });
    expect((await audit(admin.firmId)).map((a) => a.action)).toEqual([
      'subscription.activated',
      'subscription.past_due',
      'subscription.payment_recovered',
    ]);
  });

  it('applies customer.subscription.updated, ignores an older one, ends on .deleted', async () => {
    const admin = await subscribedFirm('sub_upd');
    const sub = structuredClone(stripeState.subscriptions.get('sub_upd')) as Sub;
    sub.items.data[0]!.price.id = PRICES.STRIPE_PRICE_BUSINESS_MONTHLY;
    sub.cancel_at_period_end = true;
    const later = now() + 5;
    const res = await deliver(event('customer.subscription.updated', sub, later));
    expect(res.json()).toMatchObject({ outcome: 'applied' });
    expect(await status(admin.headers)).toMatchObject({
      plan: 'business',
      billingCycle: 'monthly',
      cancelAtPeriodEnd: true,
    });
    expect(await planOf(ctx, admin.firmId)).toBe('business');

    const older = structuredClone(sub);
    older.items.data[0]!.price.id = PRICES.STRIPE_PRICE_PRO_MONTHLY;
    const stale = await deliver(event('customer.subscription.updated', older, later - 60));
    expect(stale.json()).toMatchObject({ outcome: 'ignored', reason: 'stale event' });
    expect((await status(admin.headers)).plan).toBe('business');

    const deleted = await deliver(
      event('customer.subscription.deleted', { ...sub, status: 'canceled' }, later + 1),
    );
    expect(deleted.json()).toMatchObject({ outcome: 'applied' });
    expect((await status(admin.headers)).hasSubscription).toBe(false);
    expect(await planOf(ctx, admin.firmId)).toBe('free');
    expect(await audit(admin.firmId)).toEqual([
      { action: 'subscription.activated', actor_email: 'stripe', actor_role: 'system' },
      { action: 'subscription.updated', actor_email: 'stripe', actor_role: 'system' },
      { action: 'subscription.cancelled', actor_email: 'stripe', actor_role: 'system' },
      { action: 'subscription.expired', actor_email: 'stripe', actor_role: 'system' },
    ]);
  });
});

describe('changes through the subscriptions API', () => {
  it('changes plan and cycle with proration, and cancels at the period end', async () => {
    const admin = await subscribedFirm('sub_chg');
    stripeState.requests = [];
    const update = await ctx.app.inject({
      method: 'POST',
      url: '/api/subscription/update',
      headers: admin.headers,
      payload: { newPlan: 'business', newBillingCycle: 'yearly' },
    });
    expect(update.statusCode).toBe(200);
    expect(update.json<SubscriptionChangeResponse>().subscription).toMatchObject({
      plan: 'business',
      billingCycle: 'yearly',
      status: 'active',
    });
    expect(stripeState.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/subscriptions/sub_chg',
      'POST /v1/subscriptions/sub_chg',
    ]);
    expect(Object.fromEntries(stripeState.requests[1]!.params)).toEqual({
      'items[0][id]': 'si_sub_chg',
      'items[0][price]': 'price_business_yearly',
      proration_behavior: 'create_prorations',
      cancel_at_period_end: 'false',
      'metadata[firm_id]': admin.firmId,
      'metadata[plan]': 'business',
      'metadata[billing_cycle]': 'yearly',
    });
    expect(await planOf(ctx, admin.firmId)).toBe('business');

    // Stripe's own customer.subscription.updated for that change then changes nothing more.
    const echo = await deliver(
      event('customer.subscription.updated', stripeState.subscriptions.get('sub_chg')),
    );
    expect(echo.json()).toMatchObject({ outcome: 'applied' });

    stripeState.requests = [];
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: '/api/subscription/cancel',
      headers: admin.headers,
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json<SubscriptionChangeResponse>().subscription.cancelAtPeriodEnd).toBe(true);
    expect(stripeState.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/subscriptions/sub_chg',
    ]);
    expect(Object.fromEntries(stripeState.requests[0]!.params)).toEqual({
      cancel_at_period_end: 'true',
    });
    const actions = (await audit(admin.firmId)).map((a) => [a.action, a.actor_role]);
    expect(actions).toEqual([
      ['subscription.activated', 'system'],
      ['subscription.updated', 'admin'],
      ['subscription.cancelled', 'admin'],
    ]);

    // The scheduler ends it at the period end even if Stripe's .deleted is late.
    const jobs = await sql<{ n: number }>`
      select count(*)::int as n from pgboss.job where name = ${BILLING_QUEUE}`.execute(
      ctx.database.db,
    );
    expect(jobs.rows[0]!.n).toBeGreaterThan(0);
    const end = new Date((await status(admin.headers)).currentPeriodEnd as string);
    await ctx.services.billing.processDue(new Date(end.getTime() + 1000));
    expect((await status(admin.headers)).hasSubscription).toBe(false);
    const late = await deliver(
      event('customer.subscription.deleted', {
        ...stripeState.subscriptions.get('sub_chg'),
        status: 'canceled',
      }),
    );
    expect(late.json()).toMatchObject({ outcome: 'ignored', reason: 'the subscription has ended' });
  });

  it('refuses the same plan and cycle without calling Stripe', async () => {
    const admin = await subscribedFirm('sub_same', PRICES.STRIPE_PRICE_BUSINESS_YEARLY);
    stripeState.requests = [];
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/subscription/update',
      headers: admin.headers,
      payload: { newPlan: 'business', newBillingCycle: 'yearly' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: BILLING_MESSAGES.alreadySubscribed,
      code: 'already_subscribed',
    });
    expect(stripeState.requests).toEqual([]);
  });

  it('reuses the Stripe customer when a firm subscribes again', async () => {
    const admin = await subscribedFirm('sub_again');
    await deliver(
      event('customer.subscription.deleted', {
        ...stripeState.subscriptions.get('sub_again'),
        status: 'canceled',
      }),
    );
    stripeState.requests = [];
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/subscription/create',
      headers: admin.headers,
      payload: { plan: 'pro', billingCycle: 'monthly' },
    });
    expect(res.statusCode).toBe(200);
    const params = stripeState.requests[0]!.params;
    expect(params.get('customer')).toBe('cus_sub_again');
    expect(params.get('customer_email')).toBeNull();
  });
});
