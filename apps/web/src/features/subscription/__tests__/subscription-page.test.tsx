import { PAYMENT_REDIRECT_DELAY_MS, type SubscriptionStatus } from '@behavio/contract';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  buildActiveStatus,
  buildPlansResponse,
  buildSubscriptionStatus,
} from '@/testing/billing-data';
import { TEST_TOKEN, buildUser, checkUserReply } from '@/testing/data';
import { mockApi, type Handler } from '@/testing/mock-api';
import { findToastWith, renderApp } from '@/testing/test-utils';
import { browserLocation } from '../utils/browser';

/** The page is code-split: its first load in a test run can take a moment. */
const LOAD = { timeout: 10_000 };

function billingApi(status: SubscriptionStatus, extra: Record<string, Handler> = {}) {
  return mockApi({
    'GET /api/auth/check-user': checkUserReply(buildUser()),
    'GET /api/subscription/plans': { body: buildPlansResponse() },
    'GET /api/subscription/subscription-status': { body: status },
    ...extra,
  });
}

async function openPage(url = '/subscription') {
  const view = renderApp(url, { token: TEST_TOKEN });
  await screen.findByRole('heading', { name: 'Choose Your Plan' }, LOAD);
  return view;
}

const planCard = (name: string) => screen.getByRole('article', { name });

afterEach(() => {
  vi.useRealTimers();
});

describe('Subscription: plans and cycle toggle', () => {
  it('starts on yearly, labelled Preferred, with the server prices', async () => {
    billingApi(buildSubscriptionStatus());
    await openPage();

    const yearly = screen.getByRole('radio', { name: /Yearly/ });
    expect(yearly).toBeChecked();
    expect(yearly).toHaveAccessibleName(/Preferred/);
    expect(screen.getByRole('radio', { name: 'Monthly' })).not.toBeChecked();
    expect(within(planCard('Pro')).getByText('$50')).toBeInTheDocument();
    expect(within(planCard('Pro')).getByText('/ year')).toBeInTheDocument();
    expect(within(planCard('Business')).getByText('$70')).toBeInTheDocument();
    expect(within(planCard('Pro')).getByText('Unlimited customer file uploads')).toBeVisible();
  });

  it('shows monthly prices after the toggle', async () => {
    billingApi(buildSubscriptionStatus());
    const { user } = await openPage();

    await user.click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(screen.getByRole('radio', { name: 'Monthly' })).toBeChecked();
    expect(within(planCard('Pro')).getByText('$20')).toBeInTheDocument();
    expect(within(planCard('Pro')).getByText('/ month')).toBeInTheDocument();
    expect(within(planCard('Business')).getByText('$50')).toBeInTheDocument();
  });

  it.each([
    ['Pro', 'yearly', 'You save $190 a year compared with monthly billing'],
    ['Business', 'yearly', 'You save $530 a year compared with monthly billing'],
    ['Pro', 'monthly', 'Save $190 a year with yearly billing'],
    ['Business', 'monthly', 'Save $530 a year with yearly billing'],
  ])('shows the %s savings on %s billing', async (plan, cycle, text) => {
    billingApi(buildSubscriptionStatus());
    const { user } = await openPage();
    if (cycle === 'monthly') await user.click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(within(planCard(plan)).getByText(text)).toBeInTheDocument();
  });

  it('shows no savings text when yearly billing saves nothing', async () => {
    const offer = buildPlansResponse();
    offer.plans[0] = { ...offer.plans[0]!, prices: { monthly: 5, yearly: 60 }, yearlySaving: 0 };
    billingApi(buildSubscriptionStatus(), {
      'GET /api/subscription/plans': { body: offer },
    });
    await openPage();
    expect(within(planCard('Pro')).queryByText(/save/i)).not.toBeInTheDocument();
    expect(within(planCard('Business')).getByText(/save \$530/i)).toBeInTheDocument();
  });
});

describe('Subscription: buying and changing', () => {
  it('creates a subscription for the chosen plan and cycle and goes to the checkout', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const api = billingApi(buildSubscriptionStatus(), {
      'POST /api/subscription/create': { body: { url: 'http://localhost/checkout/cs_local_1' } },
    });
    const { user } = await openPage();

    await user.click(screen.getByRole('radio', { name: 'Monthly' }));
    await user.click(
      within(planCard('Business')).getByRole('button', { name: 'Subscribe to Business' }),
    );

    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://localhost/checkout/cs_local_1'),
    );
    expect(api.callsTo('POST', '/api/subscription/create')[0]?.body).toEqual({
      plan: 'business',
      billingCycle: 'monthly',
    });
  });

  it("shows 'Failed to process subscription' with the server's reason", async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    billingApi(buildSubscriptionStatus(), {
      'POST /api/subscription/create': {
        status: 502,
        body: { message: 'The payment provider could not be reached. Please try again.' },
      },
    });
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Subscribe to Pro' }));
    await findToastWith(
      'Failed to process subscription',
      'The payment provider could not be reached. Please try again.',
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it('marks the current plan and cycle with the Current Plan badge', async () => {
    billingApi(buildActiveStatus({ plan: 'pro', billingCycle: 'yearly' }));
    const { user } = await openPage();

    expect(within(planCard('Pro')).getByText('Current Plan')).toBeInTheDocument();
    expect(within(planCard('Business')).queryByText('Current Plan')).not.toBeInTheDocument();

    // The same plan on the other cycle is not the current plan.
    await user.click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(within(planCard('Pro')).queryByText('Current Plan')).not.toBeInTheDocument();
    expect(
      within(planCard('Pro')).getByText('Your firm has this plan, billed yearly.'),
    ).toBeInTheDocument();
    expect(
      within(planCard('Pro')).getByRole('button', { name: 'Switch to monthly billing' }),
    ).toBeInTheDocument();
  });

  it("answers the current plan and cycle with 'Already subscribed' without calling the server", async () => {
    const api = billingApi(buildActiveStatus());
    const { user } = await openPage();

    await user.click(within(planCard('Pro')).getByRole('button', { name: 'Subscribed' }));
    await findToastWith('Already subscribed');
    expect(api.callsTo('POST', '/api/subscription/update')).toHaveLength(0);
    expect(api.callsTo('POST', '/api/subscription/create')).toHaveLength(0);
  });

  it("shows the server's 'Already subscribed' as information", async () => {
    billingApi(buildActiveStatus(), {
      'POST /api/subscription/update': {
        status: 400,
        body: { message: 'Already subscribed', code: 'already_subscribed' },
      },
    });
    const { user } = await openPage();
    await user.click(
      within(planCard('Business')).getByRole('button', { name: 'Switch to Business' }),
    );
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Change your plan' })).getByRole('button', {
        name: 'Confirm Change',
      }),
    );
    const toast = await findToastWith('Already subscribed');
    expect(toast).not.toHaveTextContent('Failed to process subscription');
  });

  it('changes the plan after a confirmation and moves the Current Plan badge', async () => {
    const changed = buildActiveStatus({ plan: 'business', billingCycle: 'yearly' });
    const api = billingApi(buildActiveStatus(), {
      'POST /api/subscription/update': {
        body: { message: 'Subscription updated', subscription: changed },
      },
    });
    const { user } = await openPage();

    await user.click(
      within(planCard('Business')).getByRole('button', { name: 'Switch to Business' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Change your plan' }));
    expect(dialog.getByText('$70 per year')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Confirm Change' }));

    await findToastWith(
      'Subscription updated',
      'Your firm is on the Business plan, billed yearly.',
    );
    expect(api.callsTo('POST', '/api/subscription/update')[0]?.body).toEqual({
      newPlan: 'business',
      newBillingCycle: 'yearly',
    });
    expect(within(planCard('Business')).getByText('Current Plan')).toBeInTheDocument();
    expect(within(planCard('Pro')).queryByText('Current Plan')).not.toBeInTheDocument();
  });
});

describe('Subscription: status and cancel', () => {
  it('shows the period end', async () => {
    billingApi(buildActiveStatus());
    await openPage();
    const plan = screen.getByRole('region', { name: 'Your plan' });
    expect(within(plan).getByText('Pro')).toBeInTheDocument();
    expect(within(plan).getByText('Renews on 12 March 2026.')).toBeInTheDocument();
  });

  it('cancels after the confirmation and then says it cancels at period end', async () => {
    const cancelled = buildActiveStatus({ cancelAtPeriodEnd: true });
    const api = billingApi(buildActiveStatus(), {
      'POST /api/subscription/cancel': {
        body: { message: 'Your subscription will end on 12 March 2026', subscription: cancelled },
      },
    });
    const { user } = await openPage();

    await user.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel your subscription?' }));
    expect(dialog.getByText('You will lose access to premium features')).toBeInTheDocument();
    // Nothing happens until it is confirmed.
    expect(api.callsTo('POST', '/api/subscription/cancel')).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Yes, Cancel' }));

    await findToastWith('Subscription cancelled', 'Your subscription will end on 12 March 2026');
    expect(api.callsTo('POST', '/api/subscription/cancel')[0]?.body).toBeUndefined();
    expect(
      screen.getByText('Cancels at period end: your plan stays until 12 March 2026.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resume Subscription' })).toBeInTheDocument();
  });

  it('keeps the subscription when the confirmation is dismissed', async () => {
    const api = billingApi(buildActiveStatus());
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel your subscription?' }));
    await user.click(dialog.getByRole('button', { name: 'Keep Subscription' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/subscription/cancel')).toHaveLength(0);
  });

  it("shows 'Cancellation failed' with 'An error occurred' when the server gives no reason", async () => {
    billingApi(buildActiveStatus(), { 'POST /api/subscription/cancel': { status: 500 } });
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, Cancel' }),
    );
    await findToastWith('Cancellation failed', 'An error occurred');
  });

  it('warns about a past_due payment and links to where it can be paid', async () => {
    billingApi(
      buildActiveStatus({
        status: 'past_due',
        paymentUrl: 'https://pay.example/invoice/1',
      }),
    );
    await openPage();
    expect(
      screen.getByText('Your subscription payment failed. Please update your payment method.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Update payment method' })).toHaveAttribute(
      'href',
      'https://pay.example/invoice/1',
    );
  });

  it('tells a non-admin to contact the firm admin, without plans or buttons', async () => {
    const api = mockApi({
      'GET /api/auth/check-user': checkUserReply(buildUser({ role: 'rm', subscription: 'pro' })),
      'GET /api/subscription/subscription-status': { body: buildActiveStatus() },
    });
    renderApp('/subscription', { token: TEST_TOKEN });

    expect(
      await screen.findByText('Contact your firm admin to purchase a subscription', {}, LOAD),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Choose Your Plan' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).not.toBeInTheDocument();
    expect(await screen.findByText('Renews on 12 March 2026.')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/subscription/plans')).toHaveLength(0);
  });
});

describe('Subscription: payment flags', () => {
  it.each([
    ['paymentSuccess', 'Payment successful', 'Thank you! Your subscription is active.'],
    [
      'paymentCancelled',
      'Payment cancelled',
      'The payment was not completed and no money was taken.',
    ],
    [
      'paymentCancelled=true&paymentDeclined',
      'Payment declined',
      'Your card was declined and no money was taken. Please try another card.',
    ],
  ])('toasts ?%s=true, then reloads /subscription after the delay', async (flag, title, text) => {
    const replace = vi.spyOn(browserLocation, 'replace').mockImplementation(() => {});
    billingApi(buildActiveStatus());
    const { router } = await openPage();

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(() => router.navigate(`/subscription?${flag}=true`));

    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_REDIRECT_DELAY_MS - 100));
    const toast = screen
      .getAllByRole('alert')
      .find((element) => element.classList.contains('mantine-Notification-root'));
    expect(toast).toHaveTextContent(title);
    expect(toast).toHaveTextContent(text);
    expect(replace).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(replace).toHaveBeenCalledTimes(1);
    expect(replace).toHaveBeenCalledWith('/subscription');
  });

  it('toasts once when the page is opened with the flag', async () => {
    const replace = vi.spyOn(browserLocation, 'replace').mockImplementation(() => {});
    billingApi(buildActiveStatus());
    await openPage('/subscription?paymentSuccess=true');
    await findToastWith('Payment successful');
    await vi.waitFor(() => expect(replace).toHaveBeenCalledWith('/subscription'), {
      timeout: 3000,
    });
    expect(document.querySelectorAll('.mantine-Notification-root')).toHaveLength(1);
  });
});
