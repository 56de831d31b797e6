import type { BillingConfig } from '../../../config/env.js';
import type { Executor } from '../../../db/executor.js';
import { LocalPaymentProvider } from './local.provider.js';
import type { PaymentProvider } from './payment-provider.js';
import { StripePaymentProvider } from './stripe.provider.js';

/** Stripe when STRIPE_SECRET_KEY is set; otherwise the offline provider, so the app works alone. */
export function createPaymentProvider(deps: {
  billing: BillingConfig;
  db: Executor;
}): PaymentProvider {
  return deps.billing.provider === 'stripe'
    ? new StripePaymentProvider(deps.billing)
    : new LocalPaymentProvider({ db: deps.db });
}
