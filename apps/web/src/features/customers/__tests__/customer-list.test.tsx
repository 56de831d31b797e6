import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildCustomer, colorOf, customersPage } from '@/testing/admin-data';
import { buildUser } from '@/testing/data';
import { mockApiWithQuery, type QueryHandler } from '@/testing/mock-api-query';
import { findNavigation, findNotification, renderComponent } from '@/testing/render-component';
import { DESKTOP_WIDTH, MOBILE_WIDTH, mockViewport } from '@/testing/viewport';
import { SettingsCustomerList } from '../components/customer-list';

const LIST = 'GET /api/content/list-customers';

function open(reply: QueryHandler) {
  const api = mockApiWithQuery({ [LIST]: reply });
  const view = renderComponent(<SettingsCustomerList />, {
    user: buildUser({ subscription: 'pro' }),
  });
  return { ...view, api };
}

const table = async () => within(await screen.findByRole('table', { name: 'Customer List' }));

describe('Settings customer list', () => {
  beforeEach(() => mockViewport(DESKTOP_WIDTH));

  it('shows the first 7 as cards on a phone, where the table would scroll sideways', async () => {
    mockViewport(MOBILE_WIDTH);
    open({ status: 200, body: customersPage(60, 1, 10) });
    const list = within(await screen.findByRole('list', { name: 'Customer List' }));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = list.getAllByRole('listitem');
    expect(cards).toHaveLength(7);
    expect(cards[0]).toHaveTextContent('C-0001');
    expect(list.queryByText('C-0008')).not.toBeInTheDocument();
    expect(screen.getByText('60 total')).toBeInTheDocument();
  });

  it('asks for page 1 of 10 and shows 7 rows, then an ellipsis row', async () => {
    const { api } = open({ status: 200, body: customersPage(60, 1, 10) });
    const list = await table();
    const rows = list.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(8);
    expect(rows.slice(0, 7).map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(
      ['C-0001', 'C-0002', 'C-0003', 'C-0004', 'C-0005', 'C-0006', 'C-0007'],
    );
    expect(rows[7]).toHaveTextContent('...');
    expect(list.queryByText('C-0008')).not.toBeInTheDocument();
    const [call] = api.queryCalls('GET', '/api/content/list-customers');
    expect(call!.query.get('page')).toBe('1');
    expect(call!.query.get('page_size')).toBe('10');
  });

  it('shows every row and no ellipsis when there are 7 or fewer', async () => {
    open({ status: 200, body: customersPage(7, 1, 10) });
    const list = await table();
    expect(list.getAllByRole('row')).toHaveLength(8);
    expect(list.queryByText('...')).not.toBeInTheDocument();
  });

  it('shows the columns, the short date and the risk colours', async () => {
    open({
      status: 200,
      body: {
        customers: [
          buildCustomer({
            customer_id: 'C-HI',
            risk_profile: 9,
            created_at: '2025-01-05T09:30:00Z',
          }),
          buildCustomer({ customer_id: 'C-MID', risk_profile: 6 }),
          buildCustomer({ customer_id: 'C-LO', risk_profile: 3 }),
        ],
        pagination: { page: 1, page_size: 10, total_count: 3, total_pages: 1 },
      },
    });
    const list = await table();
    expect(list.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Customer ID',
      'Country',
      'Age',
      'Risk Profile',
      'Created At',
    ]);
    const first = within(list.getByText('C-HI').closest('tr')!);
    expect(first.getByText('Jan 5, 2025')).toBeInTheDocument();
    expect(colorOf(first.getByText('9'))).toBe('red');
    expect(colorOf(within(list.getByText('C-MID').closest('tr')!).getByText('6'))).toBe('orange');
    expect(colorOf(within(list.getByText('C-LO').closest('tr')!).getByText('3'))).toBe('green');
  });

  it("shows 'No customers found.' for an empty firm", async () => {
    open({ status: 200, body: customersPage(0, 1, 10) });
    expect(await screen.findByText('No customers found.')).toBeInTheDocument();
  });

  it("raises 'Error fetching customers' with the server message or the fallback", async () => {
    open({ status: 500 });
    const toast = await findNotification('Error fetching customers');
    expect(within(toast).getByText('Something went wrong')).toBeInTheDocument();
  });

  it('goes to Manage Customers', async () => {
    const { user } = open({ status: 200, body: customersPage(3, 1, 10) });
    await user.click(screen.getByRole('link', { name: 'Manage Customers' }));
    expect(await findNavigation('/settings/manageCustomers')).toBeInTheDocument();
  });
});
