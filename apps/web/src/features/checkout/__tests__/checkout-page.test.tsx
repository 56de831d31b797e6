import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildCheckoutSession } from '@/testing/billing-data';
import { TEST_TOKEN } from '@/testing/data';
import { mockApi, type Handler } from '@/testing/mock-api';
import { findToastWith, renderApp } from '@/testing/test-utils';
import { browserLocation } from '../utils/browser';

const LOAD = { timeout: 10_000 };
const SESSION_PATH = '/api/subscription/local-checkout/cs_local_123';
const SUCCESS_URL = 'http://localhost/subscription?paymentSuccess=true';
const CANCELLED_URL = 'http://localhost/subscription?paymentCancelled=true';

function checkoutApi(extra: Record<string, Handler> = {}) {
  return mockApi({
    [`GET ${SESSION_PATH}`]: { body: buildCheckoutSession() },
    [`POST ${SESSION_PATH}`]: (call) => ({
      body: {
        redirectUrl:
          (call.body as { outcome: string }).outcome === 'paid' ? SUCCESS_URL : CANCELLED_URL,
      },
    }),
    ...extra,
  });
}

async function openCheckout() {
  const view = renderApp('/checkout/cs_local_123', { token: TEST_TOKEN });
  await screen.findByRole('button', { name: 'Pay $50' }, LOAD);
  return view;
}

describe('Offline checkout page', () => {
  it('shows the plan, price and cycle, without the navigation shell', async () => {
    checkoutApi();
    await openCheckout();
    expect(screen.getByRole('heading', { name: '$50' })).toBeInTheDocument();
    expect(screen.getByText('per year')).toBeInTheDocument();
    expect(screen.getByText('Behavio Pro')).toBeInTheDocument();
    expect(screen.getByText('Yearly')).toBeInTheDocument();
    expect(screen.getByText('New subscription')).toBeInTheDocument();
    expect(screen.getByText('Test mode')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it.each([
    ['Pay $50', 'paid', SUCCESS_URL],
    ['Cancel', 'cancelled', CANCELLED_URL],
    ['Simulate a declined card', 'failed', CANCELLED_URL],
  ])('%s posts %s and follows the redirect URL', async (button, outcome, url) => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const api = checkoutApi();
    const { user } = await openCheckout();

    await user.click(screen.getByRole('button', { name: button }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(url));
    expect(api.callsTo('POST', SESSION_PATH)[0]?.body).toEqual({ outcome });
    expect(await screen.findByText('Returning to your subscription…')).toBeInTheDocument();
  });

  it('labels a renewal', async () => {
    checkoutApi({
      [`GET ${SESSION_PATH}`]: {
        body: buildCheckoutSession({
          kind: 'renewal',
          billingCycle: 'monthly',
          amount: 20,
          expiresAt: null,
        }),
      },
    });
    renderApp('/checkout/cs_local_123', { token: TEST_TOKEN });
    expect(await screen.findByRole('button', { name: 'Pay $20' }, LOAD)).toBeInTheDocument();
    expect(screen.getByText('renewal')).toBeInTheDocument();
    expect(screen.getByText('Renewal of your subscription')).toBeInTheDocument();
    expect(screen.getByText('per month')).toBeInTheDocument();
  });

  it('says an unknown session was not found, with a way back', async () => {
    checkoutApi({
      [`GET ${SESSION_PATH}`]: { status: 404, body: { message: 'Checkout session not found' } },
    });
    renderApp('/checkout/cs_local_123', { token: TEST_TOKEN });
    expect(
      await screen.findByRole('heading', { name: 'Checkout session not found' }, LOAD),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Subscription' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
  });

  it('says a completed session cannot be paid again', async () => {
    checkoutApi({ [`GET ${SESSION_PATH}`]: { body: buildCheckoutSession({ status: 'paid' }) } });
    renderApp('/checkout/cs_local_123', { token: TEST_TOKEN });
    expect(
      await screen.findByRole(
        'heading',
        { name: 'This checkout session has already been completed' },
        LOAD,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Subscription' })).toBeInTheDocument();
  });

  it('shows the 409 of a session completed meanwhile, with a way back', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    checkoutApi({
      [`POST ${SESSION_PATH}`]: {
        status: 409,
        body: {
          message: 'This checkout session has expired. Start again from the subscription page.',
        },
      },
    });
    const { user } = await openCheckout();
    await user.click(screen.getByRole('button', { name: 'Pay $50' }));
    expect(
      await screen.findByRole('heading', {
        name: 'This checkout session has expired. Start again from the subscription page.',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Subscription' })).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it("keeps the page on another failure with 'Failed to process subscription'", async () => {
    checkoutApi({ [`POST ${SESSION_PATH}`]: 'network-error' });
    const { user } = await openCheckout();
    await user.click(screen.getByRole('button', { name: 'Pay $50' }));
    await findToastWith('Failed to process subscription', 'Please try again.');
    expect(screen.getByRole('button', { name: 'Pay $50' })).toBeEnabled();
  });

  it('sends a visitor without a token to /', async () => {
    const api = checkoutApi();
    const { router } = renderApp('/checkout/cs_local_123');
    expect(
      await screen.findByRole('link', { name: 'Create your free account' }, LOAD),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(api.calls).toHaveLength(0);
  });
});
