import type { User } from '@behavio/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  RM_IDS,
  buildCustomer,
  buildRmBook,
  buildRms,
  buildWhoToCallItem,
  colorOf,
  customersPage,
} from '@/testing/admin-data';
import { TEST_TOKEN, buildUser, checkUserReply } from '@/testing/data';
import { mockApiWithQuery, type QueryHandler } from '@/testing/mock-api-query';
import { findNotification } from '@/testing/render-component';
import { renderApp } from '@/testing/test-utils';
import { DESKTOP_WIDTH, MOBILE_WIDTH, mockViewport } from '@/testing/viewport';

const LIST = 'GET /api/content/list-customers';
const RMS = 'GET /api/content/list-rms';
const URL_PATH = '/settings/manageCustomers';

type Setup = {
  user?: Partial<User>;
  /** Screen width in px: the table from the medium width up, cards below. */
  width?: number;
  routes?: Record<string, QueryHandler>;
  total?: number;
  url?: string;
};

/** A firm of `total` customers answered page by page, and two RMs. */
function customersByPage(total: number): QueryHandler {
  return (_call, query) => ({
    status: 200,
    body: customersPage(total, Number(query.get('page') ?? 1), Number(query.get('page_size'))),
  });
}

async function openPage({
  user: who,
  routes = {},
  total = 60,
  url = URL_PATH,
  width = DESKTOP_WIDTH,
}: Setup = {}) {
  mockViewport(width);
  const api = mockApiWithQuery({
    'GET /api/auth/check-user': checkUserReply(buildUser({ subscription: 'pro', ...who })),
    [LIST]: customersByPage(total),
    [RMS]: { status: 200, body: buildRms() },
    ...routes,
  });
  const view = renderApp(URL_PATH, { token: TEST_TOKEN });
  await screen.findByRole('heading', { name: 'Manage Customers', level: 1 }, { timeout: 5000 });
  // renderApp takes a pathname only: go on to the query string from there.
  if (url !== URL_PATH) await act(() => view.router.navigate(url));
  // The admin table holds a select per row: skip user-event's per-event CSS walk up the tree.
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  return { ...view, user, api };
}

const customersSection = () => within(screen.getByRole('region', { name: 'Customers' }));
const bookSection = () => within(screen.getByRole('region', { name: 'View RM Customer Book' }));
const callSection = () =>
  within(screen.getByRole('region', { name: 'Who To Call (Priority List)' }));

/** The server's answer to assigning C-NEW to Omar. */
const assignedToOmar: QueryHandler = {
  status: 200,
  body: {
    message: 'Customer assigned',
    customer_id: 'C-NEW',
    rm_id: RM_IDS.omar,
    previous_rm_id: null,
  },
};

/** A customer's card in the phone layout. */
async function cardOf(customerId: string) {
  const list = await customersSection().findByRole('list', { name: 'Customers' });
  const item = within(list)
    .getAllByRole('listitem')
    .find((card) => within(card).queryByText(customerId, { exact: true }));
  if (!item) throw new Error(`no card for ${customerId}`);
  return within(item);
}

async function rowOf(customerId: string) {
  const cell = await customersSection().findByRole('cell', { name: customerId });
  return within(cell.closest('tr')!);
}

/** jsdom's Blob has no text(): read it the old way. */
/** Picks an option of a Mantine Select or MultiSelect (its own listbox, not the table's). */
async function chooseOption(
  user: ReturnType<typeof renderApp>['user'],
  input: HTMLElement,
  name: RegExp,
) {
  await user.click(input);
  const listbox = await waitFor(() => {
    const id = input.getAttribute('aria-controls');
    const element = id ? document.getElementById(id) : null;
    if (!element) throw new Error('The dropdown is not open');
    return element;
  });
  await user.click(await within(listbox).findByRole('option', { name }));
}

describe('Manage Customers: the paged list', () => {
  it('asks for 25 a page and shows the first page of 60', async () => {
    const { api } = await openPage();
    expect(await screen.findByText('Showing 1 to 25 of 60 customers')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    const [first] = api.queryCalls('GET', '/api/content/list-customers');
    expect(first!.query.get('page')).toBe('1');
    expect(first!.query.get('page_size')).toBe('25');
    expect(customersSection().getAllByRole('row')).toHaveLength(26);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
  });

  it('moves to the next page and to the last', async () => {
    const { user } = await openPage();
    await screen.findByText('Page 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 26 to 50 of 60 customers')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 51 to 60 of 60 customers')).toBeInTheDocument();
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
  });

  it('opens on the page in the address', async () => {
    await openPage({ url: `${URL_PATH}?page=3` });
    expect(await screen.findByText('Showing 51 to 60 of 60 customers')).toBeInTheDocument();
  });

  it('shows an empty firm', async () => {
    await openPage({ total: 0 });
    expect(await screen.findByText('No customers found.')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 to 0 of 0 customers')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('searches from page 1 with the Search button', async () => {
    const { user, api } = await openPage({ url: `${URL_PATH}?page=2` });
    await screen.findByText('Page 2 of 3');
    await user.type(customersSection().getByRole('textbox', { name: 'Search customers' }), 'GBR');
    await user.click(customersSection().getByRole('button', { name: 'Search' }));
    await waitFor(() => {
      const last = api.queryCalls('GET', '/api/content/list-customers').at(-1)!;
      expect(last.query.get('search')).toBe('GBR');
      expect(last.query.get('page')).toBe('1');
    });
  });

  it('shows the current RM or Not assigned, and colours the risk profile', async () => {
    await openPage({
      routes: {
        [LIST]: {
          status: 200,
          body: {
            customers: [
              buildCustomer({ customer_id: 'C-A', risk_profile: 8 }),
              buildCustomer({
                customer_id: 'C-B',
                risk_profile: 5,
                rm_id: RM_IDS.jane,
                rm_name: 'Jane Doe',
              }),
              buildCustomer({ customer_id: 'C-C', risk_profile: 4 }),
            ],
            pagination: { page: 1, page_size: 25, total_count: 3, total_pages: 1 },
          },
        },
      },
    });
    const a = await rowOf('C-A');
    expect(a.getByText('Not assigned')).toBeInTheDocument();
    expect(colorOf(a.getByText('8'))).toBe('red');
    const b = await rowOf('C-B');
    expect(b.getByRole('cell', { name: 'Jane Doe' })).toBeInTheDocument();
    expect(colorOf(b.getByText('5'))).toBe('orange');
    expect(colorOf((await rowOf('C-C')).getByText('4'))).toBe('green');
  });

  it("raises 'Error fetching customers' with the server message", async () => {
    await openPage({
      routes: { [LIST]: { status: 500, body: { message: 'Database is down' } } },
    });
    const toast = await findNotification('Error fetching customers');
    expect(within(toast).getByText('Database is down')).toBeInTheDocument();
    // The table says it too, with a retry.
    expect(customersSection().getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it("raises 'Error fetching RMs' with 'Something went wrong' when the server says nothing", async () => {
    await openPage({ routes: { [RMS]: { status: 502 } } });
    const toast = await findNotification('Error fetching RMs');
    expect(within(toast).getByText('Something went wrong')).toBeInTheDocument();
  });
});

describe('Manage Customers: assignment (admin)', () => {
  const unassigned = buildCustomer({ customer_id: 'C-NEW' });
  const assigned = buildCustomer({
    customer_id: 'C-OLD',
    rm_id: RM_IDS.jane,
    rm_name: 'Jane Doe',
  });
  const twoCustomers: QueryHandler = {
    status: 200,
    body: {
      customers: [unassigned, assigned],
      pagination: { page: 1, page_size: 25, total_count: 2, total_pages: 1 },
    },
  };

  it('keeps Assign disabled until an RM is chosen, then assigns, refreshes and confirms', async () => {
    const { user, api } = await openPage({
      routes: {
        [LIST]: twoCustomers,
        'POST /api/content/assign-rm': assignedToOmar,
      },
    });
    const row = await rowOf('C-NEW');
    const assign = row.getByRole('button', { name: /^Assign/ });
    expect(assign).toBeDisabled();
    expect(row.queryByRole('button', { name: /Reassign/ })).not.toBeInTheDocument();

    const listCalls = api.callsTo('GET', '/api/content/list-customers').length;
    await user.selectOptions(row.getByRole('combobox', { name: 'RM for C-NEW' }), 'Omar Ali');
    expect(assign).toBeEnabled();
    await user.click(assign);

    const toast = await findNotification('Customer assigned');
    expect(within(toast).getByText('C-NEW is now with Omar Ali.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/content/assign-rm')[0]!.body).toEqual({
      customer_id: 'C-NEW',
      rm_id: RM_IDS.omar,
    });
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/content/list-customers').length).toBeGreaterThan(listCalls),
    );
  });

  it('reassigns an assigned customer with PUT, without offering the current RM', async () => {
    const { user, api } = await openPage({
      routes: {
        [LIST]: twoCustomers,
        'PUT /api/content/reassign-rm': {
          status: 200,
          body: {
            message: 'Customer reassigned',
            customer_id: 'C-OLD',
            rm_id: RM_IDS.omar,
            previous_rm_id: RM_IDS.jane,
          },
        },
      },
    });
    const row = await rowOf('C-OLD');
    const reassign = row.getByRole('button', { name: /Reassign/ });
    expect(reassign).toBeDisabled();
    const select = row.getByRole('combobox', { name: 'RM for C-OLD' });
    // The current RM is not offered.
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select RM', 'Omar Ali']);
    await user.selectOptions(select, 'Omar Ali');
    await user.click(reassign);

    expect(await findNotification('Customer reassigned')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/content/reassign-rm')[0]!.body).toEqual({
      customer_id: 'C-OLD',
      new_rm_id: RM_IDS.omar,
    });
    expect(api.callsTo('POST', '/api/content/assign-rm')).toHaveLength(0);
  });

  it("shows 'Failed to assign RM' with the server message", async () => {
    const { user } = await openPage({
      routes: {
        [LIST]: twoCustomers,
        'POST /api/content/assign-rm': {
          status: 409,
          body: { message: 'This customer is already assigned; use Reassign instead' },
        },
      },
    });
    const row = await rowOf('C-NEW');
    await user.selectOptions(row.getByRole('combobox', { name: 'RM for C-NEW' }), 'Jane Doe');
    await user.click(row.getByRole('button', { name: /^Assign/ }));
    const toast = await findNotification('Failed to assign RM');
    expect(
      within(toast).getByText('This customer is already assigned; use Reassign instead'),
    ).toBeInTheDocument();
  });

  it('assigns the ticked customers to one RM at once', async () => {
    const { user, api } = await openPage({
      routes: {
        'POST /api/content/assign-rm-bulk': {
          status: 200,
          body: {
            message: '2 customers assigned to Omar Ali',
            assigned: 2,
            per_rm: [{ rm_id: RM_IDS.omar, assigned: 2 }],
          },
        },
      },
    });
    await rowOf('C-0001');
    await user.click(screen.getByRole('checkbox', { name: 'Select C-0001' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select C-0003' }));
    const bar = within(screen.getByRole('region', { name: 'Assign the selected customers' }));
    expect(bar.getByText('2 customers selected')).toBeInTheDocument();
    expect(bar.getByText('1 of them already has an RM and will move.')).toBeInTheDocument();
    const assignSelected = bar.getByRole('button', { name: 'Assign selected' });
    expect(assignSelected).toBeDisabled();
    await chooseOption(
      user,
      bar.getByRole('textbox', { name: 'RM for the selected customers' }),
      /Omar Ali/,
    );
    await user.click(assignSelected);

    expect(await findNotification('2 customers assigned to Omar Ali')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/content/assign-rm-bulk')[0]!.body).toEqual({
      customer_ids: ['C-0001', 'C-0003'],
      rm_id: RM_IDS.omar,
    });
    await waitFor(() =>
      expect(
        screen.queryByRole('region', { name: 'Assign the selected customers' }),
      ).not.toBeInTheDocument(),
    );
  });

  it('distributes the unassigned customers across the chosen RMs after confirmation', async () => {
    const { user, api } = await openPage({
      routes: {
        'POST /api/content/distribute-unassigned': {
          status: 200,
          body: {
            message: '40 customers distributed',
            assigned: 40,
            per_rm: [
              { rm_id: RM_IDS.jane, assigned: 20 },
              { rm_id: RM_IDS.omar, assigned: 20 },
            ],
          },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Distribute unassigned evenly' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Distribute unassigned customers' }),
    );
    const distribute = dialog.getByRole('button', { name: 'Distribute' });
    expect(distribute).toBeDisabled();
    const picker = dialog.getByRole('textbox', { name: 'Relationship managers' });
    await chooseOption(user, picker, /Jane Doe/);
    await chooseOption(user, picker, /Omar Ali/);
    await user.click(distribute);

    const toast = await findNotification('Customers distributed');
    expect(
      within(toast).getByText('40 customers distributed (Jane Doe: 20, Omar Ali: 20).'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/content/distribute-unassigned')[0]!.body).toEqual({
      rm_ids: [RM_IDS.jane, RM_IDS.omar],
    });
  });
});

describe('Manage Customers: RM book and call list', () => {
  it('keeps View Book disabled until an RM is chosen, then shows the book', async () => {
    const { user, api } = await openPage({
      routes: { 'POST /api/content/admin-view-rm-book': { status: 200, body: buildRmBook() } },
    });
    const section = bookSection();
    const viewBook = section.getByRole('button', { name: 'View Book' });
    expect(viewBook).toBeDisabled();
    await chooseOption(
      user,
      section.getByRole('textbox', { name: 'Relationship manager' }),
      /Jane/,
    );
    expect(viewBook).toBeEnabled();
    await user.click(viewBook);

    expect(await section.findByText(/has 3 customers in their book\./)).toBeInTheDocument();
    expect(section.getByText('Jane Doe', { selector: 'span' })).toBeInTheDocument();
    const table = within(section.getByRole('table', { name: 'Customer book of Jane Doe' }));
    expect(table.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Customer ID',
      'Country',
      'Age',
      'Risk Profile',
      'Created At',
    ]);
    expect(table.getAllByRole('row')).toHaveLength(4);
    expect(table.getAllByText('Jan 5, 2025')).toHaveLength(3);
    expect(api.callsTo('POST', '/api/content/admin-view-rm-book')[0]!.body).toEqual({
      rm_id: RM_IDS.jane,
    });
  });

  it("raises 'Error fetching RM book' with 'Something went wrong'", async () => {
    const { user } = await openPage({
      routes: { 'POST /api/content/admin-view-rm-book': { status: 500 } },
    });
    const section = bookSection();
    await chooseOption(
      user,
      section.getByRole('textbox', { name: 'Relationship manager' }),
      /Jane/,
    );
    await user.click(section.getByRole('button', { name: 'View Book' }));
    const toast = await findNotification('Error fetching RM book');
    expect(within(toast).getByText('Something went wrong')).toBeInTheDocument();
  });

  it('keeps Get List disabled until an RM is chosen, then shows the call list', async () => {
    const { user, api } = await openPage({
      routes: {
        'POST /api/content/admin-who-to-call-for-a-rm': {
          status: 200,
          body: {
            rm_id: RM_IDS.jane,
            rm_name: 'Jane Doe',
            list: [
              buildWhoToCallItem(),
              buildWhoToCallItem({
                customer_id: 'C-0002',
                urgency_level: 'medium',
                priority_score: 6.2,
                risk_profile: 3,
              }),
            ],
          },
        },
      },
    });
    const section = callSection();
    const getList = section.getByRole('button', { name: 'Get List' });
    expect(getList).toBeDisabled();
    await chooseOption(
      user,
      section.getByRole('textbox', { name: 'Relationship manager' }),
      /Jane/,
    );
    await user.click(getList);

    const table = within(await section.findByRole('table', { name: 'Call list of Jane Doe' }));
    expect(table.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Customer ID',
      'Priority Score',
      'Urgency',
      'Risk Profile',
      'Age',
      'Country',
      'Recommended Action',
    ]);
    expect(colorOf(table.getByText('8.75'))).toBe('red');
    expect(colorOf(table.getByText('urgent'))).toBe('red');
    expect(colorOf(table.getByText('6.20'))).toBe('orange');
    expect(colorOf(table.getByText('medium'))).toBe('orange');
    expect(section.getByText(/has 2 customers to call today/)).toBeVisible();
    expect(api.callsTo('POST', '/api/content/admin-who-to-call-for-a-rm')[0]!.body).toEqual({
      rm_id: RM_IDS.jane,
      scope: 'today',
    });
  });

  it("raises 'Error fetching who to call list' with the server message", async () => {
    const { user } = await openPage({
      routes: {
        'POST /api/content/admin-who-to-call-for-a-rm': {
          status: 404,
          body: { message: 'Relationship manager not found' },
        },
      },
    });
    const section = callSection();
    await chooseOption(
      user,
      section.getByRole('textbox', { name: 'Relationship manager' }),
      /Jane/,
    );
    await user.click(section.getByRole('button', { name: 'Get List' }));
    const toast = await findNotification('Error fetching who to call list');
    expect(within(toast).getByText('Relationship manager not found')).toBeInTheDocument();
  });
});

describe("Manage Customers: the RM lists' tools", () => {
  const CALLS = '/api/content/admin-who-to-call-for-a-rm';
  /** Today's list holds the customer who needs a call; the book also the one called. */
  const callList: QueryHandler = (call) => {
    const all = (call.body as { scope?: string }).scope === 'all';
    return {
      status: 200,
      body: {
        rm_id: RM_IDS.jane,
        rm_name: 'Jane Doe',
        list: [
          buildWhoToCallItem(),
          ...(all
            ? [buildWhoToCallItem({ customer_id: 'C-CALLED', call_state: 'called' as const })]
            : []),
        ],
      },
    };
  };

  async function openCallList(setup: Setup = {}) {
    const opened = await openPage({
      ...setup,
      routes: {
        [`POST ${CALLS}`]: callList,
        [`GET ${CALLS}/export`]: { status: 200, body: 'file' },
      },
    });
    const section = callSection();
    await chooseOption(
      opened.user,
      section.getByRole('textbox', { name: 'Relationship manager' }),
      /Jane/,
    );
    await opened.user.click(section.getByRole('button', { name: 'Get List' }));
    await section.findByRole('table', { name: 'Call list of Jane Doe' });
    return { ...opened, section };
  }

  const lastBody = (api: Awaited<ReturnType<typeof openPage>>['api']) =>
    api.callsTo('POST', CALLS).at(-1)!.body;

  it("asks for today's list, shows the whole book on Show all, each customer with their call state", async () => {
    const { user, api, section } = await openCallList();
    expect(section.queryByText('C-CALLED')).not.toBeInTheDocument();
    await user.click(section.getByText('Show all'));
    const row = (await section.findByText('C-CALLED')).closest('tr')!;
    expect(within(row).getByText('Called')).toBeInTheDocument();
    expect(lastBody(api)).toEqual({ rm_id: RM_IDS.jane, scope: 'all' });
    expect(section.getByText(/has 2 customers in their book/)).toBeInTheDocument();
  });

  it('sorts by a column header and filters by urgency, on the server, kept in the address', async () => {
    const { user, api, section, router } = await openCallList();
    const priority = section.getByRole('columnheader', { name: /^Priority Score/ });
    await user.click(within(priority).getByRole('button', { name: /Priority Score/ }));
    await waitFor(() =>
      expect(lastBody(api)).toEqual({
        rm_id: RM_IDS.jane,
        scope: 'today',
        sort: 'priority_score',
        order: 'desc',
      }),
    );
    expect(priority).toHaveAttribute('aria-sort', 'descending');
    await chooseOption(user, section.getByRole('textbox', { name: 'Urgency' }), /Urgent/);
    await waitFor(() => expect(lastBody(api)).toMatchObject({ urgency: 'urgent' }));
    // Apart from the customer list's view, which keeps its own names.
    expect(router.state.location.search).toBe(
      '?call_sort=priority_score&call_order=desc&call_urgency=urgent',
    );
    expect(
      api.queryCalls('GET', '/api/content/list-customers').every((call) => !call.query.has('sort')),
    ).toBe(true);
  });

  it("exports what the admin sees of the RM's list from the server", async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
    const { user, api, section } = await openCallList({
      url: `${URL_PATH}?call_sort=age&call_order=asc`,
    });
    api.fetchMock.mockClear();
    await user.click(section.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excel (.xlsx)' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(Object.fromEntries(api.queryCalls('GET', `${CALLS}/export`)[0]!.query)).toEqual({
      rm_id: RM_IDS.jane,
      scope: 'today',
      sort: 'age',
      order: 'asc',
      format: 'xlsx',
    });
    click.mockRestore();
  });

  it('gives head the tools but not the export, which is the admin’s', async () => {
    const { section } = await openCallList({ user: { role: 'head' } });
    expect(section.getByRole('textbox', { name: 'Urgency' })).toBeInTheDocument();
    expect(section.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
  });

  it("sorts the RM's book by a column header", async () => {
    const { user, api } = await openPage({
      routes: { 'POST /api/content/admin-view-rm-book': { status: 200, body: buildRmBook() } },
    });
    const section = bookSection();
    await chooseOption(
      user,
      section.getByRole('textbox', { name: 'Relationship manager' }),
      /Jane/,
    );
    await user.click(section.getByRole('button', { name: 'View Book' }));
    const age = await section.findByRole('columnheader', { name: /^Age/ });
    await user.click(within(age).getByRole('button', { name: /Age/ }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/content/admin-view-rm-book').at(-1)!.body).toEqual({
        rm_id: RM_IDS.jane,
        sort: 'age',
        order: 'asc',
      }),
    );
    expect(section.getByRole('button', { name: 'Export' })).toBeInTheDocument();
  });
});

describe('Manage Customers: who may do what', () => {
  it('is read-only for head: no selects, checkboxes or assignment buttons', async () => {
    await openPage({ user: { role: 'head' } });
    expect(await screen.findByText('Read-only view')).toBeInTheDocument();
    await rowOf('C-0001');
    expect(customersSection().queryAllByRole('checkbox')).toHaveLength(0);
    expect(customersSection().queryByRole('combobox', { name: /RM for/ })).not.toBeInTheDocument();
    expect(customersSection().queryByRole('button', { name: /Assign/ })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Distribute unassigned evenly' }),
    ).not.toBeInTheDocument();
    expect(
      customersSection()
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Customer ID', 'Country', 'Age', 'Risk Profile', 'Current RM']);
    // head may still look at any RM's book and call list.
    expect(bookSection().getByRole('button', { name: 'View Book' })).toBeInTheDocument();
    expect(callSection().getByRole('button', { name: 'Get List' })).toBeInTheDocument();
  });

  it('shows view only the customer list', async () => {
    await openPage({ user: { role: 'view' } });
    await rowOf('C-0001');
    expect(screen.getByText('Read-only view')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'View RM Customer Book' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('region', { name: 'Who To Call (Priority List)' }),
    ).not.toBeInTheDocument();
  });

  it('tells an rm where their customers are, without calling the admin API', async () => {
    const { api } = await openPage({ user: { role: 'rm' } });
    expect(await screen.findByText('Manage Customers is for your firm admin')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(api.callsTo('GET', '/api/content/list-customers')).toHaveLength(0);
  });

  it('offers an admin on the free plan an upgrade instead', async () => {
    const { api } = await openPage({ user: { subscription: 'free' } });
    expect(
      await screen.findByText('Customer management is available on the Pro and Business plans.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    expect(api.callsTo('GET', '/api/content/list-customers')).toHaveLength(0);
  });

  it('tells other roles on the free plan to contact their admin', async () => {
    await openPage({ user: { role: 'compliance', subscription: 'free' } });
    expect(
      await screen.findByText('Contact your firm admin to purchase a subscription'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Upgrade Now' })).not.toBeInTheDocument();
  });
});

describe('Manage Customers: phone layout', () => {
  const customers = {
    status: 200,
    body: {
      customers: [
        buildCustomer({ customer_id: 'C-NEW', country_iso: 'GBR', age: 41, risk_profile: 8 }),
        buildCustomer({
          customer_id: 'C-OLD',
          rm_id: RM_IDS.jane,
          rm_name: 'Jane Doe',
          risk_profile: 4,
        }),
      ],
      pagination: { page: 1, page_size: 25, total_count: 2, total_pages: 1 },
    },
  } satisfies QueryHandler;

  it('shows cards instead of the table, each with its details, current RM and assignment', async () => {
    const { user, api } = await openPage({
      width: MOBILE_WIDTH,
      routes: {
        [LIST]: customers,
        'POST /api/content/assign-rm': assignedToOmar,
      },
    });
    const card = await cardOf('C-NEW');
    expect(customersSection().queryByRole('table')).not.toBeInTheDocument();
    expect(card.getByText('GBR · Age 41')).toBeInTheDocument();
    expect(card.getByText('Not assigned')).toBeInTheDocument();
    expect(colorOf(card.getByText('8'))).toBe('red');
    expect((await cardOf('C-OLD')).getByText('Jane Doe')).toBeInTheDocument();
    expect((await cardOf('C-OLD')).getByRole('button', { name: 'Reassign C-OLD' })).toBeDisabled();

    const assign = card.getByRole('button', { name: 'Assign C-NEW' });
    expect(assign).toBeDisabled();
    await user.selectOptions(card.getByRole('combobox', { name: 'RM for C-NEW' }), 'Omar Ali');
    await user.click(assign);
    await findNotification('Customer assigned');
    expect(api.callsTo('POST', '/api/content/assign-rm')[0]!.body).toEqual({
      customer_id: 'C-NEW',
      rm_id: RM_IDS.omar,
    });
  });

  it('ticks every card on the page at once for a bulk assignment', async () => {
    const { user } = await openPage({ width: MOBILE_WIDTH, routes: { [LIST]: customers } });
    await cardOf('C-NEW');
    await user.click(customersSection().getByRole('checkbox', { name: /Select all customers/ }));
    expect((await cardOf('C-NEW')).getByRole('checkbox', { name: 'Select C-NEW' })).toBeChecked();
    expect((await cardOf('C-OLD')).getByRole('checkbox', { name: 'Select C-OLD' })).toBeChecked();
  });

  it('is read-only for head: cards without ticks, selects or buttons', async () => {
    await openPage({ width: MOBILE_WIDTH, user: { role: 'head' }, routes: { [LIST]: customers } });
    const card = await cardOf('C-NEW');
    expect(card.getByText('Not assigned')).toBeInTheDocument();
    expect(card.queryByRole('combobox')).not.toBeInTheDocument();
    expect(card.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(card.queryByRole('button')).not.toBeInTheDocument();
  });

  it("shows an RM's book and call list as cards, with the call list's colours, action and why", async () => {
    const { user } = await openPage({
      width: MOBILE_WIDTH,
      routes: {
        'POST /api/content/admin-view-rm-book': { status: 200, body: buildRmBook() },
        'POST /api/content/admin-who-to-call-for-a-rm': {
          status: 200,
          body: { rm_id: RM_IDS.jane, rm_name: 'Jane Doe', list: [buildWhoToCallItem()] },
        },
      },
    });
    const book = bookSection();
    await chooseOption(user, book.getByRole('textbox', { name: 'Relationship manager' }), /Jane/);
    await user.click(book.getByRole('button', { name: 'View Book' }));
    const bookCards = await book.findByRole('list', { name: 'Customer book of Jane Doe' });
    expect(book.queryByRole('table')).not.toBeInTheDocument();
    expect(within(bookCards).getAllByRole('listitem')).toHaveLength(3);
    expect(within(bookCards).getAllByText('Created Jan 5, 2025')).toHaveLength(3);

    const calls = callSection();
    await chooseOption(user, calls.getByRole('textbox', { name: 'Relationship manager' }), /Jane/);
    await user.click(calls.getByRole('button', { name: 'Get List' }));
    const callCards = await calls.findByRole('list', { name: 'Call list of Jane Doe' });
    expect(calls.queryByRole('table')).not.toBeInTheDocument();
    const card = within(within(callCards).getByRole('listitem'));
    expect(card.getByText('C-0001')).toBeInTheDocument();
    expect(card.getByText('GBR · Age 42')).toBeInTheDocument();
    expect(colorOf(card.getByText('8.75'))).toBe('red');
    expect(colorOf(card.getByText('urgent'))).toBe('red');
    expect(
      card.getByText('Call about the concentrated single-stock position.'),
    ).toBeInTheDocument();
    expect(card.getByText('Why: Most of the portfolio sits in one stock.')).toBeInTheDocument();
  });
});
