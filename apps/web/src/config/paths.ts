/** Every route of product-rules: Screens, in one place so links and redirects cannot drift apart. */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  verifyOtp: '/verify-otp',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  datasets: '/datasets',
  settings: '/settings',
  subscription: '/subscription',
  manageCustomers: '/settings/manageCustomers',
  /** The firm's product shelf and how it performs (issue 18). */
  products: '/products',
  /** The admin's API keys for the customer feed (issue 19). */
  apiKeys: '/api-keys',
  /** Unlock Premium Features (credit-gated); the spec leaves the path to us. */
  premium: '/premium',
  /** The paid features screen (pro or business). */
  premiumFull: '/premium/full',
  /** The offline payment provider's checkout page (docs/billing.md). */
  checkout: '/checkout/:sessionId',
  /** One customer's page (issue 18): insights, recommended products and outcomes. */
  customer: '/customers/:customerId',
  /** The signed-in user's alerts (issue 19): unread and all, paged. */
  alerts: '/alerts',
} as const;

/** The page of one customer. */
export const customerPath = (customerId: string) => `/customers/${encodeURIComponent(customerId)}`;

/** What the register and login screens pass to /verify-otp and /login in the navigation state. */
export interface EmailNavigationState {
  email?: string;
}

export function readEmailState(state: unknown): string {
  if (state && typeof state === 'object' && 'email' in state) {
    const email = (state as EmailNavigationState).email;
    if (typeof email === 'string') return email;
  }
  return '';
}
