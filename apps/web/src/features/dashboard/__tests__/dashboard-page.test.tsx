import { buildFirmOverview } from '@/testing/admin-data';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEST_TOKEN, buildUser, checkUserReply } from '@/testing/data';
import { mockApi } from '@/testing/mock-api';
import { renderComponent } from '@/testing/render-component';
import { buildBookReply, buildCustomer, buildRmUser, buildWhoToCallItem } from '@/testing/rm-data';
import { renderApp } from '@/testing/test-utils';
import { DESKTOP_WIDTH, MOBILE_WIDTH, mockViewport } from '@/testing/viewport';
import { DashboardPage } from '../components/dashboard-page';

/** The panels are code-split: their first load in a test run can take a moment. */
const LOAD = { timeout: 10_000 };

const rmCalls = (api: ReturnType<typeof mockApi>) =>
  api.calls.filter((call) => call.path.startsWith('/api/content/rm-'));

const rmRoutes = {
  'GET /api/content/rm-own-book': buildBookReply([buildCustomer({ customer_id: 'BOOK-1' })]),
  'GET /api/content/rm-who-to-call': {
    status: 200,
    body: [buildWhoToCallItem({ customer_id: 'CALL-1' })],
  },
};

describe('Dashboard for an RM', () => {
  it('tells an RM on the free plan to purchase a subscription, without loading analytics', async () => {
    const api = mockApi({
      'GET /api/auth/check-user': checkUserReply(buildRmUser({ subscription: 'free' })),
    });
    renderApp('/dashboard', { token: TEST_TOKEN });

    expect(
      await screen.findByText('Purchase Subscription to access this page'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Subscription' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(rmCalls(api)).toHaveLength(0);
  });

  it('shows a pro RM the five panels as tabs, loading only the open one', async () => {
    mockViewport(DESKTOP_WIDTH);
    const api = mockApi({
      'GET /api/auth/check-user': checkUserReply(buildRmUser({ subscription: 'pro' })),
      ...rmRoutes,
    });
    const { user, router } = renderApp('/dashboard', { token: TEST_TOKEN });

    expect(
      await screen.findByRole('heading', { name: 'My Customer Book' }, LOAD),
    ).toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: 'RM analytics' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Customer Book', 'Who To Call', 'Priority Scores', 'Risk Ranking', 'Segments']);
    expect(within(tabs).getByRole('tab', { name: 'Customer Book' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByText('BOOK-1')).toBeInTheDocument();
    expect(rmCalls(api).map((call) => call.path)).toEqual(['/api/content/rm-own-book']);

    await user.click(within(tabs).getByRole('tab', { name: 'Who To Call' }));
    expect(await screen.findByText('CALL-1')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'My Customer Book' })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?panel=who-to-call');
  });

  it('switches panels with a select on mobile', async () => {
    mockViewport(MOBILE_WIDTH);
    mockApi({
      'GET /api/auth/check-user': checkUserReply(buildRmUser({ subscription: 'business' })),
      ...rmRoutes,
    });
    const { user } = renderApp('/dashboard', { token: TEST_TOKEN });
    await screen.findByRole('heading', { name: 'My Customer Book' }, LOAD);

    await user.click(screen.getByRole('textbox', { name: 'Analytics view' }));
    await user.click(await screen.findByRole('option', { name: 'Who To Call' }));
    expect(await screen.findByRole('heading', { name: 'Who To Call' })).toBeInTheDocument();
    expect(await screen.findByText('CALL-1')).toBeInTheDocument();
  });

  it('shows an admin on a paid plan the firm overview, not the RM panels', async () => {
    const api = mockApi({
      'GET /api/auth/check-user': checkUserReply(buildUser({ subscription: 'pro' })),
      'GET /api/content/firm-overview': { status: 200, body: buildFirmOverview() },
    });
    renderApp('/dashboard', { token: TEST_TOKEN });
    expect(
      await screen.findByText('Top Priority Customers', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(rmCalls(api)).toHaveLength(0);
  });
});

describe('Dashboard slots', () => {
  it.each([
    ['admin', 'Admin part'],
    ['compliance', 'Other roles part'],
    ['rm', 'RM panels'],
  ] as const)('shows a %s the part passed for that role', async (role, text) => {
    mockApi({
      'GET /api/auth/check-user': checkUserReply(buildRmUser({ role, subscription: 'business' })),
    });
    renderComponent(
      <DashboardPage
        rmAnalytics={<p>RM panels</p>}
        admin={<p>Admin part</p>}
        otherRoles={<p>Other roles part</p>}
      />,
    );
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getAllByText(/part|panels/)).toHaveLength(1);
  });
});

describe('Settings for an RM', () => {
  it('shows a pro RM the five panels', async () => {
    mockViewport(DESKTOP_WIDTH);
    mockApi({
      'GET /api/auth/check-user': checkUserReply(buildRmUser({ subscription: 'pro' })),
      ...rmRoutes,
    });
    renderApp('/settings', { token: TEST_TOKEN });
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'My Customer Book' }, LOAD),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('tab')).toHaveLength(5);
    expect(await screen.findByText('BOOK-1')).toBeInTheDocument();
  });

  it('leaves Settings to the settings page for an RM on the free plan', async () => {
    const api = mockApi({
      'GET /api/auth/check-user': checkUserReply(buildRmUser({ subscription: 'free' })),
    });
    renderApp('/settings', { token: TEST_TOKEN });
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(rmCalls(api)).toHaveLength(0);
  });
});
