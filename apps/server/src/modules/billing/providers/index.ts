import type { BillingConfig } from '../../../config/env.js';
import type { Executor } from '../../../db/executor.js';
import { LocalPaymentProvider } from './local.provider.js';
import type { PaymentProvider } from './payment-provider.js';
import { StripePaymentProvider } from './stripe.provider.js';

/** The provider the configuration names (env.ts); null when payments are not configured. */
export function createPaymentProvider(deps: {
  billing: BillingConfig;
  db: Executor;
}): PaymentProvider | null {
  switch (deps.billing.provider) {
    case 'stripe':
      return new StripePaymentProvider(deps.billing);
    case 'local':
      return new LocalPaymentProvider({ db: deps.db });
    case 'none':
      return null;
  }
}

/** One line for the start-up log: which provider runs payments, and why. */
export function describePayments(billing: BillingConfig): string {
  switch (billing.provider) {
    case 'stripe':
      return 'payments: Stripe';
    case 'local':
      return `payments: the offline checkout (${billing.reason}): no money moves, any admin can give their firm a paid plan`;
    case 'none':
      return 'payments: not configured (set STRIPE_SECRET_KEY, or PAYMENTS_PROVIDER=offline): buying a plan answers 503';
  }
}
