import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { RM_IDS, buildAuditEvents } from '@/testing/admin-data';
import { buildUser } from '@/testing/data';
import { mockApiWithQuery, type QueryHandler } from '@/testing/mock-api-query';
import { renderComponent } from '@/testing/render-component';
import { DESKTOP_WIDTH, MOBILE_WIDTH, mockViewport } from '@/testing/viewport';
import { AuditLog } from '../components/audit-log';
import { actionLabel, shortId, summariseChange } from '../utils/summarise';

const EVENTS = 'GET /api/audit/events';

const assigned = {
  id: '1',
  actor_email: 'ada@firm.example',
  actor_role: 'admin',
  action: 'customer.assigned',
  subject_type: 'customer',
  subject_id: 'C-0001',
  before: { rm_id: null },
  after: { rm_id: RM_IDS.jane, rm_name: 'Jane Doe' },
  created_at: '2025-03-01T10:00:00.000Z',
};

function open(reply: QueryHandler) {
  const api = mockApiWithQuery({ [EVENTS]: reply });
  const view = renderComponent(<AuditLog />, { user: buildUser({ subscription: 'pro' }) });
  return { ...view, api };
}

describe('summariseChange', () => {
  it.each([
    [
      'an assignment',
      { rm_id: null },
      { rm_id: RM_IDS.jane, rm_name: 'Jane Doe' },
      'rm: none → rm: Jane Doe',
    ],
    [
      'a reassignment by id',
      { rm_id: RM_IDS.jane },
      { rm_id: RM_IDS.omar, rm_name: 'Omar Ali' },
      'rm: 11111111… → rm: Omar Ali',
    ],
    [
      'a created employee',
      null,
      { name: 'Jane Doe', email: 'jane@firm.example', role: 'rm' },
      '→ name: Jane Doe, email: jane@firm.example, role: rm',
    ],
    [
      'a deleted employee',
      { name: 'Jane Doe', email: 'jane@firm.example', role: 'rm' },
      { unassigned_customers: 3 },
      'name: Jane Doe, email: jane@firm.example, role: rm → unassigned customers: 3',
    ],
    [
      'a reassignment, both RMs named by the server',
      { rm_id: RM_IDS.jane, rm_name: 'Jane Doe' },
      { rm_id: RM_IDS.omar, rm_name: 'Omar Ali' },
      'rm: Jane Doe → rm: Omar Ali',
    ],
    [
      'a distribution: who got how many',
      null,
      {
        per_rm: [
          { rm_id: RM_IDS.jane, rm_name: 'Jane Doe', assigned: 1200 },
          { rm_id: RM_IDS.omar, rm_name: 'Omar Ali', assigned: 3 },
          { rm_id: RM_IDS.lena, assigned: 2 },
        ],
      },
      '→ per RM: Jane Doe 1,200, Omar Ali 3, 33333333… 2',
    ],
    [
      'a bulk assignment',
      { customers: [{}, {}] },
      { rm_id: RM_IDS.jane, customers: 2 },
      'customers: 2 items → rm: 11111111…, customers: 2',
    ],
    [
      'an upload, with its size and camel-case keys',
      null,
      { filename: 'book.csv', file_size: 6391, paymentUrl: null },
      '→ filename: book.csv, file size: 6.24 KB, payment url: none',
    ],
    ['nothing', null, null, '—'],
    [
      'many fields and nested records',
      null,
      {
        outcome: 'snoozed',
        snooze_until: '2025-04-01',
        reason: null,
        recommendation: { a: 1 },
        extra: 1,
      },
      '→ outcome: snoozed, snooze until: 2025-04-01, reason: none, recommendation: …, +1 more',
    ],
  ])('%s', (_name, before, after, expected) => {
    expect(summariseChange(before, after)).toBe(expected);
  });

  it.each([
    ['customer.assigned', 'Customer assigned'],
    ['customer.bulk_assigned', 'Customer bulk assigned'],
    ['call.snoozed', 'Call snoozed'],
    ['call.called', 'Customer called'],
    ['customer.distributed', 'Customers distributed'],
  ])('labels %s as %s', (action, label) => {
    expect(actionLabel(action)).toBe(label);
  });
});

describe('shortId', () => {
  it('cuts UUIDs to 8 characters and other long ids to 15, and leaves short ids whole', () => {
    expect(shortId(RM_IDS.jane)).toBe(`${RM_IDS.jane.slice(0, 8)}…`);
    expect(shortId('cs_local_XISEsCTdNZDExBVyQ2')).toBe('cs_local_XISEsC…');
    expect(shortId('C-100001')).toBe('C-100001');
    expect(shortId('sixteen-chars-id')).toBe('sixteen-chars-id');
  });
});

describe('AuditLog', () => {
  beforeEach(() => mockViewport(DESKTOP_WIDTH));

  it('shows one card per event on a phone, where the five columns would scroll sideways', async () => {
    mockViewport(MOBILE_WIDTH);
    open({ status: 200, body: buildAuditEvents([assigned]) });
    const list = within(await screen.findByRole('list', { name: 'Audit log' }));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(list.getByRole('listitem'));
    expect(card.getByText('Customer assigned')).toBeInTheDocument();
    expect(card.getByText('ada@firm.example')).toBeInTheDocument();
    expect(card.getByText('rm: none → rm: Jane Doe')).toBeInTheDocument();
    expect(card.getByText(/Mar 1, 2025/)).toBeInTheDocument();
  });

  it('lists who did what, with the change summarised', async () => {
    open({ status: 200, body: buildAuditEvents([assigned]) });
    const table = within(await screen.findByRole('table', { name: 'Audit log' }));
    expect(table.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'When',
      'Who',
      'Action',
      'Subject',
      'Change',
    ]);
    // One line per email (a break-anywhere email squeezed the column to a letter) and the
    // role badge whole.
    expect(table.getByText('ada@firm.example')).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(table.getByText('admin').closest('.mantine-Badge-root')).toHaveStyle({
      maxWidth: 'none',
    });
    expect(table.getByText('Customer assigned')).toBeInTheDocument();
    expect(table.getByText('rm: none → rm: Jane Doe')).toBeInTheDocument();
    expect(table.getByText(/Mar 1, 2025/)).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
  });

  it('pages through the log', async () => {
    const { user, api } = open((_call, query) => {
      const page = Number(query.get('page'));
      return {
        status: 200,
        body: buildAuditEvents(
          [{ ...assigned, id: String(page), subject_id: `C-P${page}` }],
          page,
          20,
          45,
        ),
      };
    });
    expect(await screen.findByText('Showing 1 to 20 of 45 events')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('C-P2')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(api.queryCalls('GET', '/api/audit/events').at(-1)!.query.get('page_size')).toBe('20');
  });

  it('says when nothing happened yet', async () => {
    open({ status: 200, body: buildAuditEvents([]) });
    expect(await screen.findByText('No activity recorded yet.')).toBeInTheDocument();
  });

  it('shows the failure with the fallback', async () => {
    open({ status: 500 });
    expect(await screen.findByText('Failed to fetch the audit log')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
  });
});
