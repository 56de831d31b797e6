import {
  BILLING_CYCLES,
  BILLING_MESSAGES,
  PAID_PLANS,
  type BillingCycle,
  type PaidPlan,
} from '@behavio/contract';
import Stripe from 'stripe';
import type { BillingConfig } from '../../../config/env.js';
import type { SubscriptionRow } from '../../../db/schema.js';
import { badRequest } from '../../../errors/app-error.js';
import type {
  SubscriptionEvent,
  SubscriptionPatch,
  SubscriptionState,
} from '../subscription-lifecycle.js';
import type { CheckoutRequest, PaymentProvider } from './payment-provider.js';

export type StripeBillingConfig = Extract<BillingConfig, { provider: 'stripe' }>;

/** What a verified Stripe event means for us. */
export type StripeEventMeaning =
  | { kind: 'event'; event: SubscriptionEvent; firmId: string | null }
  | { kind: 'ignored'; reason: string; firmId: string | null }
  | { kind: 'unhandled' };

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

const fromUnix = (seconds: number) => new Date(seconds * 1000);

/** Stripe's statuses, as ours: undefined for the ones that do not change what the firm has. */
function statusOf(status: Stripe.Subscription.Status): SubscriptionPatch['status'] {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
      return 'ended';
    default:
      return undefined;
  }
}

/**
 * Stripe Billing: Checkout Sessions in subscription mode, plan changes through the
 * subscriptions API with proration, cancellation at the period end, and the webhook events
 * that report what happened. Every call goes to STRIPE_API_BASE when set (tests run a stand-in).
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly client: Stripe;
  private readonly byPrice = new Map<string, { plan: PaidPlan; billingCycle: BillingCycle }>();

  constructor(private readonly config: StripeBillingConfig) {
    this.client = new Stripe(config.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(config.apiBase ?? {}),
    });
    for (const plan of PAID_PLANS)
      for (const billingCycle of BILLING_CYCLES)
        this.byPrice.set(config.prices[plan][billingCycle], { plan, billingCycle });
  }

  private priceId(plan: PaidPlan, billingCycle: BillingCycle): string {
    return this.config.prices[plan][billingCycle];
  }

  async startCheckout(request: CheckoutRequest) {
    const metadata = {
      firm_id: request.firmId,
      plan: request.plan,
      billing_cycle: request.billingCycle,
    };
    const session = await this.client.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: this.priceId(request.plan, request.billingCycle), quantity: 1 }],
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      client_reference_id: request.firmId,
      metadata,
      subscription_data: { metadata },
      ...(request.customerId
        ? { customer: request.customerId }
        : { customer_email: request.adminEmail }),
    });
    if (!session.url) throw new Error('Stripe answered a checkout session without a url');
    return { url: session.url, sessionId: session.id };
  }

  async changePlan(
    subscription: SubscriptionRow,
    plan: PaidPlan,
    billingCycle: BillingCycle,
  ): Promise<SubscriptionPatch> {
    const current = await this.client.subscriptions.retrieve(subscription.provider_subscription_id);
    const item = current.items.data[0];
    if (!item) throw new Error(`Stripe subscription ${current.id} has no items`);
    const updated = await this.client.subscriptions.update(current.id, {
      items: [{ id: item.id, price: this.priceId(plan, billingCycle) }],
      proration_behavior: 'create_prorations',
      cancel_at_period_end: false,
      metadata: { firm_id: subscription.firm_id, plan, billing_cycle: billingCycle },
    });
    return this.patchOf(updated);
  }

  async cancelAtPeriodEnd(subscription: SubscriptionRow): Promise<SubscriptionPatch> {
    const updated = await this.client.subscriptions.update(subscription.provider_subscription_id, {
      cancel_at_period_end: true,
    });
    return this.patchOf(updated);
  }

  /** Verifies the signature over the raw body; answers the event, or a 400 for a bad one. */
  verifyWebhook(payload: Buffer, signature: string | undefined): Stripe.Event {
    if (!signature) throw badRequest(BILLING_MESSAGES.webhookSignature);
    try {
      return this.client.webhooks.constructEvent(payload, signature, this.config.webhookSecret);
    } catch {
      throw badRequest(BILLING_MESSAGES.webhookSignature);
    }
  }

  /** Translates an event; a completed checkout fetches its subscription (the event lacks it). */
  async meaningOf(event: Stripe.Event): Promise<StripeEventMeaning> {
    const change = (
      subscriptionId: string | null,
      patch: SubscriptionPatch,
      reason?: string,
    ): StripeEventMeaning =>
      subscriptionId
        ? {
            kind: 'event',
            firmId: null,
            event: {
              type: 'change',
              provider: 'stripe',
              providerSubscriptionId: subscriptionId,
              patch,
              ...(reason ? { reason } : {}),
            },
          }
        : { kind: 'ignored', reason: 'not a subscription event', firmId: null };

    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        const firmId = session.client_reference_id ?? session.metadata?.firm_id ?? null;
        const subscriptionId = idOf(session.subscription);
        if (session.mode !== 'subscription' || !subscriptionId)
          return { kind: 'ignored', reason: 'not a subscription checkout', firmId };
        if (session.payment_status === 'unpaid')
          return { kind: 'ignored', reason: 'the checkout is not paid yet', firmId };
        if (!firmId) return { kind: 'ignored', reason: 'no firm reference', firmId };
        const subscription = await this.client.subscriptions.retrieve(subscriptionId);
        const state = this.stateOf(subscription);
        if (!state)
          return {
            kind: 'ignored',
            reason: 'the subscription is not live or its price is unknown',
            firmId,
          };
        return {
          kind: 'event',
          firmId,
          event: {
            type: 'activate',
            firmId,
            provider: 'stripe',
            providerSubscriptionId: subscription.id,
            providerCustomerId: idOf(subscription.customer),
            state,
          },
        };
      }
      case 'customer.subscription.updated': {
        const subscription = event.data.object;
        const patch = this.patchOf(subscription);
        return change(subscription.id, patch);
      }
      case 'customer.subscription.deleted':
        return change(event.data.object.id, { status: 'ended' }, 'ended at Stripe');
      case 'invoice.paid': {
        const invoice = event.data.object;
        return change(idOf(invoice.parent?.subscription_details?.subscription), {
          status: 'active',
          paymentUrl: null,
        });
      }
      case 'invoice.payment_failed': {
        const invoice = event.data.object;
        return change(idOf(invoice.parent?.subscription_details?.subscription), {
          status: 'past_due',
          paymentUrl: invoice.hosted_invoice_url ?? null,
        });
      }
      default:
        return { kind: 'unhandled' };
    }
  }

  /** The subscription's plan and cycle from its price (metadata as a fallback), period and status. */
  private patchOf(subscription: Stripe.Subscription): SubscriptionPatch {
    const item = subscription.items.data[0];
    const mapped = item
      ? (this.byPrice.get(item.price.id) ?? this.fromMetadata(subscription.metadata))
      : undefined;
    const patch: SubscriptionPatch = {
      cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
    };
    const status = statusOf(subscription.status);
    if (status) patch.status = status;
    if (mapped) {
      patch.plan = mapped.plan;
      patch.billingCycle = mapped.billingCycle;
    }
    if (item) {
      patch.currentPeriodStart = fromUnix(item.current_period_start);
      patch.currentPeriodEnd = fromUnix(item.current_period_end);
    }
    return patch;
  }

  private stateOf(subscription: Stripe.Subscription): SubscriptionState | undefined {
    const patch = this.patchOf(subscription);
    if (
      !patch.plan ||
      !patch.billingCycle ||
      !patch.currentPeriodStart ||
      !patch.currentPeriodEnd ||
      (patch.status !== 'active' && patch.status !== 'past_due')
    )
      return undefined;
    return {
      plan: patch.plan,
      billingCycle: patch.billingCycle,
      status: patch.status,
      currentPeriodStart: patch.currentPeriodStart,
      currentPeriodEnd: patch.currentPeriodEnd,
      cancelAtPeriodEnd: patch.cancelAtPeriodEnd ?? false,
    };
  }

  private fromMetadata(metadata: Stripe.Metadata | null) {
    const plan = PAID_PLANS.find((p) => p === metadata?.plan);
    const billingCycle = BILLING_CYCLES.find((c) => c === metadata?.billing_cycle);
    return plan && billingCycle ? { plan, billingCycle } : undefined;
  }
}
