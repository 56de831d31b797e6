import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildAuditEvents } from '@/testing/admin-data';
import { buildUser } from '@/testing/data';
import { mockApiWithQuery, type RecordedQueryCall } from '@/testing/mock-api-query';
import { renderComponent } from '@/testing/render-component';
import { DESKTOP_WIDTH, mockViewport } from '@/testing/viewport';
import { AuditLog } from '../components/audit-log';

/*
 * The audit log's filters (issue 20): action, person and days, in the address and sent to the
 * server (which filters every page); the export takes the same filters.
 */

const EVENTS = '/api/audit/events';
const params = (call: RecordedQueryCall | undefined) => Object.fromEntries(call?.query ?? []);

function open(initialEntry = '/') {
  mockViewport(DESKTOP_WIDTH);
  const api = mockApiWithQuery({
    [`GET ${EVENTS}`]: { status: 200, body: buildAuditEvents([]) },
    [`GET ${EVENTS}/export`]: { status: 200, body: 'file' },
  });
  const view = renderComponent(<AuditLog />, {
    user: buildUser({ subscription: 'pro' }),
    initialEntry,
  });
  return { ...view, api };
}

describe('Audit log filters', () => {
  beforeEach(() => {
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it('opens a shared link with its filters, and says when nothing matches', async () => {
    const { api } = open('/?action=call.called&actor=rm@firm.example&from=2026-11-01&to=nonsense');
    expect(await screen.findByText('No activity matches these filters.')).toBeInTheDocument();
    expect(params(api.queryCalls('GET', EVENTS).at(-1))).toEqual({
      action: 'call.called',
      actor: 'rm@firm.example',
      from: '2026-11-01',
      page: '1',
      page_size: '20',
    });
    expect(screen.getByRole('textbox', { name: 'Action' })).toHaveValue('call.called');
  });

  it('filters by person and day, then exports what the filters keep', async () => {
    const { api, user, router } = open();
    await screen.findByText('No activity recorded yet.');
    await user.type(screen.getByRole('textbox', { name: 'Person' }), 'ada@firm.example');
    await user.type(screen.getByLabelText('From'), '2026-11-02');
    await waitFor(() =>
      expect(params(api.queryCalls('GET', EVENTS).at(-1))).toEqual({
        actor: 'ada@firm.example',
        from: '2026-11-02',
        page: '1',
        page_size: '20',
      }),
    );
    expect(router.state.location.search).toBe('?actor=ada%40firm.example&from=2026-11-02');

    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excel (.xlsx)' }));
    await waitFor(() => expect(api.queryCalls('GET', `${EVENTS}/export`)).toHaveLength(1));
    expect(params(api.queryCalls('GET', `${EVENTS}/export`)[0])).toEqual({
      actor: 'ada@firm.example',
      from: '2026-11-02',
      format: 'xlsx',
    });
  });
});
