import type { Role } from '@behavio/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildFileChangeItem, buildFileChanges } from '@/testing/alerts-data';
import {
  TEST_TOKEN,
  buildFileSummary,
  buildPreviewFileResponse,
  buildUser,
  checkUserReply,
} from '@/testing/data';
import { mockApiWithQuery, type QueryHandler } from '@/testing/mock-api-query';
import { renderApp } from '@/testing/test-utils';

const CHANGES = 'GET /api/content/file-changes/file-2';

/** Datasets with one completed file open on its tab, as `role`. */
async function openFileTab(changes: QueryHandler, role: Role = 'admin') {
  const api = mockApiWithQuery({
    'GET /api/auth/check-user': checkUserReply(buildUser({ role, subscription: 'pro' })),
    'GET /api/content/list-all-uploaded-files': {
      body: { files: [buildFileSummary({ file_id: 'file-2', filename: 'second.csv' })] },
    },
    'GET /api/content/preview-file/file-2': {
      body: buildPreviewFileResponse({ file_id: 'file-2' }),
    },
    'GET /api/alerts': { body: { alerts: [], unread_count: 0 } },
    [CHANGES]: changes,
  });
  const view = renderApp('/datasets', { token: TEST_TOKEN });
  await view.user.click(await screen.findByRole('tab', { name: /second\.csv/ }));
  return { ...view, api };
}

const summary = () => within(screen.getByRole('region', { name: 'What changed in this import' }));

describe('Datasets file tab: what the import changed', () => {
  it('shows the counts, the changes by kind with their rules, and the customers changed', async () => {
    await openFileTab({ body: buildFileChanges() });
    expect(await summary().findByText('New customers')).toBeVisible();
    // The first of each word is its count's label; the rows' badges come after.
    const stat = (label: string) => summary().getAllByText(label)[0]!.parentElement!;
    expect(stat('New customers')).toHaveTextContent('1');
    expect(stat('Updated')).toHaveTextContent('2');
    expect(stat('Unchanged')).toHaveTextContent('37');
    expect(stat('Removed')).toHaveTextContent('0');

    const kinds = within(summary().getByRole('list', { name: 'Changes by kind' }));
    const kind = (label: string) =>
      kinds.getAllByRole('listitem').find((item) => item.textContent?.startsWith(label));
    expect(kind('Priority jump')).toHaveTextContent(
      'Priority jump1The priority score rose by at least 2 points',
    );
    expect(kind('Risk level up')).toHaveTextContent('Risk level up0');

    const table = within(
      summary().getByRole('table', { name: 'Customers this import created or changed' }),
    );
    const rows = table.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('C-10001');
    expect(rows[0]).toHaveTextContent('Updated');
    expect(rows[0]).toHaveTextContent('Priority jump');
    expect(rows[0]).toHaveTextContent('Priority: 4.10 → 7.80');
    expect(rows[0]).toHaveTextContent('Urgency: Medium → High');
    expect(rows[1]).toHaveTextContent('Segment: Balanced → Overconfident');
    expect(rows[2]).toHaveTextContent('New');
    expect(within(rows[0]!).getByRole('link', { name: 'C-10001' })).toHaveAttribute(
      'href',
      '/customers/C-10001',
    );
    expect(summary().getByText('Showing 1 to 3 of 3 customers')).toBeVisible();
  });

  it('pages the customers 20 at a time', async () => {
    const items = Array.from({ length: 25 }, (_, index) =>
      buildFileChangeItem({ customer_id: `C-${20001 + index}` }),
    );
    const { user, api } = await openFileTab((_call, query) => {
      const offset = Number(query.get('offset'));
      const limit = Number(query.get('limit'));
      return {
        body: buildFileChanges({ items: items.slice(offset, offset + limit), total_items: 25 }),
      };
    });
    expect(await summary().findByText('Showing 1 to 20 of 25 customers')).toBeVisible();
    await user.click(summary().getByRole('button', { name: 'Next' }));
    expect(await summary().findByText('Showing 21 to 25 of 25 customers')).toBeVisible();
    expect(summary().getByRole('link', { name: 'C-20021' })).toBeVisible();
    const offsets = api
      .queryCalls('GET', '/api/content/file-changes/file-2')
      .map((c) => c.query.get('offset'));
    expect(offsets).toEqual(['0', '20']);
  });

  it('says when the import changed no customer', async () => {
    await openFileTab({
      body: buildFileChanges({
        new_customers: 0,
        updated: 0,
        unchanged: 40,
        items: [],
        total_items: 0,
      }),
    });
    expect(await summary().findByText('This import created or changed no customer.')).toBeVisible();
  });

  it('shows the error alert with Try again when the changes cannot be loaded', async () => {
    let fail = true;
    const { user } = await openFileTab(() =>
      fail
        ? { status: 500, body: { message: 'Database unavailable' } }
        : { body: buildFileChanges() },
    );
    const alert = await summary().findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load the changes');
    expect(alert).toHaveTextContent('Database unavailable');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await summary().findByText('New customers')).toBeVisible();
  });

  it('shows the summary to head and compliance, with customer ids as text', async () => {
    await openFileTab({ body: buildFileChanges() }, 'head');
    expect(await summary().findByText('C-10001')).toBeVisible();
    expect(summary().queryByRole('link', { name: 'C-10001' })).not.toBeInTheDocument();
  });

  it('neither shows nor asks for the summary for an RM', async () => {
    const { api } = await openFileTab({ body: buildFileChanges() }, 'rm');
    await screen.findByText('Preview (first 5 rows)');
    await waitFor(() => expect(screen.getByText('completed')).toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'What changed in this import' })).toBeNull();
    expect(api.callsTo('GET', '/api/content/file-changes/file-2')).toHaveLength(0);
  });
});
