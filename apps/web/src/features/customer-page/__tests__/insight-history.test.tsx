import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildHistoryEntry, buildSnapshot } from '@/testing/alerts-data';
import { buildCustomerPage } from '@/testing/customer-page-data';
import { buildFileSummary } from '@/testing/data';
import { mockApi } from '@/testing/mock-api';
import { renderComponent } from '@/testing/render-component';
import { CustomerPage } from '../components/customer-page';

const PAGE = 'GET /api/content/customer/C-10001';
const FILES = 'GET /api/content/list-all-uploaded-files';

/** Newest first, as the page answers: a second file made the customer riskier. */
const HISTORY = [
  buildHistoryEntry({
    ...buildSnapshot({
      priority_score: 7.8,
      urgency_level: 'high',
      risk_level: 'high',
      top_product_id: 'p-saver',
    }),
    recorded_at: '2026-11-26T09:00:00.000Z',
    file_id: 'file-2',
    changes: ['priority_jump', 'urgency_up', 'risk_level_up', 'product_change'],
  }),
  buildHistoryEntry({ recorded_at: '2026-11-01T09:00:00.000Z', file_id: 'file-1' }),
];

const history = async () => within(await screen.findByRole('region', { name: 'Insight history' }));

describe('Customer page: insight history', () => {
  it('draws the priority over time and lists each change as before → after, with its file', async () => {
    mockApi({
      [PAGE]: { body: buildCustomerPage({ history: HISTORY }) },
      [FILES]: {
        body: {
          files: [
            buildFileSummary({ file_id: 'file-1', filename: 'book-november.csv' }),
            buildFileSummary({ file_id: 'file-2', filename: 'book-late-november.csv' }),
          ],
        },
      },
    });
    renderComponent(<CustomerPage customerId="C-10001" />);

    const chart = await screen.findByRole('img', { name: /Priority over time/ });
    expect(chart).toHaveAccessibleName(
      'Priority over time From 4.10 on Nov 1, 2026 to 7.80 on Nov 26, 2026 (2 records).',
    );
    expect(chart.querySelectorAll('circle')).toHaveLength(2);

    const entries = within(
      (await history()).getByRole('list', { name: 'Insight changes, newest first' }),
    )
      .getAllByRole('listitem')
      .filter((item) => item.parentElement?.getAttribute('role') === 'list');
    expect(entries).toHaveLength(2);
    const latest = within(entries[0]!);
    for (const badge of ['Priority jump', 'Urgency up', 'Risk level up', 'Product change'])
      expect(latest.getByText(badge)).toBeVisible();
    expect(await latest.findByText(/From book-late-november\.csv/)).toBeVisible();
    expect(entries[0]).toHaveTextContent('Priority: 4.10 → 7.80');
    expect(entries[0]).toHaveTextContent('Urgency: Medium → High');
    expect(entries[0]).toHaveTextContent('Risk level: Low → High');
    // The product's name from the page's own products.
    expect(entries[0]).toHaveTextContent('Top product: None → Easy Access Saver');
    expect(entries[0]).not.toHaveTextContent('Segment:');

    const first = within(entries[1]!);
    expect(first.getByText('First record')).toBeVisible();
    expect(entries[1]).toHaveTextContent('Priority: 4.10');
    expect(entries[1]).toHaveTextContent('Segment: Balanced');
    expect(first.getByText(/From book-november\.csv/)).toBeVisible();
  });

  it('names the API feed, and a file the firm no longer has, without the file list', async () => {
    mockApi({
      [PAGE]: {
        body: buildCustomerPage({
          history: [
            buildHistoryEntry({
              recorded_at: '2026-11-26T09:00:00.000Z',
              source: 'api',
              file_id: 'batch-1',
              priority_score: 6.5,
            }),
            buildHistoryEntry({ file_id: 'deleted-file' }),
          ],
        }),
      },
      [FILES]: { status: 500, body: { message: 'down' } },
    });
    renderComponent(<CustomerPage customerId="C-10001" />);
    const section = await history();
    expect(section.getByText(/From the API feed/)).toBeVisible();
    expect(section.getByText(/From a file no longer listed/)).toBeVisible();
    expect(section.getByText('4.10 → 6.50')).toBeVisible();
  });

  it('says there is no history yet for a customer without records', async () => {
    mockApi({ [PAGE]: { body: buildCustomerPage({ history: [] }) } });
    renderComponent(<CustomerPage customerId="C-10001" />);
    expect(
      (await history()).getByText('No history yet: the next import of this customer starts it.'),
    ).toBeVisible();
    expect(screen.queryByRole('img', { name: /Priority over time/ })).not.toBeInTheDocument();
  });
});
