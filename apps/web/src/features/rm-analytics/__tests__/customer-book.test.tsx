import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, pendingReply } from '@/testing/mock-api';
import { findNavigation, renderComponent } from '@/testing/render-component';
import { buildBookCustomer, buildBookReply, buildCustomer } from '@/testing/rm-data';
import { DESKTOP_WIDTH, MOBILE_WIDTH, mockViewport } from '@/testing/viewport';
import {
  CustomerBookPanel,
  EMPTY_BOOK_HINT,
  HIGH_RISK_HELP,
} from '../components/customer-book-panel';
import { expectErrorAlert, expectToast } from './helpers';

const BOOK = '/api/content/rm-own-book';

const customers = [
  buildBookCustomer({
    customer_id: 'CUST-001',
    country_iso: 'GBR',
    age: 34,
    risk_profile: 8,
    created_at: '2025-03-14T12:00:00.000Z',
    recommended_products: [
      { product_id: 'p-1', name: 'Easy Access Saver', category: 'savings', fit_score: 82 },
      {
        product_id: 'p-2',
        name: 'Managed Portfolio Service',
        category: 'investment',
        fit_score: 60,
      },
    ],
  }),
  buildCustomer({ customer_id: 'CUST-002', country_iso: 'DEU', age: 51, risk_profile: 7 }),
  buildCustomer({ customer_id: 'X-300', country_iso: 'gbr', age: 62, risk_profile: 2 }),
];

const stat = (label: string) => screen.getByRole('group', { name: label });

describe('My Customer Book', () => {
  it('shows a loading state while the book loads', async () => {
    mockApi({ [`GET ${BOOK}`]: pendingReply });
    renderComponent(<CustomerBookPanel />);
    expect(await screen.findByRole('status', { name: 'Loading your customer book' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'My Customer Book' })).toBeInTheDocument();
  });

  it('does not load without a token', () => {
    const api = mockApi({ [`GET ${BOOK}`]: buildBookReply(customers) });
    renderComponent(<CustomerBookPanel />, { token: null });
    expect(api.calls).toHaveLength(0);
  });

  it('shows the stats and the directory as a table on desktop', async () => {
    mockViewport(DESKTOP_WIDTH);
    const api = mockApi({ [`GET ${BOOK}`]: buildBookReply(customers) });
    renderComponent(<CustomerBookPanel />);

    expect(await screen.findByRole('heading', { name: 'Customer Directory' })).toBeInTheDocument();
    expect(within(stat('Total Customers')).getByText('3')).toBeInTheDocument();
    // (8 + 7 + 2) / 3 = 5.67 → one decimal, out of 10.
    expect(within(stat('Avg Risk')).getByText('5.7')).toBeInTheDocument();
    expect(within(stat('Avg Risk')).getByText('/ 10')).toBeInTheDocument();
    // risk_profile 7 or more.
    expect(within(stat('High Risk')).getByText('2')).toBeInTheDocument();
    expect(screen.getByText('3 of 3')).toBeInTheDocument();

    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Customer ID', 'Country', 'Age', 'Risk Profile', 'Created Date', 'Top Product']);
    const [, first, second] = within(table).getAllByRole('row');
    // The top product beside the customer: its name and category; nothing without one.
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['CUST-001', 'GBR', '34', '8', 'Mar 14, 2025', 'Easy Access SaverSavings']);
    expect(within(first!).queryByText('Managed Portfolio Service')).toBeNull();
    expect(within(second!).getAllByRole('cell').at(-1)).toBeEmptyDOMElement();
    expect(api.calls[0]?.headers.authorization).toBe('Bearer test-token');
  });

  it('shows cards on mobile', async () => {
    mockViewport(MOBILE_WIDTH);
    mockApi({ [`GET ${BOOK}`]: buildBookReply(customers) });
    renderComponent(<CustomerBookPanel />);

    const list = await screen.findByRole('list', { name: 'Customers' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).getByText('CUST-001')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('GBR · Age 34')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Created Mar 14, 2025')).toBeInTheDocument();
    expect(
      within(cards[0]!).getByRole('group', { name: 'Top product: Easy Access Saver' }),
    ).toHaveTextContent('Savings');
    expect(within(cards[1]!).queryByRole('group', { name: /Top product/ })).toBeNull();
  });

  it.each([
    ['desktop', DESKTOP_WIDTH],
    ['phone', MOBILE_WIDTH],
  ])('links each customer id to its page on %s', async (_name, width) => {
    mockViewport(width);
    mockApi({ [`GET ${BOOK}`]: buildBookReply(customers) });
    const { user } = renderComponent(<CustomerBookPanel />);
    const link = await screen.findByRole('link', { name: 'X-300' });
    expect(link).toHaveAttribute('href', '/customers/X-300');
    await user.click(link);
    expect(await findNavigation('/customers/X-300')).toBeInTheDocument();
  });

  it.each([
    [MOBILE_WIDTH, 20, 'listitem'],
    [DESKTOP_WIDTH, 100, 'row'],
  ])(
    'at %i px renders a 665-customer book %i customers at a time (%s), then more on demand',
    async (width, step, role) => {
      mockViewport(width);
      const book = Array.from({ length: 665 }, (_, i) =>
        buildCustomer({ customer_id: `C-${String(100001 + i)}` }),
      );
      mockApi({ [`GET ${BOOK}`]: buildBookReply(book) });
      const { user } = renderComponent(<CustomerBookPanel />);
      const more = await screen.findByRole('button', { name: `Show more (${665 - step} more)` });
      // Table rows include the header row.
      const rendered = () => screen.getAllByRole(role).length - (role === 'row' ? 1 : 0);
      expect(rendered()).toBe(step);
      await user.click(more);
      expect(rendered()).toBe(2 * step);
    },
  );

  it('searches customer id or country, case-insensitively, and clears the search', async () => {
    mockViewport(DESKTOP_WIDTH);
    mockApi({ [`GET ${BOOK}`]: buildBookReply(customers) });
    const { user } = renderComponent(<CustomerBookPanel />);
    await screen.findByRole('table');

    const search = screen.getByPlaceholderText('Search by Customer ID or Country...');
    await user.type(search, 'gBr');
    expect(screen.getByText('2 of 3')).toBeInTheDocument();
    expect(screen.getByText('CUST-001')).toBeInTheDocument();
    expect(screen.getByText('X-300')).toBeInTheDocument();
    expect(screen.queryByText('CUST-002')).not.toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'cust-00');
    expect(screen.getByText('2 of 3')).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'zzz');
    expect(screen.getByText('No customers found matching "zzz"')).toBeInTheDocument();
    expect(screen.getByText('0 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(search).toHaveValue('');
    expect(screen.getByText('3 of 3')).toBeInTheDocument();
  });

  it('says when the book is empty', async () => {
    mockApi({ [`GET ${BOOK}`]: buildBookReply([]) });
    renderComponent(<CustomerBookPanel />);
    expect(await screen.findByText('No customers in your book yet')).toBeInTheDocument();
    expect(screen.getByText(EMPTY_BOOK_HINT)).toBeInTheDocument();
    expect(
      within(stat('High Risk')).getByRole('img', { name: HIGH_RISK_HELP }),
    ).toBeInTheDocument();
    expect(within(stat('Total Customers')).getByText('0')).toBeInTheDocument();
    expect(within(stat('Avg Risk')).getByText('–')).toBeInTheDocument();
  });

  it('shows the server message in an Error! alert and a toast', async () => {
    mockApi({
      [`GET ${BOOK}`]: {
        status: 403,
        body: { message: 'Purchase Subscription to access this page' },
      },
    });
    renderComponent(<CustomerBookPanel />);
    await expectErrorAlert('Purchase Subscription to access this page');
    await expectToast('Purchase Subscription to access this page');
  });

  it('falls back to "Failed to fetch customer book"', async () => {
    mockApi({ [`GET ${BOOK}`]: 'network-error' });
    renderComponent(<CustomerBookPanel />);
    await expectErrorAlert('Failed to fetch customer book');
    await expectToast('Failed to fetch customer book');
  });

  it('reloads with Refresh Data', async () => {
    let answer = [customers[0]!];
    const api = mockApi({ [`GET ${BOOK}`]: () => buildBookReply(answer) });
    const { user } = renderComponent(<CustomerBookPanel />);
    expect(await screen.findByText('1 of 1')).toBeInTheDocument();

    answer = customers;
    await user.click(screen.getByRole('button', { name: 'Refresh Data' }));
    expect(await screen.findByText('3 of 3')).toBeInTheDocument();
    expect(api.callsTo('GET', BOOK)).toHaveLength(2);
  });
});
