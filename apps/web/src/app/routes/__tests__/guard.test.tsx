import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEST_TOKEN, buildUser, checkUserReply } from '@/testing/data';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

describe('Route guards', () => {
  it.each(['/dashboard', '/datasets', '/settings', '/subscription', '/settings/manageCustomers'])(
    'sends a visitor without a token from %s to /',
    async (path) => {
      const api = mockApi({});
      const { router } = renderApp(path);
      expect(
        await screen.findByRole('link', { name: 'Create your free account' }),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/');
      expect(api.calls).toHaveLength(0);
    },
  );

  it.each([
    ['/dashboard', 'Dashboard'],
    ['/datasets', 'Your Datasets'],
    ['/settings', 'Settings'],
    ['/subscription', 'Subscription'],
    ['/settings/manageCustomers', 'Manage Customers'],
  ])('lets a signed-in user open %s', async (path, heading) => {
    mockApi({ 'GET /api/auth/check-user': checkUserReply(buildUser()) });
    renderApp(path, { token: TEST_TOKEN });
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
  });

  it('sends a signed-in visitor from the landing page to /dashboard', async () => {
    mockApi({ 'GET /api/auth/check-user': checkUserReply(buildUser()) });
    const { router } = renderApp('/', { token: TEST_TOKEN });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
