import type { Alert } from '@behavio/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { alertsReply, buildAlert, buildAlerts } from '@/testing/alerts-data';
import { TEST_TOKEN, buildUser, checkUserReply } from '@/testing/data';
import type { RecordedCall, Reply } from '@/testing/mock-api';
import { mockApiWithQuery, type QueryHandler } from '@/testing/mock-api-query';
import { renderApp } from '@/testing/test-utils';

const ALERTS = 'GET /api/alerts';

/** The alerts of each status as the server would page them (limit and offset). */
function pagedAlerts(
  unread: Alert[],
  read: Alert[],
): (call: RecordedCall, query: URLSearchParams) => Reply {
  return (_call, query) => {
    const all = [...unread, ...read];
    const list = query.get('status') === 'all' ? all : unread;
    const offset = Number(query.get('offset') ?? 0);
    const limit = Number(query.get('limit') ?? 20);
    return alertsReply(list.slice(offset, offset + limit), unread.length);
  };
}

async function openAlerts(routes: Record<string, QueryHandler>, role: 'rm' | 'head' = 'rm') {
  const api = mockApiWithQuery({
    'GET /api/auth/check-user': checkUserReply(buildUser({ role })),
    ...routes,
  });
  const view = renderApp('/alerts', { token: TEST_TOKEN });
  await screen.findByRole('heading', { name: 'Alerts', level: 1 });
  return { ...view, api };
}

const main = () => within(screen.getByRole('main'));
const listItems = () => main().getAllByRole('listitem');

describe('Alert list screen', () => {
  it('lists the unread alerts, newest first, with the unread count on the tab and the bell', async () => {
    const unread = buildAlerts(3);
    const { api } = await openAlerts({ [ALERTS]: pagedAlerts(unread, []) });

    expect(await main().findByRole('tab', { name: 'Unread (3)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await waitFor(() => expect(listItems()).toHaveLength(3));
    expect(listItems()[0]).toHaveTextContent('Alert number 1');
    expect(listItems()[0]).toHaveTextContent('Unread');
    expect(screen.getAllByRole('button', { name: 'Alerts 3 unread' })).toHaveLength(2);
    const listCall = api
      .queryCalls('GET', '/api/alerts')
      .find((call) => call.query.get('limit') === '21');
    expect(listCall?.query.get('status')).toBe('unread');
    expect(listCall?.query.get('offset')).toBe('0');
  });

  it('shows every alert under All, read ones without the Mark as read button', async () => {
    const read = buildAlert({
      alert_id: 'read-1',
      customer_id: 'C-20001',
      message: 'risk level low → high',
      read_at: '2026-11-20T10:00:00.000Z',
    });
    const { user } = await openAlerts({ [ALERTS]: pagedAlerts(buildAlerts(1), [read]) });
    await user.click(await main().findByRole('tab', { name: 'All' }));
    await waitFor(() => expect(listItems()).toHaveLength(2));
    const readRow = within(listItems()[1]!);
    expect(readRow.getByText('risk level low → high')).toBeVisible();
    expect(readRow.queryByRole('button', { name: /Mark as read/ })).not.toBeInTheDocument();
    expect(readRow.getByRole('link', { name: 'Open customer C-20001' })).toHaveAttribute(
      'href',
      '/customers/C-20001',
    );
  });

  it('pages with Previous and Next, Next only while there is more', async () => {
    const { user, api } = await openAlerts({ [ALERTS]: pagedAlerts(buildAlerts(25), []) });
    await waitFor(() => expect(listItems()).toHaveLength(20));
    expect(main().getByText('Page 1')).toBeVisible();
    expect(main().getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(main().getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(listItems()).toHaveLength(5));
    expect(listItems()[0]).toHaveTextContent('Alert number 21');
    expect(main().getByText('Page 2')).toBeVisible();
    expect(main().getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(
      api.queryCalls('GET', '/api/alerts').some((call) => call.query.get('offset') === '20'),
    ).toBe(true);
  });

  it('marks one alert read where it stands, and then all of them', async () => {
    let unread = buildAlerts(2);
    const { user, api } = await openAlerts({
      [ALERTS]: (call, query) => pagedAlerts(unread, [])(call, query),
      'POST /api/alerts/00000000-0000-4000-8000-000000000000/read': () => {
        const [first, ...rest] = unread;
        unread = rest;
        return {
          body: {
            message: 'Alert marked as read',
            alert: { ...first!, read_at: 'now' },
            unread_count: 1,
          },
        };
      },
      'POST /api/alerts/read-all': () => {
        unread = [];
        return { body: { message: 'All alerts marked as read', marked: 1, unread_count: 0 } };
      },
    });
    await waitFor(() => expect(listItems()).toHaveLength(2));
    await user.click(main().getByRole('button', { name: 'Mark as read: Alert number 1' }));
    await waitFor(() => expect(listItems()).toHaveLength(1));
    expect(await main().findByRole('tab', { name: 'Unread (1)' })).toBeInTheDocument();

    await user.click(main().getByRole('button', { name: 'Mark all as read' }));
    expect(await main().findByText('You are all caught up: no unread alerts.')).toBeInTheDocument();
    expect(main().getByRole('tab', { name: 'Unread' })).toBeInTheDocument();
    expect(main().getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    expect(api.callsTo('POST', '/api/alerts/read-all')).toHaveLength(1);
  });

  it('says when there has never been an alert', async () => {
    const { user } = await openAlerts({ [ALERTS]: pagedAlerts([], []) }, 'head');
    expect(await main().findByText('You are all caught up: no unread alerts.')).toBeInTheDocument();
    await user.click(main().getByRole('tab', { name: 'All' }));
    expect(
      await main().findByText(
        'No alerts yet. You will see one here when a customer of yours needs attention.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the error alert with Try again when the list fails', async () => {
    let fail = true;
    const { user } = await openAlerts({
      [ALERTS]: (call, query) =>
        fail
          ? { status: 500, body: { message: 'Try later' } }
          : pagedAlerts(buildAlerts(1), [])(call, query),
    });
    const alert = await main().findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load alerts');
    expect(alert).toHaveTextContent('Try later');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(listItems()).toHaveLength(1));
  });

  it('gives a role without customer pages no link to the customer', async () => {
    await openAlerts({ [ALERTS]: pagedAlerts(buildAlerts(1), []) }, 'head');
    await waitFor(() => expect(listItems()).toHaveLength(1));
    expect(main().queryByRole('link', { name: /Open customer/ })).not.toBeInTheDocument();
    expect(main().getByRole('button', { name: 'Mark as read: Alert number 1' })).toBeVisible();
  });
});
