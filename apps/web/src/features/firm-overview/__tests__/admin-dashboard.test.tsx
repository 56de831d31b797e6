import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildFirmOverview, colorOf } from '@/testing/admin-data';
import { buildUser } from '@/testing/data';
import { mockApi, type Handler } from '@/testing/mock-api';
import { findNavigation, renderComponent } from '@/testing/render-component';
import { AdminDashboard, UpgradeBlock } from '../components/admin-dashboard';

const OVERVIEW = 'GET /api/content/firm-overview';

function open(reply: Handler = { status: 200, body: buildFirmOverview() }) {
  const api = mockApi({ [OVERVIEW]: reply });
  const view = renderComponent(<AdminDashboard />, { user: buildUser({ subscription: 'pro' }) });
  return { ...view, api };
}

describe('AdminDashboard', () => {
  it('shows the customer counts and the charts', async () => {
    open();
    expect(await screen.findByText('Customers')).toBeInTheDocument();
    const card = (label: string) => screen.getByText(label).closest('.mantine-Paper-root')!;
    expect(card('Customers')).toHaveTextContent('60');
    expect(card('Assigned')).toHaveTextContent('20');
    expect(card('Assigned')).toHaveTextContent('33% of customers');
    expect(card('Unassigned')).toHaveTextContent('40');
    // Customers whose suitability profile raises a vulnerability flag (issue 28).
    expect(card('Awaiting review')).toHaveTextContent('3');
    expect(card('Awaiting review')).toHaveTextContent('A vulnerability flag is raised');
    expect(
      screen.getByRole('img', { name: 'Customers per RM: Jane Doe 20, Omar Ali 0' }),
    ).toBeVisible();
    expect(
      screen.getByRole('img', {
        name: 'Risk distribution: High Risk 12 (20%), Medium Risk 30 (50%), Low Risk 18 (30%)',
      }),
    ).toBeVisible();
    expect(
      screen.getByRole('img', { name: /^Customers per segment: Risk Averse 10/ }),
    ).toBeVisible();
  });

  it('lists the top priority customers with their RM or Not assigned, in the spec colours', async () => {
    open();
    const table = within(await screen.findByRole('table', { name: 'Top priority customers' }));
    const first = within(table.getByText('C-0001').closest('tr')!);
    expect(first.getByText('Jane Doe')).toBeInTheDocument();
    expect(colorOf(first.getByText('8.75'))).toBe('red');
    expect(colorOf(first.getByText('urgent'))).toBe('red');
    const second = within(table.getByText('C-0002').closest('tr')!);
    expect(second.getByText('Not assigned')).toBeInTheDocument();
    expect(colorOf(second.getByText('6.50'))).toBe('orange');
    expect(colorOf(second.getByText('medium'))).toBe('orange');
  });

  it('invites an upload when the firm has no customers', async () => {
    open({
      status: 200,
      body: buildFirmOverview({ total_customers: 0, assigned: 0, unassigned: 0, top_priority: [] }),
    });
    expect(await screen.findByText('No customers yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Datasets' })).toHaveAttribute(
      'href',
      '/datasets',
    );
  });

  it('says when the overview cannot be loaded, with the server message', async () => {
    open({
      status: 403,
      body: { message: 'Customer management is available on the Pro and Business plans.' },
    });
    expect(await screen.findByText('Failed to load the firm overview')).toBeInTheDocument();
    expect(
      screen.getByText('Customer management is available on the Pro and Business plans.'),
    ).toBeInTheDocument();
  });

  it('links to Manage Customers', async () => {
    const { user } = open();
    await user.click(await screen.findByRole('link', { name: 'Manage Customers' }));
    expect(await findNavigation('/settings/manageCustomers')).toBeInTheDocument();
  });
});

describe('UpgradeBlock', () => {
  it('sends the free admin to /subscription', async () => {
    mockApi({});
    const { user } = renderComponent(<UpgradeBlock />, { user: buildUser() });
    expect(
      screen.getByRole('heading', { name: 'Upgrade to unlock the admin dashboard' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Upgrade Now' }));
    expect(await findNavigation('/subscription')).toBeInTheDocument();
  });
});
