import {
  FREE_PLAN_UPLOAD_MESSAGE,
  INVALID_FILE_TYPE_MESSAGE,
  type CellValue,
  type UploadResponse,
} from '@behavio/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  TEST_TOKEN,
  buildPreview,
  buildPreviewFileResponse,
  buildUploadResponse,
  buildUser,
  checkUserReply,
} from '@/testing/data';
import { mockApi, type Handler, type Reply } from '@/testing/mock-api';
import { findToast, findToastWith, renderApp } from '@/testing/test-utils';

const UPLOAD = 'POST /api/content/upload-file';

function csvFile(name = 'customers.csv', text = 'customer_id\nC-1\n') {
  return new File([text], name, { type: 'text/csv' });
}

async function openOnboarding(routes: Record<string, Handler> = {}, userOverrides = {}) {
  const api = mockApi({
    'GET /api/auth/check-user': checkUserReply(buildUser({ noOfFileUploads: 0, ...userOverrides })),
    ...routes,
  });
  const view = renderApp('/dashboard', { token: TEST_TOKEN });
  await screen.findByRole('heading', { name: 'Upload your customers file' });
  return { ...view, api };
}

/** Picks files the way the file dialog does (without the browser's own type filter). */
async function chooseFile(file: File) {
  const picker = userEvent.setup({ applyAccept: false });
  await picker.upload(screen.getByLabelText('Customers file'), file);
}

function dropFiles(files: File[]) {
  const zone = screen
    .getByText('Drag and drop your customers file here')
    .closest('.mantine-Dropzone-root');
  if (!zone) throw new Error('No drop zone');
  fireEvent.drop(zone, { dataTransfer: { files, items: undefined, types: ['Files'] } });
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** The page itself, without the toasts (which are alerts too). */
const main = () => within(screen.getByRole('main'));

function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

/** The answer to an upload whose import goes on in the background (counts not known yet). */
const processingUpload = {
  status: 201,
  body: buildUploadResponse({
    message: 'File uploaded; the import is in progress',
    status: 'processing',
    job_status: 'processing',
    preview: buildPreview({ total_rows: null, accepted_rows: null, rejected_rows: null }),
  }),
};

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('Onboarding upload screen', () => {
  it('shows the collapsible 28-column guide, the CSV example, the template and the drop zone', async () => {
    const { user } = await openOnboarding();
    const toggle = screen.getByRole('button', { name: 'Required Fields (28 total)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Identification and demographics')).not.toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(screen.getByText('Identification and demographics')).toBeVisible());
    expect(screen.getByText('Portfolio management')).toBeVisible();
    expect(screen.getByText('max_drawdown_pct')).toBeVisible();
    expect(screen.getByText('-100 to 0')).toBeVisible();
    expect(screen.getByText('aum')).toBeVisible();
    expect(screen.getByText('revenue_12m')).toBeVisible();

    expect(screen.getByText(/^customer_id,country_iso,age,risk_profile/)).toHaveTextContent(
      'C-10001,GBR,42,6,',
    );
    expect(screen.getByRole('button', { name: 'Browse files' })).toBeInTheDocument();
    expect(screen.getByText('Accepted file types: .csv, .xlsx, .xls')).toBeInTheDocument();
  });

  it('builds the CSV template in the browser', async () => {
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:template';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = await openOnboarding();
    await user.click(screen.getByRole('button', { name: 'Download template' }));
    expect(click).toHaveBeenCalledTimes(1);
    const text = await readBlob(created[0]!);
    expect(text.split('\r\n')[0]?.split(',')).toHaveLength(30);
    expect(text.startsWith('customer_id,country_iso,age,risk_profile,')).toBe(true);
  });

  it('uploads with progress, then shows the metadata and the formatted preview', async () => {
    const answer = deferred<Reply>();
    const rows: Record<string, CellValue>[] = [
      {
        customer_id: 'C-1',
        country_iso: 'GBR',
        age: 42,
        risk_profile: 7,
        experience_years: 1234.5,
        cash_pct: 15,
        etf_pct: 45,
        single_stock_pct: 40,
        leverage_ratio: 1.25,
      },
      { customer_id: 'C-2', country_iso: 'DEU', age: null, risk_profile: 4 },
      { customer_id: 'C-3', country_iso: 'FRA', age: 61, risk_profile: 3.9 },
    ];
    const { api } = await openOnboarding({
      [UPLOAD]: () => answer.promise,
    });
    await chooseFile(csvFile('book.csv'));

    expect(
      await screen.findByText('Processing your file... This may take a few moments.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('50%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toBeInTheDocument();

    answer.resolve({
      status: 201,
      body: buildUploadResponse({
        preview: buildPreview({
          filename: 'book.csv',
          total_rows: 1500,
          file_size: 20480,
          preview_rows: rows,
          accepted_rows: 1495,
          rejected_rows: 5,
        }),
      }),
    });

    expect(
      await findToastWith(
        'File uploaded successfully',
        'Preview loaded with 1,500 rows. 1,495 accepted, 5 rejected.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Your file has been saved')).toBeInTheDocument();
    expect(
      screen.getByText('You can preview it or delete it here, or in the Datasets tab.'),
    ).toBeInTheDocument();

    // The multipart body carries one part named `file`.
    const [call] = api.callsTo('POST', '/api/content/upload-file');
    expect((call?.body as FormData).get('file')).toBeInstanceOf(File);
    expect(((call?.body as FormData).get('file') as File).name).toBe('book.csv');
    expect(call?.headers.authorization).toBe(`Bearer ${TEST_TOKEN}`);

    // File chip and metadata grid.
    expect(screen.getAllByText('book.csv').length).toBeGreaterThanOrEqual(2);
    expect(screen.getAllByText('20.00 KB').length).toBeGreaterThanOrEqual(2);
    for (const label of ['Filename', 'Total Rows', 'Total Columns', 'File Size in KB']) {
      expect(screen.getByText(label)).toBeInTheDocument();
    }
    expect(screen.getByText('Total Rows').nextSibling).toHaveTextContent((1500).toLocaleString());
    expect(screen.getByText('Total Columns').nextSibling).toHaveTextContent('28');
    expect(screen.getByText('File Size in KB').nextSibling).toHaveTextContent('20.00 KB');

    // The preview table.
    expect(
      screen.getByRole('heading', { name: 'Preview (first 3 customers)' }),
    ).toBeInTheDocument();
    const table = screen
      .getByRole('heading', { name: 'Preview (first 3 customers)' })
      .parentElement!.querySelector('table')!;
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Customer ID',
      'Country',
      'Age',
      'Risk Profile',
      'Experience',
      'Cash %',
      'ETF %',
      'Stock %',
      'Leverage',
    ]);
    const [, first, second, third] = within(table).getAllByRole('row');
    expect(cellsOf(first!)).toEqual([
      'C-1',
      'GBR',
      '42',
      '7',
      (1234.5).toLocaleString(),
      '15',
      '45',
      '40',
      (1.25).toLocaleString(),
    ]);
    expect(cellsOf(second!)).toEqual(['C-2', 'DEU', '-', '4', '-', '-', '-', '-', '-']);
    const riskBadge = (row: HTMLElement) => within(row).getAllByRole('cell')[3]!.firstElementChild;
    expect(riskBadge(first!)).toHaveAttribute('data-risk-color', 'red');
    expect(riskBadge(second!)).toHaveAttribute('data-risk-color', 'yellow');
    expect(riskBadge(third!)).toHaveAttribute('data-risk-color', 'green');
    expect(riskBadge(first!)?.getAttribute('style')).toContain('--mantine-color-red');
    expect(riskBadge(second!)?.getAttribute('style')).toContain('--mantine-color-yellow');
    expect(riskBadge(third!)?.getAttribute('style')).toContain('--mantine-color-green');

    // The guide steps aside; Remove File and Continue are offered.
    expect(
      screen.queryByRole('button', { name: 'Required Fields (28 total)' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove File' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
  });

  it('refuses a file that is not CSV or Excel without calling the server', async () => {
    const { api } = await openOnboarding();
    await chooseFile(new File(['x'], 'notes.txt', { type: 'text/csv' }));
    expect(await main().findByRole('alert')).toHaveTextContent(INVALID_FILE_TYPE_MESSAGE);
    expect(
      await findToastWith('Invalid file type', 'Please upload only CSV or Excel files'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/content/upload-file')).toHaveLength(0);
  });

  it('uses only the first valid file of a drop', async () => {
    const { api } = await openOnboarding({
      [UPLOAD]: { status: 201, body: buildUploadResponse() },
    });
    dropFiles([
      new File(['x'], 'photo.png', { type: 'image/png' }),
      csvFile('first.CSV'),
      csvFile('second.xlsx'),
    ]);
    expect(await findToast('File uploaded successfully')).toBeInTheDocument();
    const calls = api.callsTo('POST', '/api/content/upload-file');
    expect(calls).toHaveLength(1);
    expect(((calls[0]?.body as FormData).get('file') as File).name).toBe('first.CSV');
  });

  it('shows "Upload validation failed" with preview.error and checks the user again', async () => {
    const error = 'Missing required columns: age, cash_pct';
    const body: Omit<UploadResponse, 'file_id'> & { file_id: null } = {
      message: error,
      status: 'failed',
      job_status: 'failed',
      file_id: null,
      preview: buildPreview({
        total_rows: null,
        total_columns: 0,
        preview_rows: [],
        columns_info: [],
        accepted_rows: null,
        rejected_rows: null,
        error,
      }),
    };
    const { api } = await openOnboarding({ [UPLOAD]: { status: 422, body } });
    await chooseFile(csvFile());

    expect(await findToastWith('Upload validation failed', error)).toBeInTheDocument();
    const alert = main().getByRole('alert');
    expect(alert).toHaveTextContent('Upload validation failed');
    expect(alert).toHaveTextContent(error);
    await waitFor(() => expect(api.callsTo('GET', '/api/auth/check-user')).toHaveLength(2));
    // The user can try again.
    expect(screen.getByRole('button', { name: 'Browse files' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
  });

  it.each([
    [{ status: 500 }, 'Failed to upload file. Please try again.'],
    ['network-error' as const, 'Failed to upload file. Please try again.'],
    [{ status: 403, body: { message: FREE_PLAN_UPLOAD_MESSAGE } }, FREE_PLAN_UPLOAD_MESSAGE],
    [
      { status: 413, body: { message: 'The file is larger than the 100 MB limit.' } },
      'The file is larger than the 100 MB limit.',
    ],
    // product-rules: API calls: upload errors are read from `error` where the body has it.
    [
      { status: 400, body: { message: 'Read from message', error: 'Read from error' } },
      'Read from error',
    ],
  ])('shows "Upload failed" with the server message or the fallback (%j)', async (reply, text) => {
    await openOnboarding({ [UPLOAD]: reply });
    await chooseFile(csvFile());
    expect(await findToastWith('Upload failed', text)).toBeInTheDocument();
    expect(main().getByRole('alert')).toHaveTextContent('Upload failed');
    expect(main().getByRole('alert')).toHaveTextContent(text);
  });

  it('asks before removing the file, then deletes it and starts over', async () => {
    const { api, user } = await openOnboarding({
      [UPLOAD]: { status: 201, body: buildUploadResponse({ file_id: 'file-9' }) },
      'GET /api/content/delete-file/file-9': {
        body: { message: 'File deleted', file_id: 'file-9', removed_customers: 3 },
      },
    });
    await chooseFile(csvFile());
    await user.click(await screen.findByRole('button', { name: 'Remove File' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this file?')).toBeVisible();
    expect(api.callsTo('GET', '/api/content/delete-file/file-9')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await findToast('File deleted')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/content/delete-file/file-9')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Browse files' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove File' })).not.toBeInTheDocument();
  });

  it('keeps the file when the delete fails, with the server message or the fallback', async () => {
    const { user } = await openOnboarding({
      [UPLOAD]: { status: 201, body: buildUploadResponse() },
      'GET /api/content/delete-file/file-1': { status: 500 },
    });
    await chooseFile(csvFile());
    await user.click(await screen.findByRole('button', { name: 'Remove File' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(
      await findToastWith('Failed to delete file', 'An error occurred while deleting the file.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove File' })).toBeInTheDocument();
  });

  it('Continue reloads the user from check-user and leaves the upload-only view', async () => {
    let checks = 0;
    const { api, user } = await openOnboarding({
      'GET /api/auth/check-user': () => {
        checks += 1;
        return checkUserReply(buildUser({ noOfFileUploads: checks === 1 ? 0 : 1 }));
      },
      [UPLOAD]: { status: 201, body: buildUploadResponse() },
    });
    await chooseFile(csvFile());
    await user.click(await screen.findByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/auth/check-user')).toHaveLength(2);
    expect(screen.getAllByRole('navigation', { name: 'Main' }).length).toBeGreaterThan(0);
  });

  it.each([
    [{ status: 500, body: { message: 'Boom' } }, 'Unexpected response', 'Please try again later.'],
    ['network-error' as const, 'Verification failed', 'Unable to verify your upload.'],
  ])('Continue reports a failed check (%j)', async (reply, title, message) => {
    let checks = 0;
    const { user } = await openOnboarding({
      'GET /api/auth/check-user': () => {
        checks += 1;
        return checks === 1 ? checkUserReply(buildUser({ noOfFileUploads: 0 })) : reply;
      },
      [UPLOAD]: { status: 201, body: buildUploadResponse() },
    });
    await chooseFile(csvFile());
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await findToastWith(title, message)).toBeInTheDocument();
    // The upload screen stays, with the result.
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
  });

  it('shows accepted and rejected counts, the first problems and the error report link', async () => {
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:report';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const problems = [
      { row: 3, column: 'age', value: 'old', reason: 'must be a whole number, 0-120' },
      { row: 5, column: 'country_iso', value: '', reason: 'is required' },
    ];
    const { api, user } = await openOnboarding({
      [UPLOAD]: {
        status: 201,
        body: buildUploadResponse({
          preview: buildPreview({ total_rows: 10, accepted_rows: 8, rejected_rows: 2, problems }),
        }),
      },
    });
    mockReport(api);
    await chooseFile(csvFile());

    expect(await screen.findByText('Accepted rows')).toBeInTheDocument();
    expect(screen.getByText('Rejected rows').nextSibling).toHaveTextContent('2');
    expect(screen.getByText('Accepted rows').nextSibling).toHaveTextContent('8');
    expect(screen.getByText('First 2 problems')).toBeInTheDocument();
    const table = screen.getByRole('columnheader', { name: 'Reason' }).closest('table')!;
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Row', 'Column', 'Value', 'Reason']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(cellsOf(first!)).toEqual(['3', 'age', 'old', 'must be a whole number, 0-120']);
    expect(cellsOf(second!)).toEqual(['5', 'country_iso', '(empty)', 'is required']);

    await user.click(screen.getByRole('button', { name: 'Download error report' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(await readBlob(created[0]!)).toBe('row,reason\n3,bad age\n');
    const [call] = api.calls.filter((c) => c.path === '/api/content/file-report/file-1');
    expect(call?.headers.authorization).toBe(`Bearer ${TEST_TOKEN}`);
  });

  it('follows a file that is still processing until the import completes', async () => {
    let polls = 0;
    await openOnboarding({
      [UPLOAD]: processingUpload,
      'GET /api/content/preview-file/file-1': () => {
        polls += 1;
        return {
          body: buildPreviewFileResponse({
            job_status: 'completed',
            preview: buildPreview({ total_rows: 12345, accepted_rows: 12345 }),
          }),
        };
      },
    });
    await chooseFile(csvFile());

    // While processing, the toast counts the preview rows.
    expect(
      await findToastWith('File uploaded successfully', 'Preview loaded with 3 rows.'),
    ).toBeInTheDocument();
    expect(screen.getByText('processing')).toBeInTheDocument();
    expect(screen.getByText('Total Rows').nextSibling).toHaveTextContent('Processing...');
    expect(screen.getByText(/Every row is being checked/)).toBeInTheDocument();

    expect(await screen.findByText('completed', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('processing')).not.toBeInTheDocument();
    expect(screen.getByText('Total Rows').nextSibling).toHaveTextContent((12345).toLocaleString());
    expect(screen.getByText('Accepted rows').nextSibling).toHaveTextContent(
      (12345).toLocaleString(),
    );
    expect(polls).toBeGreaterThan(0);
  });

  it('shows the rows processed and the rate while the import runs, without a total for a spreadsheet', async () => {
    await openOnboarding({
      [UPLOAD]: processingUpload,
      'GET /api/content/preview-file/file-1': {
        body: buildPreviewFileResponse({
          job_status: 'processing',
          rows_processed: 4_000,
          rows_expected: null,
          rows_per_second: 2_000,
          preview: buildPreview({ total_rows: null, accepted_rows: null, rejected_rows: null }),
        }),
      },
    });
    await chooseFile(csvFile('customers.xlsx'));

    expect(
      await main().findByText('4,000 rows processed · 2,000 rows/s', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    // The number of rows of a spreadsheet is not known beforehand: no bar pretends to know.
    expect(main().queryByRole('progressbar', { name: 'Import progress' })).not.toBeInTheDocument();
  });

  it('tells a non-admin that the firm admin has not uploaded a file yet, without a drop zone', async () => {
    let checks = 0;
    const { api, user } = await openOnboarding({
      'GET /api/auth/check-user': () => {
        checks += 1;
        return checkUserReply(buildUser({ role: 'rm', noOfFileUploads: 0 }));
      },
    });
    expect(screen.getByText(/Your firm admin has not uploaded a customers file yet/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Browse files' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Customers file')).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Required Fields (28 total)' }),
    ).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/auth/check-user')).toHaveLength(2));
    expect(checks).toBe(2);
  });
});

/** The report is CSV text, answered through fetch. */
function mockReport(api: ReturnType<typeof mockApi>) {
  const original = api.fetchMock.getMockImplementation()!;
  api.fetchMock.mockImplementation(async (input, init) => {
    const url = typeof input === 'string' ? input : input.toString();
    if (url.startsWith('/api/content/file-report/')) {
      api.calls.push({
        method: 'GET',
        path: url,
        body: undefined,
        headers: Object.fromEntries(new Headers(init?.headers).entries()),
      });
      return new Response('row,reason\n3,bad age\n', {
        status: 200,
        headers: { 'content-type': 'text/csv' },
      });
    }
    return original(input, init);
  });
}
