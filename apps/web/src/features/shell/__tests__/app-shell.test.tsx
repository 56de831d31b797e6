import { STORAGE_KEYS } from '@behavio/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEST_TOKEN, buildUser, checkUserReply } from '@/testing/data';
import { mockApi, pendingReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

/** The sidebar and the bottom bar are both in the DOM; CSS shows one per screen width. */
function navLabels() {
  return screen.getAllByRole('navigation', { name: 'Main' }).map((nav) =>
    within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent),
  );
}

describe('Authenticated shell', () => {
  it('shows the loading screen while the user loads', async () => {
    mockApi({ 'GET /api/auth/check-user': pendingReply });
    renderApp('/dashboard', { token: TEST_TOKEN });
    expect(await screen.findByText('Preparing your personalized insights...')).toBeInTheDocument();
  });

  it('shows Dashboard, Datasets, Products, Settings and Subscription to an admin, and API keys in the sidebar', async () => {
    mockApi({ 'GET /api/auth/check-user': checkUserReply(buildUser({ role: 'admin' })) });
    renderApp('/dashboard', { token: TEST_TOKEN });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    const expected = ['Dashboard', 'Datasets', 'Products', 'Settings', 'Subscription'];
    expect(navLabels()).toEqual([[...expected, 'API keys'], expected]);
  });

  it('opens API keys from the admin’s sidebar', async () => {
    mockApi({
      'GET /api/auth/check-user': checkUserReply(buildUser({ role: 'admin' })),
      'GET /api/keys': { body: { keys: [] } },
    });
    const { user, router } = renderApp('/dashboard', { token: TEST_TOKEN });
    await screen.findByRole('heading', { name: 'Dashboard' });
    const [sidebar] = screen.getAllByRole('navigation', { name: 'Main' });
    await user.click(within(sidebar!).getByRole('link', { name: 'API keys' }));
    expect(await screen.findByRole('heading', { name: 'API keys' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/api-keys');
    expect(await screen.findByText(/No API keys yet/)).toBeInTheDocument();
  });

  it('gives API keys to no other role', async () => {
    for (const role of ['rm', 'head', 'compliance', 'view'] as const) {
      const { unmount } = (() => {
        mockApi({ 'GET /api/auth/check-user': checkUserReply(buildUser({ role })) });
        return renderApp('/dashboard', { token: TEST_TOKEN });
      })();
      await screen.findByRole('heading', { name: 'Dashboard' });
      expect(screen.queryByRole('link', { name: 'API keys' }), role).not.toBeInTheDocument();
      unmount();
    }
  });

  it('hides Settings from an rm', async () => {
    mockApi({ 'GET /api/auth/check-user': checkUserReply(buildUser({ role: 'rm' })) });
    renderApp('/dashboard', { token: TEST_TOKEN });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    const expected = ['Dashboard', 'Datasets', 'Products', 'Subscription'];
    expect(navLabels()).toEqual([expected, expected]);
    expect(screen.queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
  });

  it('shows the alerts bell with the unread count in the sidebar and in the phone bar, and opens the alert list', async () => {
    mockApi({
      'GET /api/auth/check-user': checkUserReply(buildUser({ role: 'rm' })),
      'GET /api/alerts': { body: { alerts: [], unread_count: 4 } },
    });
    // A customer page (this one answers 404): the bell is on every screen of the shell.
    const { user, router } = renderApp('/customers/C-10001', { token: TEST_TOKEN });
    await screen.findByRole('heading', { name: 'Customer C-10001' });
    const [sidebar, phoneBar] = screen.getAllByRole('navigation', { name: 'Main' });
    const sidebarBell = await within(sidebar!).findByRole('button', { name: 'Alerts 4 unread' });
    expect(sidebarBell).toHaveTextContent('4');
    expect(within(phoneBar!).getByRole('button', { name: 'Alerts 4 unread' })).toHaveTextContent(
      '4',
    );
    await user.click(sidebarBell);
    await user.click(screen.getByRole('link', { name: 'View all alerts' }));
    expect(await screen.findByRole('heading', { name: 'Alerts', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/alerts');
  });

  it('shows only the upload screen while the user has no file', async () => {
    mockApi({ 'GET /api/auth/check-user': checkUserReply(buildUser({ noOfFileUploads: 0 })) });
    renderApp('/datasets', { token: TEST_TOKEN });
    expect(
      await screen.findByRole('heading', { name: 'Upload your customers file' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your Datasets' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('lets an admin without a file reach API keys from the upload screen', async () => {
    mockApi({
      'GET /api/auth/check-user': checkUserReply(buildUser({ role: 'admin', noOfFileUploads: 0 })),
      'GET /api/keys': { body: { keys: [] } },
    });
    const { user, router } = renderApp('/datasets', { token: TEST_TOKEN });
    await screen.findByRole('heading', { name: 'Upload your customers file' });
    await user.click(screen.getByRole('link', { name: 'create an API key' }));
    expect(await screen.findByRole('heading', { name: 'API keys' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/api-keys');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('moves between pages with the navigation', async () => {
    mockApi({ 'GET /api/auth/check-user': checkUserReply(buildUser()) });
    const { user, router } = renderApp('/dashboard', { token: TEST_TOKEN });
    await screen.findByRole('heading', { name: 'Dashboard' });
    const [sidebar] = screen.getAllByRole('navigation', { name: 'Main' });
    await user.click(within(sidebar!).getByRole('link', { name: 'Datasets' }));
    expect(await screen.findByRole('heading', { name: 'Your Datasets' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/datasets');
  });

  it('Logout ends the session on the server, clears it here and returns to /', async () => {
    const api = mockApi({
      'GET /api/auth/check-user': checkUserReply(buildUser()),
      'POST /api/auth/logout': { body: { message: 'Logged out' } },
    });
    window.localStorage.setItem(STORAGE_KEYS.unlockedFeatures, '{"freeRoute1":true}');
    window.localStorage.setItem(STORAGE_KEYS.featureDataCache, '{"freeRoute1":{"userId":"u"}}');
    const { user, router } = renderApp('/dashboard', { token: TEST_TOKEN });
    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(
      await screen.findByRole('link', { name: 'Create your free account' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
    for (const key of Object.values(STORAGE_KEYS)) {
      expect(window.localStorage.getItem(key)).toBeNull();
    }
    const [logout] = api.callsTo('POST', '/api/auth/logout');
    expect(logout?.headers.authorization).toBe(`Bearer ${TEST_TOKEN}`);
  });

  it('Logout still signs out when the server cannot be reached', async () => {
    mockApi({
      'GET /api/auth/check-user': checkUserReply(buildUser()),
      'POST /api/auth/logout': 'network-error',
    });
    const { user, router } = renderApp('/dashboard', { token: TEST_TOKEN });
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(
      await screen.findByRole('link', { name: 'Create your free account' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('logs out when check-user answers 420', async () => {
    mockApi({ 'GET /api/auth/check-user': { status: 420, body: { message: 'Invalid token' } } });
    window.localStorage.setItem(STORAGE_KEYS.unlockedFeatures, '{"freeRoute1":true}');
    const { router } = renderApp('/settings', { token: TEST_TOKEN });

    expect(
      await screen.findByRole('link', { name: 'Create your free account' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.unlockedFeatures)).toBeNull();
  });

  it('offers a retry when the user cannot be loaded', async () => {
    let calls = 0;
    mockApi({
      'GET /api/auth/check-user': () => {
        calls += 1;
        return calls === 1 ? 'network-error' : checkUserReply(buildUser());
      },
    });
    const { user } = renderApp('/dashboard', { token: TEST_TOKEN });
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });
});
