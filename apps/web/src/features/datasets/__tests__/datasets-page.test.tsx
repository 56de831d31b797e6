import { FREE_PLAN_UPLOAD_MESSAGE, type User } from '@behavio/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  TEST_TOKEN,
  buildFileSummary,
  buildPreview,
  buildPreviewFileResponse,
  buildUploadResponse,
  buildUser,
  checkUserReply,
} from '@/testing/data';
import { mockApi, type Handler } from '@/testing/mock-api';
import { findToastWith, renderApp } from '@/testing/test-utils';

const LIST = 'GET /api/content/list-all-uploaded-files';
const preview = (id: string) => `GET /api/content/preview-file/${id}`;

async function openDatasets(routes: Record<string, Handler>, user: Partial<User> = {}) {
  const api = mockApi({
    'GET /api/auth/check-user': checkUserReply(buildUser(user)),
    ...routes,
  });
  const view = renderApp('/datasets', { token: TEST_TOKEN });
  await screen.findByRole('heading', { name: 'Your Datasets' });
  return { ...view, api };
}

const main = () => within(screen.getByRole('main'));
const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

function badgeColor(text: string) {
  const badge = main().getByText(text).closest('.mantine-Badge-root');
  return badge?.getAttribute('style') ?? '';
}

describe('Datasets screen', () => {
  it('shows the upload tab first, then a tab per file with its status badge colour; a failed import under the upload', async () => {
    const files = [
      buildFileSummary({ file_id: 'a', filename: 'done.csv', job_status: 'completed' }),
      buildFileSummary({
        file_id: 'b',
        filename: 'a-very-long-file-name-for-the-quarterly-customers-export.xlsx',
        job_status: 'failed',
        error: 'No row passed the checks.',
      }),
    ];
    const { user } = await openDatasets(
      {
        [LIST]: { body: { files } },
        [preview('a')]: { body: buildPreviewFileResponse({ file_id: 'a' }) },
        [preview('b')]: {
          body: buildPreviewFileResponse({
            file_id: 'b',
            job_status: 'failed',
            preview: buildPreview({ error: 'No row passed the checks.', preview_rows: [] }),
          }),
        },
      },
      { subscription: 'pro' },
    );
    await screen.findByRole('tab', { name: /done\.csv/ });
    expect(tabNames()).toEqual(['Upload Dataset', 'done.csv']);
    // One row that scrolls sideways rather than tabs stacked a screen tall on a phone.
    expect(screen.getByRole('tablist')).toHaveStyle({ flexWrap: 'nowrap', overflowX: 'auto' });
    expect(screen.getByRole('tab', { name: 'Upload Dataset' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    await user.click(screen.getByRole('tab', { name: /done\.csv/ }));
    expect(await main().findByText('completed')).toBeInTheDocument();
    expect(badgeColor('completed')).toContain('--mantine-color-green');

    await user.click(screen.getByRole('tab', { name: 'Upload Dataset' }));
    const failed = within(await main().findByRole('region', { name: 'Failed uploads (1)' }));
    await user.click(failed.getByRole('button', { name: /quarterly/ }));
    expect(await main().findByText('failed')).toBeInTheDocument();
    expect(badgeColor('failed')).toContain('--mantine-color-red');
    expect(main().getByRole('alert')).toHaveTextContent('No row passed the checks.');
    expect(main().getByText('No preview available :(')).toBeInTheDocument();
  });

  it('shows the file facts, the first 5 rows of every column, the hint and Delete File', async () => {
    const columns = [
      { name: 'customer_id', required: true, kind: 'text' as const },
      { name: 'age', required: true, kind: 'integer' as const },
      { name: 'limit_orders_at_purchase_px', required: true, kind: 'boolean' as const },
      { name: 'aum', required: false, kind: 'number' as const },
      { name: 'branch', required: false, kind: 'extra' as const },
    ];
    const rows = Array.from({ length: 7 }, (_, index) => ({
      customer_id: `C-${index + 1}`,
      age: index === 1 ? null : 40 + index,
      limit_orders_at_purchase_px: index % 2 === 0,
      aum: 1234567.5,
      branch: 'North',
    }));
    const { user } = await openDatasets({
      [LIST]: {
        body: {
          files: [
            buildFileSummary({ file_id: 'f-42', filename: 'book.csv', file_size: 2_621_440 }),
          ],
        },
      },
      [preview('f-42')]: {
        body: buildPreviewFileResponse({
          file_id: 'f-42',
          preview: buildPreview({ columns_info: columns, preview_rows: rows }),
        }),
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'book.csv' }));

    expect(await main().findByRole('heading', { name: 'book.csv' })).toBeInTheDocument();
    expect(main().getByText('f-42')).toBeInTheDocument();
    expect(main().getByText('2.5 MB')).toBeInTheDocument();
    const heading = main().getByRole('heading', { name: 'Preview (first 5 rows)' });
    const table = heading.parentElement!.querySelector('table')!;
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['customer_id', 'age', 'limit_orders_at_purchase_px', 'aum', 'branch']);
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(bodyRows).toHaveLength(5);
    expect(
      within(bodyRows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['C-1', '40', 'Yes', (1234567.5).toLocaleString(), 'North']);
    expect(
      within(bodyRows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['C-2', '-', 'No', (1234567.5).toLocaleString(), 'North']);
    expect(main().getByText(/Assign these customers to your relationship managers/)).toBeVisible();
    expect(main().getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(main().getByRole('button', { name: 'Delete File' })).toBeInTheDocument();
  });

  it('says "No preview available :(" when the file has no preview rows', async () => {
    const { user } = await openDatasets({
      [LIST]: { body: { files: [buildFileSummary()] } },
      [preview('file-1')]: {
        body: buildPreviewFileResponse({ preview: buildPreview({ preview_rows: [] }) }),
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'customers.csv' }));
    expect(await main().findByText('No preview available :(')).toBeInTheDocument();
  });

  it('shows "Preview failed" when the preview cannot be loaded', async () => {
    const { user } = await openDatasets({
      [LIST]: { body: { files: [buildFileSummary()] } },
      [preview('file-1')]: { status: 404, body: { message: 'File not found' } },
    });
    await user.click(await screen.findByRole('tab', { name: 'customers.csv' }));
    expect(await findToastWith('Preview failed', 'Could not load preview.')).toBeInTheDocument();
    expect(main().getByText('No preview available :(')).toBeInTheDocument();
  });

  it('shows "Failed to fetch files" when the list cannot be loaded', async () => {
    await openDatasets({ [LIST]: { status: 500, body: { message: 'Boom' } } });
    expect(await findToastWith('Failed to fetch files', 'Please try again.')).toBeInTheDocument();
    expect(main().getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('on the free plan, the upload tab explains the limit and links to the subscription', async () => {
    const { user, router } = await openDatasets(
      { [LIST]: { body: { files: [buildFileSummary()] } } },
      { subscription: 'free', noOfFileUploads: 1 },
    );
    expect(await main().findByText(FREE_PLAN_UPLOAD_MESSAGE)).toBeVisible();
    expect(main().queryByRole('button', { name: 'Browse files' })).not.toBeInTheDocument();
    await user.click(main().getByRole('link', { name: 'View subscription plans' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscription'));
  });

  it('on the free plan, a failed attempt is listed as failed under the notice, not as a second file tab', async () => {
    const files = [
      buildFileSummary({ file_id: 'a', filename: 'book.csv', job_status: 'completed' }),
      buildFileSummary({
        file_id: 'b',
        filename: 'first-try.csv',
        job_status: 'failed',
        error: 'No row of the file is valid.',
      }),
    ];
    await openDatasets(
      { [LIST]: { body: { files } } },
      { subscription: 'free', noOfFileUploads: 1 },
    );
    expect(await main().findByText(FREE_PLAN_UPLOAD_MESSAGE)).toBeVisible();
    await screen.findByRole('tab', { name: /book\.csv/ });
    expect(tabNames()).toEqual(['Upload Dataset', 'book.csv']);
    const failed = within(main().getByRole('region', { name: 'Failed uploads (1)' }));
    expect(failed.getByRole('button', { name: /first-try\.csv/ })).toBeInTheDocument();
    expect(failed.getByText(/do not count as uploaded files/)).toBeInTheDocument();
  });

  it('on a paid plan, uploads from the tab; Continue reloads the user and opens the new file', async () => {
    let listed = false;
    const { api, user } = await openDatasets(
      {
        [LIST]: () => ({
          body: {
            files: [
              buildFileSummary({ file_id: 'old', filename: 'old.csv' }),
              ...(listed ? [buildFileSummary({ file_id: 'new', filename: 'new.csv' })] : []),
            ],
          },
        }),
        'POST /api/content/upload-file': () => {
          listed = true;
          return {
            status: 201,
            body: buildUploadResponse({
              file_id: 'new',
              preview: buildPreview({
                filename: 'new.csv',
                preview_rows: [
                  { customer_id: 'C-1', risk_profile: 9, leverage_ratio: 2.5, cash_pct: 12.5 },
                ],
              }),
            }),
          };
        },
        [preview('new')]: { body: buildPreviewFileResponse({ file_id: 'new' }) },
      },
      { subscription: 'pro', noOfFileUploads: 1 },
    );
    // Exactly one file: the guide is hidden, the drop zone is there.
    expect(await main().findByRole('button', { name: 'Browse files' })).toBeInTheDocument();
    expect(
      main().queryByRole('button', { name: 'Required Fields (28 total)' }),
    ).not.toBeInTheDocument();

    await userEvent
      .setup({ applyAccept: false })
      .upload(main().getByLabelText('Customers file'), new File(['x'], 'new.csv'));
    expect(
      await findToastWith(
        'File uploaded successfully',
        'Preview loaded with 3 rows. 3 accepted, 0 rejected.',
      ),
    ).toBeInTheDocument();
    // On the Datasets tab already: the box does not send the user to it.
    expect(main().getByText('You can preview it or delete it here.')).toBeInTheDocument();
    const previewTable = main()
      .getByRole('heading', { name: 'Preview (first 1 customers)' })
      .parentElement!.querySelector('table')!;
    const headers = within(previewTable)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).not.toContain('Leverage');
    expect(headers).toContain('Stock %');
    expect(main().queryByRole('button', { name: 'Remove File' })).not.toBeInTheDocument();
    expect(main().getByRole('button', { name: 'Delete File' })).toBeInTheDocument();
    // The new file has its tab already.
    expect(await screen.findByRole('tab', { name: 'new.csv' })).toBeInTheDocument();

    await user.click(main().getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/auth/check-user')).toHaveLength(2));
    expect(await screen.findByRole('tab', { name: 'new.csv' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await main().findByRole('heading', { name: 'new.csv' })).toBeInTheDocument();
  });

  it('asks before deleting a file, then shows "File deleted" and goes back to the upload tab', async () => {
    let deleted = false;
    const { api, user } = await openDatasets(
      {
        [LIST]: () => ({
          body: { files: deleted ? [] : [buildFileSummary({ file_id: 'f-1', filename: 'x.csv' })] },
        }),
        [preview('f-1')]: { body: buildPreviewFileResponse({ file_id: 'f-1' }) },
        'GET /api/content/delete-file/f-1': () => {
          deleted = true;
          return { body: { message: 'File deleted', file_id: 'f-1', removed_customers: 3 } };
        },
      },
      { subscription: 'pro', noOfFileUploads: 2 },
    );
    await user.click(await screen.findByRole('tab', { name: 'x.csv' }));
    await user.click(await main().findByRole('button', { name: 'Delete File' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this file?')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await findToastWith('File deleted')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/content/delete-file/f-1')).toHaveLength(1);
    await waitFor(() => expect(tabNames()).toEqual(['Upload Dataset']));
    expect(screen.getByRole('tab', { name: 'Upload Dataset' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // The user is checked again: the file count may have changed.
    await waitFor(() => expect(api.callsTo('GET', '/api/auth/check-user')).toHaveLength(2));
  });

  it('shows "Delete failed" when the delete does not go through', async () => {
    const { user } = await openDatasets({
      [LIST]: { body: { files: [buildFileSummary()] } },
      [preview('file-1')]: { body: buildPreviewFileResponse() },
      'GET /api/content/delete-file/file-1': { status: 500, body: { message: 'Boom' } },
    });
    await user.click(await screen.findByRole('tab', { name: 'customers.csv' }));
    await user.click(await main().findByRole('button', { name: 'Delete File' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await findToastWith('Delete failed', 'Try again later.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'customers.csv' })).toBeInTheDocument();
  });

  it('shows the problems of a file with rejected rows and the error report link', async () => {
    const { user } = await openDatasets({
      [LIST]: { body: { files: [buildFileSummary({ rejected_rows: 1 })] } },
      [preview('file-1')]: {
        body: buildPreviewFileResponse({
          preview: buildPreview({
            accepted_rows: 2,
            rejected_rows: 1,
            problems: [{ row: 4, column: 'risk_profile', value: '11', reason: 'must be 1-10' }],
          }),
        }),
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'customers.csv' }));
    expect(await main().findByText('First problem')).toBeInTheDocument();
    const table = main().getByRole('columnheader', { name: 'Reason' }).closest('table')!;
    expect(
      within(table)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['4', 'risk_profile', '11', 'must be 1-10']);
    expect(main().getByRole('button', { name: 'Download error report' })).toBeInTheDocument();
  });

  it('polls while a file is processing, so its badge turns completed by itself', async () => {
    let listCalls = 0;
    let previewCalls = 0;
    const { user } = await openDatasets({
      [LIST]: () => {
        listCalls += 1;
        return {
          body: {
            files: [buildFileSummary({ job_status: listCalls === 1 ? 'processing' : 'completed' })],
          },
        };
      },
      [preview('file-1')]: () => {
        previewCalls += 1;
        return {
          body: buildPreviewFileResponse(
            previewCalls === 1
              ? {
                  job_status: 'processing',
                  preview: buildPreview({
                    total_rows: null,
                    accepted_rows: null,
                    rejected_rows: null,
                  }),
                }
              : {},
          ),
        };
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'customers.csv' }));
    expect(await main().findByText('processing')).toBeInTheDocument();
    expect(badgeColor('processing')).toContain('--mantine-color-yellow');
    expect(main().getByText(/still being imported/)).toBeInTheDocument();

    expect(await main().findByText('completed', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(badgeColor('completed')).toContain('--mantine-color-green');
    expect(main().queryByText(/still being imported/)).not.toBeInTheDocument();
    expect(main().getByText('Accepted rows').nextSibling).toHaveTextContent('3');
    expect(listCalls).toBeGreaterThanOrEqual(2);
  });

  it('shows the rows processed out of the total and the rate while a file imports, poll by poll', async () => {
    const progress = [
      { rows_processed: 2_000, rows_expected: 16_000, rows_per_second: 1_000 },
      { rows_processed: 6_000, rows_expected: 16_000, rows_per_second: 1_500 },
    ];
    let polls = 0;
    const { user } = await openDatasets({
      [LIST]: { body: { files: [buildFileSummary({ job_status: 'processing' })] } },
      [preview('file-1')]: () => {
        const step = progress[Math.min(polls++, progress.length - 1)]!;
        return {
          body: buildPreviewFileResponse({
            job_status: 'processing',
            ...step,
            preview: buildPreview({ total_rows: null, accepted_rows: null, rejected_rows: null }),
          }),
        };
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'customers.csv' }));
    expect(
      await main().findByText('2,000 of 16,000 rows processed · 1,000 rows/s'),
    ).toBeInTheDocument();
    expect(main().getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
      'aria-valuenow',
      '12.5',
    );
    expect(
      await main().findByText(
        '6,000 of 16,000 rows processed · 1,500 rows/s',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(main().getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
      'aria-valuenow',
      '37.5',
    );
  });

  it('tells a non-admin that only the admin uploads, and offers no Delete File', async () => {
    const { user } = await openDatasets(
      {
        [LIST]: { body: { files: [buildFileSummary()] } },
        [preview('file-1')]: { body: buildPreviewFileResponse() },
      },
      { role: 'compliance', subscription: 'pro' },
    );
    expect(await main().findByText(/Only your firm admin can upload customer files/)).toBeVisible();
    expect(main().queryByRole('button', { name: 'Browse files' })).not.toBeInTheDocument();

    await user.click(await screen.findByRole('tab', { name: 'customers.csv' }));
    expect(await main().findByRole('heading', { name: 'Preview (first 5 rows)' })).toBeVisible();
    expect(main().queryByRole('button', { name: 'Delete File' })).not.toBeInTheDocument();
  });
});
