import { randomBytes } from 'node:crypto';
import type { BillingCycle, PaidPlan } from '@behavio/contract';
import type { Executor } from '../../../db/executor.js';
import type { LocalCheckoutSessionRow, SubscriptionRow } from '../../../db/schema.js';
import * as repo from '../billing.repository.js';
import { addCycle, CURRENCY, priceOf } from '../plans.js';
import type { SubscriptionEvent, SubscriptionPatch } from '../subscription-lifecycle.js';
import type { CheckoutRequest, PaymentProvider } from './payment-provider.js';

/** How long an unpaid purchase checkout stays usable (Stripe's default is the same). */
export const LOCAL_CHECKOUT_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * The offline provider: no money moves. A checkout is a page the app serves itself
 * (/checkout/{id}); its Pay / Cancel / Fail outcome is applied exactly as Stripe's
 * webhooks would be. Renewals are checkout sessions too (see docs/billing.md).
 */
export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local' as const;

  constructor(private readonly deps: { db: Executor }) {}

  /**
   * A path in the app, not an absolute URL: the offline checkout is a page of the app itself,
   * so it opens at whatever address the app was opened at, with the signed-in session (an
   * absolute PUBLIC_URL on another host, e.g. localhost against 127.0.0.1, lost the session).
   */
  checkoutUrl(sessionId: string): string {
    return `/checkout/${encodeURIComponent(sessionId)}`;
  }

  async startCheckout(request: CheckoutRequest) {
    const session = await this.openSession(this.deps.db, {
      firmId: request.firmId,
      kind: 'subscription',
      subscriptionId: null,
      plan: request.plan,
      billingCycle: request.billingCycle,
      createdBy: request.adminId,
      expiresAt: new Date(Date.now() + LOCAL_CHECKOUT_TTL_MS),
    });
    return { url: this.checkoutUrl(session.id), sessionId: session.id };
  }

  /** A paid purchase: the subscription it starts, as the lifecycle applies it. */
  activation(session: LocalCheckoutSessionRow, now: Date): SubscriptionEvent {
    return {
      type: 'activate',
      firmId: session.firm_id,
      provider: 'local',
      providerSubscriptionId: `sub_local_${randomBytes(12).toString('base64url')}`,
      providerCustomerId: `cus_local_${session.firm_id}`,
      state: {
        plan: session.plan,
        billingCycle: session.billing_cycle,
        status: 'active',
        currentPeriodStart: now,
        currentPeriodEnd: addCycle(now, session.billing_cycle),
        cancelAtPeriodEnd: false,
      },
    };
  }

  /** The payment of a subscription's next period; it stays open until paid or the subscription ends. */
  async openRenewal(trx: Executor, subscription: SubscriptionRow): Promise<string> {
    const session = await this.openSession(trx, {
      firmId: subscription.firm_id,
      kind: 'renewal',
      subscriptionId: subscription.id,
      plan: subscription.plan,
      billingCycle: subscription.billing_cycle,
      createdBy: null,
      expiresAt: null,
    });
    return this.checkoutUrl(session.id);
  }

  /**
   * A plan change keeps the period; a cycle change starts a new period now (as Stripe does when
   * the interval changes). Nothing is charged offline, so there is no proration to compute.
   */
  async changePlan(
    subscription: SubscriptionRow,
    plan: PaidPlan,
    billingCycle: BillingCycle,
    now: Date,
  ): Promise<SubscriptionPatch> {
    const cycleChanged = billingCycle !== subscription.billing_cycle;
    return {
      plan,
      billingCycle,
      cancelAtPeriodEnd: false,
      ...(cycleChanged
        ? { currentPeriodStart: now, currentPeriodEnd: addCycle(now, billingCycle) }
        : {}),
    };
  }

  async cancelAtPeriodEnd(): Promise<SubscriptionPatch> {
    return { cancelAtPeriodEnd: true };
  }

  private openSession(
    db: Executor,
    values: {
      firmId: string;
      kind: 'subscription' | 'renewal';
      subscriptionId: string | null;
      plan: PaidPlan;
      billingCycle: BillingCycle;
      createdBy: string | null;
      expiresAt: Date | null;
    },
  ) {
    return repo.insertLocalSession(db, {
      ...values,
      id: `cs_local_${randomBytes(18).toString('base64url')}`,
      amount: priceOf(values.plan, values.billingCycle),
      currency: CURRENCY,
    });
  }
}
