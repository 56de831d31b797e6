import type { AlertsResponse } from '@behavio/contract';
import { focusManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CustomerLinksProvider } from '@/components/ui/customer-link/customer-link';
import { alertsReply, buildAlert, buildAlerts } from '@/testing/alerts-data';
import { mockApi, pendingReply } from '@/testing/mock-api';
import { findNavigation, findNotification, renderComponent } from '@/testing/render-component';
import { alertsKeys } from '../api/alerts';
import { AlertsBell } from '../components/alerts-bell';

const ALERTS = 'GET /api/alerts';
const bell = (name: string | RegExp = /^Alerts/) => screen.getByRole('button', { name });
const panel = () => within(screen.getByRole('dialog'));

describe('Alerts bell', () => {
  it('shows the unread count, asking for the newest unread alerts', async () => {
    const api = mockApi({ [ALERTS]: alertsReply(buildAlerts(3), 12) });
    renderComponent(<AlertsBell placement="sidebar" />);
    expect(await screen.findByRole('button', { name: 'Alerts 12 unread' })).toHaveTextContent(
      'Alerts 12',
    );
    const [call] = api.callsTo('GET', '/api/alerts');
    expect(call?.query?.get('status')).toBe('unread');
    expect(call?.query?.get('limit')).toBe('5');
  });

  it('shows the count on the phone bar item too, and 99+ past 99', async () => {
    mockApi({ [ALERTS]: alertsReply(buildAlerts(5), 140) });
    renderComponent(<AlertsBell placement="phone" />);
    const item = await screen.findByRole('button', { name: 'Alerts 99+ unread' });
    expect(item).toHaveTextContent('99+');
    expect(item).toHaveTextContent('Alerts');
  });

  it('opens the newest alerts with message, customer, time and severity; one opens its customer and is marked read', async () => {
    const alert = buildAlert();
    const read = { ...alert, read_at: new Date().toISOString() };
    let unread = [
      alert,
      buildAlert({
        alert_id: 'a2',
        customer_id: 'C-10002',
        severity: 'info',
        message: 'new customer in high urgency',
      }),
    ];
    const api = mockApi({
      [ALERTS]: () => alertsReply(unread),
      [`POST /api/alerts/${alert.alert_id}/read`]: () => {
        unread = unread.filter((a) => a.alert_id !== alert.alert_id);
        return { body: { message: 'Alert marked as read', alert: read, unread_count: 1 } };
      },
    });
    const { user, queryClient } = renderComponent(<AlertsBell placement="sidebar" />);
    await user.click(await screen.findByRole('button', { name: 'Alerts 2 unread' }));

    const items = panel().getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Critical');
    expect(items[0]).toHaveTextContent(alert.message);
    expect(items[0]).toHaveTextContent('Customer C-10001 · 5 minutes ago');
    expect(items[1]).toHaveTextContent('Info');
    expect(within(items[0]!).getByText('Critical').closest('.mantine-Badge-root')).toHaveStyle(
      '--badge-color: var(--mantine-color-red-light-color)',
    );

    await user.click(within(items[0]!).getByRole('link'));
    expect(await findNavigation('/customers/C-10001')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsTo('POST', `/api/alerts/${alert.alert_id}/read`)).toHaveLength(1),
    );
    await waitFor(() =>
      expect(queryClient.getQueryData<AlertsResponse>(alertsKeys.bell())?.unread_count).toBe(1),
    );
  });

  it('marks all as read: the count goes and the panel says so', async () => {
    let count = 3;
    const api = mockApi({
      [ALERTS]: () => alertsReply(count ? buildAlerts(count) : [], count),
      'POST /api/alerts/read-all': () => {
        count = 0;
        return { body: { message: 'All alerts marked as read', marked: 3, unread_count: 0 } };
      },
    });
    const { user } = renderComponent(<AlertsBell placement="sidebar" />);
    await user.click(await screen.findByRole('button', { name: 'Alerts 3 unread' }));
    await user.click(panel().getByRole('button', { name: 'Mark all as read' }));

    expect(await findNotification('All alerts marked as read')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/alerts/read-all')).toHaveLength(1);
    expect(await panel().findByText('You are all caught up: no unread alerts.')).toBeVisible();
    expect(bell('Alerts')).not.toHaveTextContent(/\d/);
    expect(panel().getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('says there is nothing unread, and leads to the full list', async () => {
    mockApi({ [ALERTS]: alertsReply([], 0) });
    const { user } = renderComponent(<AlertsBell placement="sidebar" />);
    await waitFor(() => expect(bell('Alerts')).toBeInTheDocument());
    await user.click(bell('Alerts'));
    expect(await panel().findByText('You are all caught up: no unread alerts.')).toBeVisible();
    await user.click(panel().getByRole('link', { name: 'View all alerts' }));
    expect(await findNavigation('/alerts')).toBeInTheDocument();
  });

  it('shows a loading state while the alerts load', async () => {
    mockApi({ [ALERTS]: pendingReply });
    const { user } = renderComponent(<AlertsBell placement="sidebar" />);
    await user.click(bell('Alerts'));
    expect(panel().getByRole('status', { name: 'Loading alerts' })).toBeInTheDocument();
  });

  it('keeps a quiet bell when the alerts fail to load, says why inside, and tries again', async () => {
    let fail = true;
    mockApi({
      [ALERTS]: () =>
        fail
          ? { status: 500, body: { message: 'Database unavailable' } }
          : alertsReply(buildAlerts(2)),
    });
    const { user } = renderComponent(<AlertsBell placement="sidebar" />);
    await user.click(bell('Alerts'));
    expect(await panel().findByText('Failed to load alerts')).toBeVisible();
    expect(panel().getByText('Database unavailable')).toBeVisible();
    expect(bell('Alerts')).not.toHaveTextContent(/\d/);

    fail = false;
    await user.click(panel().getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Alerts 2 unread' })).toBeInTheDocument();
    expect(panel().getAllByRole('listitem')).toHaveLength(2);
  });

  it('toasts when an alert cannot be marked read, and shows it again', async () => {
    const alert = buildAlert();
    mockApi({
      [ALERTS]: alertsReply([alert]),
      [`POST /api/alerts/${alert.alert_id}/read`]: 'network-error',
    });
    const { user } = renderComponent(
      <CustomerLinksProvider enabled={false}>
        <AlertsBell placement="sidebar" />
      </CustomerLinksProvider>,
    );
    await user.click(await screen.findByRole('button', { name: 'Alerts 1 unread' }));
    // A role without customer pages reads the alert where it is.
    expect(panel().queryByRole('link', { name: /C-10001/ })).not.toBeInTheDocument();
    await user.click(panel().getByRole('button', { name: 'Mark as read' }));
    expect(await findNotification('Could not mark the alert as read')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Alerts 1 unread' })).toBeInTheDocument();
  });

  it('asks again when the window gets the focus back', async () => {
    const api = mockApi({ [ALERTS]: alertsReply(buildAlerts(1)) });
    renderComponent(<AlertsBell placement="sidebar" />);
    await screen.findByRole('button', { name: 'Alerts 1 unread' });
    expect(api.callsTo('GET', '/api/alerts')).toHaveLength(1);
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(api.callsTo('GET', '/api/alerts')).toHaveLength(2));
    focusManager.setFocused(undefined);
  });
});
