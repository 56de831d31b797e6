import type { BillingCycle, PaidPlan } from '@behavio/contract';
import type { BillingProvider, SubscriptionRow } from '../../../db/schema.js';
import type { SubscriptionPatch } from '../subscription-lifecycle.js';

export interface CheckoutRequest {
  firmId: string;
  adminId: string;
  adminEmail: string;
  plan: PaidPlan;
  billingCycle: BillingCycle;
  /** The firm's customer at this provider from an earlier subscription, if any. */
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
}

/**
 * What the subscription calls need from a payment provider. How a payment then comes back
 * (Stripe's webhooks, the offline checkout page) is the provider's own business; both end in
 * SubscriptionLifecycle.apply.
 */
export interface PaymentProvider {
  readonly name: BillingProvider;
  /** Opens a checkout for a new subscription; answers where to send the browser. */
  startCheckout(request: CheckoutRequest): Promise<{ url: string; sessionId: string }>;
  /** Moves the subscription to another plan or cycle, prorated; resumes one set to end. */
  changePlan(
    subscription: SubscriptionRow,
    plan: PaidPlan,
    billingCycle: BillingCycle,
    now: Date,
  ): Promise<SubscriptionPatch>;
  /** Sets the subscription to end with its current period. */
  cancelAtPeriodEnd(subscription: SubscriptionRow, now: Date): Promise<SubscriptionPatch>;
}
