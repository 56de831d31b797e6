import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildBookSummary, buildDataInsights } from '@/testing/billing-data';
import { TEST_TOKEN, buildUser, checkUserReply } from '@/testing/data';
import { mockApi, pendingReply, type Handler } from '@/testing/mock-api';
import { findToastWith, renderApp } from '@/testing/test-utils';

const LOAD = { timeout: 10_000 };
const paidCalls = (api: ReturnType<typeof mockApi>) =>
  api.calls.filter((call) => call.path.startsWith('/api/paid/'));
const card = (name: string) => within(screen.getByRole('article', { name }));

function paidApi(routes: Record<string, Handler>, plan: 'free' | 'pro' | 'business' = 'pro') {
  return mockApi({
    'GET /api/auth/check-user': checkUserReply(buildUser({ subscription: plan })),
    ...routes,
  });
}

describe('Paid features screen', () => {
  it("shows 'Loading data...' in each card while both calls run in parallel", async () => {
    const api = paidApi({
      'GET /api/paid/paidRoute1': () => pendingReply(),
      'GET /api/paid/paidRoute2': () => pendingReply(),
    });
    renderApp('/premium/full', { token: TEST_TOKEN });

    expect(await screen.findByRole('heading', { name: 'Behavio Premium' }, LOAD)).toBeVisible();
    expect(screen.getByText('You have full access to all premium features.')).toBeInTheDocument();
    for (const name of ['Premium Feature Access', 'Advanced Data Insights']) {
      expect(card(name).getByRole('status')).toHaveTextContent('Loading data...');
    }
    expect(
      paidCalls(api)
        .map((call) => call.path)
        .sort(),
    ).toEqual(['/api/paid/paidRoute1', '/api/paid/paidRoute2']);
  });

  it('shows the user id and the content of both features', async () => {
    paidApi({
      'GET /api/paid/paidRoute1': {
        body: buildBookSummary({ userId: 'user-42', featureKey: 'paidRoute1' }),
      },
      'GET /api/paid/paidRoute2': {
        body: buildDataInsights({ userId: 'user-42', featureKey: 'paidRoute2' }),
      },
    });
    renderApp('/premium/full', { token: TEST_TOKEN });

    const book = await screen.findByRole('article', { name: 'Premium Feature Access' }, LOAD);
    // Whole, wrapping where it must: at 390 px a cut id ended in an ellipsis.
    expect(await within(book).findByText('user-42')).toHaveStyle({ overflowWrap: 'anywhere' });
    expect(within(book).getByText('user-42')).not.toHaveStyle({ textOverflow: 'ellipsis' });
    expect(within(book).getByText('Feature Data')).toBeInTheDocument();
    expect(within(book).getByText('Risk levels')).toBeInTheDocument();
    expect(within(book).getByText('Assigned').nextElementSibling).toHaveTextContent('12');

    const insights = card('Advanced Data Insights');
    expect(await insights.findByText('user-42')).toBeInTheDocument();
    expect(insights.getByText('Loss Aversion')).toBeInTheDocument();
    expect(insights.getByText('CUST-007')).toBeInTheDocument();
    expect(insights.getByText('Sam Patel')).toBeInTheDocument();
  });

  it("shows the server's message, in the card and as a toast", async () => {
    paidApi({
      'GET /api/paid/paidRoute1': {
        status: 403,
        body: { message: 'Purchase Subscription to access this page' },
      },
      'GET /api/paid/paidRoute2': { body: buildDataInsights() },
    });
    renderApp('/premium/full', { token: TEST_TOKEN });

    await findToastWith('Purchase Subscription to access this page');
    const book = await screen.findByRole('article', { name: 'Premium Feature Access' });
    expect(within(book).getByText('Purchase Subscription to access this page')).toBeInTheDocument();
    expect(within(book).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(await card('Advanced Data Insights').findByText('CUST-007')).toBeInTheDocument();
  });

  it('falls back to the spec message, once for both cards, and retries', async () => {
    let fail = true;
    const api = paidApi({
      'GET /api/paid/paidRoute1': () => (fail ? 'network-error' : { body: buildBookSummary() }),
      'GET /api/paid/paidRoute2': () => (fail ? 'network-error' : { body: buildDataInsights() }),
    });
    const { user } = renderApp('/premium/full', { token: TEST_TOKEN });

    await findToastWith('Failed to load paid features. Please try again.');
    expect(document.querySelectorAll('.mantine-Notification-root')).toHaveLength(1);
    const book = await screen.findByRole('article', { name: 'Premium Feature Access' });
    await within(book).findByRole('button', { name: 'Retry' });

    fail = false;
    await user.click(within(book).getByRole('button', { name: 'Retry' }));
    expect(await within(book).findByText('Risk levels')).toBeInTheDocument();
    expect(paidCalls(api).length).toBeGreaterThanOrEqual(3);
  });

  it('tells a free-plan user to purchase a subscription, without calling /paid', async () => {
    const api = paidApi({}, 'free');
    renderApp('/premium/full', { token: TEST_TOKEN });
    expect(
      await screen.findByText('Purchase Subscription to access this page', {}, LOAD),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See Plans' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    expect(screen.getByRole('link', { name: 'Unlock with Credits' })).toHaveAttribute(
      'href',
      '/premium',
    );
    expect(paidCalls(api)).toHaveLength(0);
  });
});
