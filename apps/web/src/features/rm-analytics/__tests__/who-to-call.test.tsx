import { TOAST_MS, type WhoToCallItem } from '@behavio/contract';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, pendingReply, type RecordedCall } from '@/testing/mock-api';
import { findNavigation, renderComponent } from '@/testing/render-component';
import { buildWhoToCallItem } from '@/testing/rm-data';
import { DESKTOP_WIDTH, MOBILE_WIDTH, mockViewport } from '@/testing/viewport';
import { WhoToCallPanel } from '../components/who-to-call-panel';
import { snoozeUntil } from '../utils/snooze';
import { expectErrorAlert, expectToast } from './helpers';

const LIST = '/api/content/rm-who-to-call';
const OUTCOME = '/api/content/rm-call-outcome';

const items = [
  buildWhoToCallItem({
    customer_id: 'CUST-001',
    country_iso: 'GBR',
    age: 34,
    risk_profile: 9,
    urgency_level: 'urgent',
    priority_score: 8.64,
    recommended_products: [
      { product_id: 'p-1', name: 'Margin Offset Saver', category: 'savings', fit_score: 91 },
      {
        product_id: 'p-2',
        name: 'Managed Portfolio Service',
        category: 'investment',
        fit_score: 70,
      },
    ],
  }),
  buildWhoToCallItem({
    customer_id: 'CUST-002',
    country_iso: 'DEU',
    age: 51,
    risk_profile: 5,
    urgency_level: 'high',
    priority_score: 6.2,
    recommended_action: 'Book a portfolio review and rebalance to the agreed allocation',
    why: 'Your portfolio has not been reviewed for a while: no trade in 400 days.',
  }),
  buildWhoToCallItem({
    customer_id: 'X-300',
    country_iso: 'FRA',
    age: 62,
    risk_profile: 2,
    urgency_level: 'medium',
    priority_score: 4.01,
  }),
];

const stat = (label: string) => screen.getByRole('group', { name: label });
const rowOf = (id: string) => screen.getByRole('link', { name: id }).closest('tr')!;

/**
 * The list as the server answers it: `all` is every customer with their call_state, `today`
 * those who need a call (docs/product-rules.md, "Today's call list"); an outcome sets the state,
 * an Undo clears it.
 */
function listWithOutcomes(book: WhoToCallItem[] = items) {
  const states = new Map<string, WhoToCallItem['call_state']>();
  const withState = () =>
    book.map((item) => ({ ...item, call_state: states.get(item.customer_id) ?? null }));
  const api = mockApi({
    [`GET ${LIST}`]: (call: RecordedCall) => ({
      status: 200,
      body:
        call.query?.get('scope') === 'today'
          ? withState().filter((item) => item.call_state === null)
          : withState(),
    }),
    [`POST ${OUTCOME}`]: (call: RecordedCall) => {
      const body = call.body as { customer_id: string; outcome: string; snooze_until?: string };
      states.set(
        body.customer_id,
        body.outcome === 'reopened' ? null : (body.outcome as WhoToCallItem['call_state']),
      );
      return {
        status: 201,
        body: {
          message: 'Outcome recorded',
          customer_id: body.customer_id,
          outcome: body.outcome,
          snooze_until: body.snooze_until ?? null,
          recorded_at: '2025-03-14T12:00:00.000Z',
        },
      };
    },
  });
  return api;
}

const scopesAsked = (api: ReturnType<typeof mockApi>) =>
  api
    .callsTo('GET', LIST)
    .map((call) => call.query?.get('scope'))
    .sort();

describe('Who To Call', () => {
  it('shows "Loading recommendations..." while the list loads', async () => {
    mockApi({ [`GET ${LIST}`]: pendingReply });
    renderComponent(<WhoToCallPanel />);
    expect(await screen.findByText('Loading recommendations...')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Who To Call' })).toBeInTheDocument();
    expect(
      screen.getByText('AI-prioritized list of customers to reach out to today'),
    ).toBeInTheDocument();
  });

  it('shows the stats and the Priority Call List on desktop', async () => {
    mockViewport(DESKTOP_WIDTH);
    mockApi({ [`GET ${LIST}`]: { status: 200, body: items } });
    const { user } = renderComponent(<WhoToCallPanel />);

    expect(await screen.findByRole('heading', { name: 'Priority Call List' })).toBeInTheDocument();
    expect(within(stat('Total Customers')).getByText('3')).toBeInTheDocument();
    // (8.64 + 6.2 + 4.01) / 3 = 6.2833 → two decimals.
    expect(within(stat('Avg Priority')).getByText('6.28')).toBeInTheDocument();
    // urgent + high.
    expect(within(stat('High Urgency')).getByText('2')).toBeInTheDocument();

    const headers = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers.slice(0, 7)).toEqual([
      'Customer ID',
      'Urgency',
      'Priority',
      'Country',
      'Age',
      'Risk',
      'Action',
    ]);

    const row = rowOf('CUST-001');
    expect(within(row).getByText('urgent')).toBeInTheDocument();
    // The bar is at 10x the score.
    expect(within(row).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '86');
    expect(within(row).getByText('8.64')).toBeInTheDocument();
    expect(within(row).getByText('Very High')).toBeInTheDocument();
    expect(within(row).getByText('GBR')).toBeInTheDocument();
    expect(within(row).getByText('34')).toBeInTheDocument();
    expect(within(row).getByText(items[0]!.recommended_action)).toBeInTheDocument();
    // The why is on the row, and the score explains itself on hover.
    expect(within(row).getByText(`Why: ${items[0]!.why}`)).toBeInTheDocument();
    await user.hover(within(row).getByRole('button', { name: 'Priority 8.64 out of 10' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(items[0]!.why);
  });

  it('marks a customer awaiting a suitability review with a Needs review badge', async () => {
    mockViewport(DESKTOP_WIDTH);
    const flagged = items.map((item, i) => ({ ...item, needs_review: i === 1 }));
    mockApi({ [`GET ${LIST}`]: { status: 200, body: flagged } });
    renderComponent(<WhoToCallPanel />);
    await screen.findByRole('table');
    expect(within(rowOf('CUST-002')).getByText('Needs review')).toBeInTheDocument();
    expect(within(rowOf('CUST-001')).queryByText('Needs review')).not.toBeInTheDocument();
  });

  it('shows the recommended action in a tooltip', async () => {
    mockViewport(DESKTOP_WIDTH);
    mockApi({ [`GET ${LIST}`]: { status: 200, body: items } });
    const { user } = renderComponent(<WhoToCallPanel />);
    await screen.findByRole('table');
    await user.hover(within(rowOf('CUST-002')).getByText(items[1]!.recommended_action));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(items[1]!.recommended_action);
  });

  it('shows cards with the why and labelled actions on mobile', async () => {
    mockViewport(MOBILE_WIDTH);
    mockApi({ [`GET ${LIST}`]: { status: 200, body: items } });
    renderComponent(<WhoToCallPanel />);
    const cards = within(
      await screen.findByRole('list', { name: 'Priority call list' }),
    ).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(within(cards[1]!).getByText(`Why: ${items[1]!.why}`)).toBeInTheDocument();
    expect(
      within(cards[1]!).getByRole('button', { name: 'Mark called CUST-002' }),
    ).toHaveTextContent('Mark called');
    expect(within(cards[1]!).getByRole('button', { name: 'Snooze CUST-002' })).toBeInTheDocument();
    expect(within(cards[1]!).getByRole('button', { name: 'Dismiss CUST-002' })).toBeInTheDocument();
  });

  it('searches customer id or country and clears the search', async () => {
    mockApi({ [`GET ${LIST}`]: { status: 200, body: items } });
    const { user } = renderComponent(<WhoToCallPanel />);
    await screen.findByText('3 of 3');
    const search = screen.getByPlaceholderText('Search by Customer ID or Country...');
    await user.type(search, 'deu');
    expect(screen.getByText('1 of 3')).toBeInTheDocument();
    expect(screen.getByText('CUST-002')).toBeInTheDocument();
    expect(screen.queryByText('CUST-001')).not.toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'nobody');
    expect(screen.getByText('No customers found matching "nobody"')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(screen.getByText('3 of 3')).toBeInTheDocument();
  });

  it('says when there is nobody to call', async () => {
    mockApi({ [`GET ${LIST}`]: { status: 200, body: [] } });
    renderComponent(<WhoToCallPanel />);
    expect(await screen.findByText('No customers to call at this time')).toBeInTheDocument();
  });

  it('shows "Failed to fetch call recommendations" in an alert and a 4 s toast', async () => {
    const show = vi.spyOn(notifications, 'show');
    mockApi({ [`GET ${LIST}`]: { status: 500, body: { message: 'Database down' } } });
    renderComponent(<WhoToCallPanel />);
    await expectErrorAlert('Failed to fetch call recommendations');
    await expectToast('Failed to fetch call recommendations');
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({
        message: 'Failed to fetch call recommendations',
        autoClose: TOAST_MS.listError,
      }),
    );
    expect(screen.queryByText('Database down')).not.toBeInTheDocument();
  });

  /** The desktop list with CUST-002 marked called (the list answers what is left). */
  async function markCUST002Called() {
    mockViewport(DESKTOP_WIDTH);
    const api = listWithOutcomes();
    const { user } = renderComponent(<WhoToCallPanel />);
    await screen.findByText('3 of 3');
    await user.click(screen.getByRole('button', { name: 'Mark called CUST-002' }));
    expect(await screen.findByText('2 of 2')).toBeInTheDocument();
    return { api, user };
  }

  it('Mark called posts the outcome and refetches the lists', async () => {
    const { api } = await markCUST002Called();
    expect(api.callsTo('POST', OUTCOME).map((call) => call.body)).toEqual([
      { customer_id: 'CUST-002', outcome: 'called' },
    ]);
    expect(scopesAsked(api)).toEqual(['all', 'all', 'today', 'today']);
    expect(screen.queryByText('CUST-002')).not.toBeInTheDocument();
    await expectToast('Customer CUST-002 marked as called.');
  });

  it("asks for today's list, and counts the whole book in the stats as every tab does", async () => {
    mockViewport(DESKTOP_WIDTH);
    const api = mockApi({
      [`GET ${LIST}`]: (call: RecordedCall) => ({
        status: 200,
        body: call.query?.get('scope') === 'today' ? items.slice(0, 2) : items,
      }),
    });
    renderComponent(<WhoToCallPanel />);
    expect(await screen.findByText('2 of 2')).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'X-300' })).toBeNull();
    await waitFor(() => expect(within(stat('Total Customers')).getByText('3')).toBeInTheDocument());
    expect(within(stat('High Urgency')).getByText('2')).toBeInTheDocument();
    expect(screen.getByText(/^2 to call today of the 3 in your book/)).toBeInTheDocument();
    expect(scopesAsked(api)).toEqual(['all', 'today']);
  });

  it('Show all shows the called customer with the badge, and the stats do not move', async () => {
    const { user } = await markCUST002Called();
    expect(within(stat('Total Customers')).getByText('3')).toBeInTheDocument();
    expect(within(stat('High Urgency')).getByText('2')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Show all' }));
    expect(await screen.findByText('3 of 3')).toBeInTheDocument();
    expect(within(rowOf('CUST-002')).getByText('Called')).toBeInTheDocument();
    expect(within(rowOf('CUST-001')).queryByText('Called')).toBeNull();
    expect(within(stat('Total Customers')).getByText('3')).toBeInTheDocument();
    expect(screen.getByText('Every customer in your book, most urgent first.')).toBeInTheDocument();
  });

  it('Undo in the toast puts the customer back on the list', async () => {
    const { api, user } = await markCUST002Called();
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'CUST-002' })).toBeInTheDocument();
    expect(api.callsTo('POST', OUTCOME).map((call) => call.body)).toEqual([
      { customer_id: 'CUST-002', outcome: 'called' },
      { customer_id: 'CUST-002', outcome: 'reopened' },
    ]);
    await expectToast('Customer CUST-002 is back on the call list.');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull());
  });

  it('Snooze sends the chosen date', async () => {
    mockViewport(DESKTOP_WIDTH);
    const api = listWithOutcomes();
    const { user } = renderComponent(<WhoToCallPanel />);
    await screen.findByText('3 of 3');

    await user.click(screen.getByRole('button', { name: 'Snooze CUST-001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Snooze CUST-001' });
    await user.click(within(dialog).getByRole('button', { name: 'Snooze' }));
    expect(
      within(dialog).getByText('Choose the date until which to snooze this customer'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', OUTCOME)).toHaveLength(0);

    await user.click(within(dialog).getByRole('textbox', { name: /Snooze until/ }));
    await user.click(await within(dialog).findByRole('option', { name: /^1 week/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Snooze' }));

    expect(await screen.findByText('2 of 2')).toBeInTheDocument();
    expect(api.callsTo('POST', OUTCOME)[0]?.body).toEqual({
      customer_id: 'CUST-001',
      outcome: 'snoozed',
      snooze_until: snoozeUntil(7),
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Snooze CUST-001' })).not.toBeInTheDocument(),
    );
  });

  it('Dismiss asks for a reason before posting', async () => {
    mockViewport(DESKTOP_WIDTH);
    const api = listWithOutcomes();
    const { user } = renderComponent(<WhoToCallPanel />);
    await screen.findByText('3 of 3');

    await user.click(screen.getByRole('button', { name: 'Dismiss X-300' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss X-300' });
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    await user.type(reason, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(
      await within(dialog).findByText('Give a reason for dismissing this customer'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', OUTCOME)).toHaveLength(0);

    await user.type(reason, 'Spoke to them last week ');
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('2 of 2')).toBeInTheDocument();
    expect(api.callsTo('POST', OUTCOME)[0]?.body).toEqual({
      customer_id: 'X-300',
      outcome: 'dismissed',
      reason: 'Spoke to them last week',
    });
  });

  it('shows the server message when an outcome cannot be recorded', async () => {
    mockViewport(DESKTOP_WIDTH);
    const api = mockApi({
      [`GET ${LIST}`]: { status: 200, body: items },
      [`POST ${OUTCOME}`]: { status: 404, body: { message: 'Customer not found in your book' } },
    });
    const { user } = renderComponent(<WhoToCallPanel />);
    await screen.findByText('3 of 3');
    await user.click(screen.getByRole('button', { name: 'Mark called CUST-001' }));
    await expectToast('Customer not found in your book');
    expect(scopesAsked(api)).toEqual(['all', 'today']);
    expect(screen.getByText('3 of 3')).toBeInTheDocument();
  });

  it('shows a field error the server answers for the reason', async () => {
    mockViewport(DESKTOP_WIDTH);
    mockApi({
      [`GET ${LIST}`]: { status: 200, body: items },
      [`POST ${OUTCOME}`]: {
        status: 400,
        body: {
          message: 'Please check your input and try again.',
          errors: [{ path: 'reason', msg: 'The reason is too long' }],
        },
      },
    });
    const { user } = renderComponent(<WhoToCallPanel />);
    await screen.findByText('3 of 3');
    await user.click(screen.getByRole('button', { name: 'Dismiss X-300' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss X-300' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'No need');
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(await within(dialog).findByText('The reason is too long')).toBeInTheDocument();
  });

  it.each([
    ['desktop', DESKTOP_WIDTH],
    ['phone', MOBILE_WIDTH],
  ])(
    'shows the top product beside the action and links each id to its page on %s',
    async (_name, width) => {
      mockViewport(width);
      mockApi({ [`GET ${LIST}`]: { status: 200, body: items } });
      const { user } = renderComponent(<WhoToCallPanel />);
      const top = await screen.findByRole('group', { name: 'Top product: Margin Offset Saver' });
      expect(top).toHaveTextContent('Savings');
      // The best product only, and nothing for a customer with none.
      expect(screen.queryByText('Managed Portfolio Service')).toBeNull();
      expect(screen.getAllByRole('group', { name: /^Top product/ })).toHaveLength(1);

      const link = screen.getByRole('link', { name: 'CUST-002' });
      expect(link).toHaveAttribute('href', '/customers/CUST-002');
      link.focus();
      await user.keyboard('{Enter}');
      expect(await findNavigation('/customers/CUST-002')).toBeInTheDocument();
    },
  );
});
