import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customersPage } from '@/testing/admin-data';
import { buildCustomerPage } from '@/testing/customer-page-data';
import { TEST_TOKEN, buildUser, checkUserReply } from '@/testing/data';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';
import { DESKTOP_WIDTH, mockViewport } from '@/testing/viewport';

describe('The customer page route', () => {
  it('opens /customers/:customerId for a signed-in admin', async () => {
    const api = mockApi({
      'GET /api/auth/check-user': checkUserReply(buildUser({ subscription: 'pro' })),
      'GET /api/content/customer/C%2010001': { status: 200, body: buildCustomerPage() },
    });
    renderApp('/customers/C%2010001', { token: TEST_TOKEN });
    expect(await screen.findByRole('heading', { name: 'Customer C 10001' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Recommended products' })).toBeVisible();
    expect(api.callsTo('GET', '/api/content/customer/C%2010001')).toHaveLength(1);
  });

  it.each([
    ['admin', true],
    ['view', false],
  ] as const)('shows customer ids on the lists to %s as links: %s', async (role, linked) => {
    mockViewport(DESKTOP_WIDTH);
    mockApi({
      'GET /api/auth/check-user': checkUserReply(buildUser({ role, subscription: 'pro' })),
      'GET /api/content/list-customers': { status: 200, body: customersPage(3, 1, 10) },
    });
    renderApp('/settings', { token: TEST_TOKEN });
    const table = within(await screen.findByRole('table', { name: 'Customer List' }));
    await table.findByText('C-0001');
    expect(table.queryByRole('link', { name: 'C-0001' }) !== null).toBe(linked);
  });
});
