import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApiWithQuery, type RecordedQueryCall } from '@/testing/mock-api-query';
import { renderComponent } from '@/testing/render-component';
import { buildCustomer, buildWhoToCallItem } from '@/testing/rm-data';
import { DESKTOP_WIDTH, MOBILE_WIDTH, mockViewport } from '@/testing/viewport';
import { CustomerBookPanel } from '../components/customer-book-panel';
import { WhoToCallPanel } from '../components/who-to-call-panel';

/*
 * The list tools on the RM lists (issue 20): the view (sort, filters) lives in the address and
 * goes to the server, which sorts and filters; the export asks for the same view.
 */

const LIST = '/api/content/rm-who-to-call';
const items = [
  buildWhoToCallItem({ customer_id: 'A-1', urgency_level: 'urgent', priority_score: 8.1, age: 40 }),
  buildWhoToCallItem({ customer_id: 'B-2', urgency_level: 'high', priority_score: 6.5, age: 30 }),
];

const params = (call: RecordedQueryCall | undefined) => Object.fromEntries(call?.query ?? []);
const lastCall = (calls: RecordedQueryCall[]) => calls.at(-1);
/** Who To Call's last call for the list shown: today's list (the whole book's is for the stats). */
const lastTodayCall = (calls: RecordedQueryCall[]) =>
  lastCall(calls.filter((call) => call.query.get('scope') === 'today'));
const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });

describe('RM list tools', () => {
  let clicked: HTMLAnchorElement[];
  beforeEach(() => {
    clicked = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it('opens the view in the address: the server gets its sort and filters, the headers show it', async () => {
    mockViewport(DESKTOP_WIDTH);
    const api = mockApiWithQuery({ [`GET ${LIST}`]: { status: 200, body: items } });
    renderComponent(<WhoToCallPanel />, {
      initialEntry:
        '/?panel=who-to-call&sort=priority_score&order=asc&urgency=urgent,high&segment=nonsense',
    });
    await screen.findByRole('heading', { name: 'Priority Call List' });
    // An unknown value in a shared link is left out rather than sent.
    expect(params(lastTodayCall(api.queryCalls('GET', LIST)))).toEqual({
      scope: 'today',
      sort: 'priority_score',
      order: 'asc',
      urgency: 'urgent,high',
    });
    expect(header('Priority')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Age')).toHaveAttribute('aria-sort', 'none');
    // The count beside today's list is of the part of the book the filters keep, and says so.
    expect(
      await screen.findByText(/^2 to call today of the 2 in your book that match the filters:/),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Sort by' })).toHaveValue('Priority');
  });

  it('sorts by a header, the other way on a second click, and keeps it in the address', async () => {
    mockViewport(DESKTOP_WIDTH);
    const api = mockApiWithQuery({ [`GET ${LIST}`]: { status: 200, body: items } });
    const { user, router } = renderComponent(<WhoToCallPanel />, {
      initialEntry: '/?panel=who-to-call',
    });
    await screen.findByRole('heading', { name: 'Priority Call List' });
    expect(params(lastTodayCall(api.queryCalls('GET', LIST)))).toEqual({ scope: 'today' });

    await user.click(within(header('Age')).getByRole('button', { name: /Age/ }));
    await waitFor(() => expect(header('Age')).toHaveAttribute('aria-sort', 'ascending'));
    expect(params(lastTodayCall(api.queryCalls('GET', LIST)))).toEqual({
      scope: 'today',
      sort: 'age',
      order: 'asc',
    });
    expect(router.state.location.search).toBe('?panel=who-to-call&sort=age&order=asc');

    await user.click(within(header('Age')).getByRole('button', { name: /Age/ }));
    await waitFor(() => expect(header('Age')).toHaveAttribute('aria-sort', 'descending'));
    expect(params(lastTodayCall(api.queryCalls('GET', LIST)))).toEqual({
      scope: 'today',
      sort: 'age',
      order: 'desc',
    });

    // Scores sort the most important first on the first click.
    await user.click(within(header('Priority')).getByRole('button', { name: /Priority/ }));
    await waitFor(() => expect(header('Priority')).toHaveAttribute('aria-sort', 'descending'));
  });

  it('filters by risk level through the address and clears the filters', async () => {
    mockViewport(DESKTOP_WIDTH);
    const api = mockApiWithQuery({ [`GET ${LIST}`]: { status: 200, body: items } });
    const { user, router } = renderComponent(<WhoToCallPanel />);
    await screen.findByRole('heading', { name: 'Priority Call List' });

    await user.click(screen.getByRole('textbox', { name: 'Risk level' }));
    await user.click(await screen.findByRole('option', { name: 'High' }));
    await waitFor(() =>
      expect(params(lastTodayCall(api.queryCalls('GET', LIST)))).toEqual({
        scope: 'today',
        risk_level: 'high',
      }),
    );
    expect(router.state.location.search).toBe('?risk_level=high');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() =>
      expect(params(lastTodayCall(api.queryCalls('GET', LIST)))).toEqual({ scope: 'today' }),
    );
    expect(router.state.location.search).toBe('');
  });

  it('says when the filters keep nobody', async () => {
    mockViewport(DESKTOP_WIDTH);
    mockApiWithQuery({ [`GET ${LIST}`]: { status: 200, body: [] } });
    renderComponent(<WhoToCallPanel />, { initialEntry: '/?urgency=low' });
    expect(await screen.findByText('No customers match these filters')).toBeInTheDocument();
  });

  it('exports what is shown, as CSV or Excel, with the view and the search', async () => {
    mockViewport(DESKTOP_WIDTH);
    const api = mockApiWithQuery({
      [`GET ${LIST}`]: { status: 200, body: items },
      [`GET ${LIST}/export`]: { status: 200, body: 'file' },
    });
    const { user } = renderComponent(<WhoToCallPanel />, {
      initialEntry: '/?sort=age&order=desc&urgency=urgent',
    });
    await screen.findByRole('heading', { name: 'Priority Call List' });
    await user.type(screen.getByRole('textbox', { name: 'Search customers' }), 'A-');

    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(params(api.queryCalls('GET', `${LIST}/export`)[0])).toEqual({
      scope: 'today',
      sort: 'age',
      order: 'desc',
      urgency: 'urgent',
      search: 'A-',
      format: 'csv',
    });
    expect(clicked[0]!.download).toMatch(/^who-to-call-\d{4}-\d{2}-\d{2}\.csv$/);

    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excel (.xlsx)' }));
    await waitFor(() => expect(clicked).toHaveLength(2));
    expect(params(api.queryCalls('GET', `${LIST}/export`)[1]).format).toBe('xlsx');
    expect(clicked[1]!.download).toMatch(/\.xlsx$/);
  });

  it('shows the server’s refusal of an export too large', async () => {
    mockViewport(DESKTOP_WIDTH);
    const refusal = 'An export holds at most 100,000 rows; this list has 100,001.';
    mockApiWithQuery({
      [`GET ${LIST}`]: { status: 200, body: items },
      [`GET ${LIST}/export`]: { status: 400, body: { message: refusal, code: 'bad_request' } },
    });
    const { user } = renderComponent(<WhoToCallPanel />);
    await screen.findByRole('heading', { name: 'Priority Call List' });
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(clicked).toHaveLength(0);
  });

  it('sorts with the select on a phone, where the list is cards', async () => {
    mockViewport(MOBILE_WIDTH);
    const api = mockApiWithQuery({ [`GET ${LIST}`]: { status: 200, body: items } });
    const { user } = renderComponent(<WhoToCallPanel />);
    await screen.findByRole('list', { name: 'Priority call list' });
    expect(screen.queryByRole('columnheader')).not.toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: 'Sort by' }));
    await user.click(await screen.findByRole('option', { name: 'Urgency' }));
    await waitFor(() =>
      expect(params(lastTodayCall(api.queryCalls('GET', LIST)))).toEqual({
        scope: 'today',
        sort: 'urgency_level',
        order: 'desc',
      }),
    );
    await user.click(screen.getByRole('button', { name: /Sort order: descending/ }));
    await waitFor(() =>
      expect(params(lastTodayCall(api.queryCalls('GET', LIST)))).toEqual({
        scope: 'today',
        sort: 'urgency_level',
        order: 'asc',
      }),
    );
  });

  it('sorts the customer book by its column headers too', async () => {
    mockViewport(DESKTOP_WIDTH);
    const BOOK = '/api/content/rm-own-book';
    const api = mockApiWithQuery({
      [`GET ${BOOK}`]: {
        status: 200,
        body: {
          rm_id: 'rm-1',
          rm_name: 'Rita',
          customer_count: 1,
          customers: [{ ...buildCustomer({ customer_id: 'C-1' }), recommended_products: [] }],
        },
      },
    });
    renderComponent(<CustomerBookPanel />, { initialEntry: '/?sort=created_at&order=desc' });
    await waitFor(() =>
      expect(params(lastCall(api.queryCalls('GET', BOOK)))).toEqual({
        sort: 'created_at',
        order: 'desc',
      }),
    );
    expect(await screen.findByRole('textbox', { name: 'Sort by' })).toHaveValue('Created');
    expect(header('Created Date')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Customer ID')).toHaveAttribute('aria-sort', 'none');
  });
});
