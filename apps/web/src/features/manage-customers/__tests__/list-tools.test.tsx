import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildRms, customersPage } from '@/testing/admin-data';
import { TEST_TOKEN, buildUser, checkUserReply } from '@/testing/data';
import { mockApiWithQuery, type RecordedQueryCall } from '@/testing/mock-api-query';
import { renderApp } from '@/testing/test-utils';
import { DESKTOP_WIDTH, mockViewport } from '@/testing/viewport';

/*
 * Manage Customers' list tools (issue 20): the server pages the sorted, filtered list, so every
 * change of view goes to the server and back to page 1; "Unassigned only" is one of the filters.
 */

const LIST = '/api/content/list-customers';
const PAGE = '/settings/manageCustomers';

async function openPage(url: string) {
  mockViewport(DESKTOP_WIDTH);
  const api = mockApiWithQuery({
    'GET /api/auth/check-user': checkUserReply(buildUser({ subscription: 'pro' })),
    [`GET ${LIST}`]: (_call, query) => ({
      status: 200,
      body: customersPage(60, Number(query.get('page') ?? 1), Number(query.get('page_size'))),
    }),
    'GET /api/content/list-rms': { status: 200, body: buildRms() },
    [`GET ${LIST}/export`]: { status: 200, body: 'file' },
  });
  const view = renderApp(PAGE, { token: TEST_TOKEN });
  await screen.findByRole('heading', { name: 'Manage Customers', level: 1 }, { timeout: 5000 });
  await act(() => view.router.navigate(url));
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  return { ...view, user, api };
}

const params = (call: RecordedQueryCall | undefined) => Object.fromEntries(call?.query ?? []);
const section = () => within(screen.getByRole('region', { name: 'Customers' }));

describe('Manage Customers list tools', () => {
  it('sends the view in the address with the page, and a new filter goes back to page 1', async () => {
    const { api, user, router } = await openPage(`${PAGE}?page=2&sort=rm_name&order=desc`);
    await waitFor(() =>
      expect(params(api.queryCalls('GET', LIST).at(-1))).toEqual({
        sort: 'rm_name',
        order: 'desc',
        page: '2',
        page_size: '25',
      }),
    );
    expect(await section().findByRole('columnheader', { name: /^Current RM/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    await user.click(section().getByRole('switch', { name: 'Unassigned only' }));
    await waitFor(() =>
      expect(params(api.queryCalls('GET', LIST).at(-1))).toEqual({
        sort: 'rm_name',
        order: 'desc',
        unassigned: 'true',
        page: '1',
        page_size: '25',
      }),
    );
    expect(router.state.location.search).toBe('?sort=rm_name&order=desc&unassigned=true');
  });

  it('exports the filtered list with the search, every page', async () => {
    const { api, user } = await openPage(`${PAGE}?search=GB&urgency=urgent&page=3`);
    await section().findByRole('columnheader', { name: /^Customer ID/ });
    await user.click(section().getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV' }));
    await waitFor(() => expect(api.queryCalls('GET', `${LIST}/export`)).toHaveLength(1));
    // No page: the export is the whole list as shown.
    expect(params(api.queryCalls('GET', `${LIST}/export`)[0])).toEqual({
      search: 'GB',
      urgency: 'urgent',
      format: 'csv',
    });
  });
});
