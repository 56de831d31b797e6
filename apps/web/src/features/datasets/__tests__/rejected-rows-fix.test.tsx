import {
  FIX_MESSAGES,
  MAPPABLE_COLUMNS,
  type FileFixesPage,
  type FixableRow,
} from '@behavio/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  TEST_TOKEN,
  buildFileSummary,
  buildPreview,
  buildPreviewFileResponse,
  buildUser,
  checkUserReply,
} from '@/testing/data';
import { mockApi, type Handler } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

const blankRow = Object.fromEntries(MAPPABLE_COLUMNS.map((c) => [c, '1']));
const ageRow: FixableRow = {
  row: 3,
  values: { ...blankRow, customer_id: 'C-3', age: 'forty' },
  problems: [
    { row: 3, column: 'age', value: 'forty', reason: 'must be a whole number between 18 and 120' },
  ],
};
const allocationRow: FixableRow = {
  row: 6,
  values: { ...blankRow, customer_id: 'C-6', cash_pct: '60', etf_pct: '60', single_stock_pct: '0' },
  problems: [
    {
      row: 6,
      column: 'cash_pct + etf_pct + single_stock_pct',
      value: '60 + 60 + 0',
      reason: 'cash_pct, etf_pct and single_stock_pct add up to 120, more than 100',
    },
  ],
};

/** A completed file with 8 accepted and 2 rejected rows; `fixes` answers the fix. */
async function openFixView(fix: Handler, role: 'admin' | 'view' = 'admin') {
  const counts = { accepted_rows: 8, rejected_rows: 2 };
  let rows = [ageRow, allocationRow];
  const page = (): FileFixesPage => ({
    file_id: 'a',
    filename: 'mixed.csv',
    columns: [...MAPPABLE_COLUMNS],
    rows,
    ...counts,
    limit: 10,
    offset: 0,
  });
  const api = mockApi({
    'GET /api/auth/check-user': checkUserReply(buildUser({ role, subscription: 'pro' })),
    'GET /api/content/list-all-uploaded-files': () => ({
      body: { files: [buildFileSummary({ file_id: 'a', filename: 'mixed.csv', ...counts })] },
    }),
    'GET /api/content/preview-file/a': () => ({
      body: buildPreviewFileResponse({
        file_id: 'a',
        preview: buildPreview({ filename: 'mixed.csv', total_rows: 10, ...counts }),
      }),
    }),
    'GET /api/content/file-fixes/a': () => ({ body: page() }),
    'POST /api/content/file-fixes/a': async (call) => {
      const reply = typeof fix === 'function' ? await fix(call) : fix;
      if (reply !== 'network-error' && (reply.status ?? 200) === 200) {
        counts.accepted_rows += 1;
        counts.rejected_rows -= 1;
        rows = rows.filter((r) => r.row !== 3);
      }
      return reply;
    },
  });
  const view = renderApp('/datasets', { token: TEST_TOKEN });
  await view.user.click(await screen.findByRole('tab', { name: /mixed\.csv/ }));
  return { ...view, api };
}

const cell = (column: string, row: number) => screen.getByLabelText(`${column}, row ${row}`);
const statValue = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

describe('fixing the rejected rows of a file', { timeout: 60_000 }, () => {
  it('lists them with each bad cell marked, saves a corrected row and shows the new counts', async () => {
    const { user, api } = await openFixView({
      body: {
        message: FIX_MESSAGES.fixed(1),
        file_id: 'a',
        fixed_rows: 1,
        accepted_rows: 9,
        rejected_rows: 1,
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Fix rejected rows' }));
    await screen.findByLabelText('age, row 3');
    expect(cell('age', 3)).toHaveValue('forty');
    expect(cell('age', 3)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('must be a whole number between 18 and 120')).toBeInTheDocument();
    // The allocation check marks each of its three cells; a good cell is not marked.
    for (const column of ['cash_pct', 'etf_pct', 'single_stock_pct'])
      expect(cell(column, 6)).toHaveAttribute('aria-invalid', 'true');
    expect(cell('customer_id', 3)).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Save fixes' })).toBeDisabled();

    await user.clear(cell('age', 3));
    await user.type(cell('age', 3), '41');
    expect(screen.getByText('1 row changed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save fixes' }));

    await waitFor(() => expect(screen.queryByLabelText('age, row 3')).not.toBeInTheDocument());
    const [call] = api.callsTo('POST', '/api/content/file-fixes/a');
    expect(call!.body).toEqual({ rows: [{ row: 3, values: { ...ageRow.values, age: '41' } }] });
    expect(await screen.findByText(FIX_MESSAGES.fixed(1))).toBeInTheDocument();
    await waitFor(() => expect(statValue('Accepted rows')).toBe('9'));
    expect(statValue('Rejected rows')).toBe('1');
    expect(cell('cash_pct', 6)).toBeInTheDocument();
  });

  it('keeps a row that is still invalid, marked with its new problem, and imports nothing', async () => {
    const { user } = await openFixView({
      status: 400,
      body: {
        message: FIX_MESSAGES.stillInvalid,
        code: 'rows_still_invalid',
        problems: [
          {
            row: 3,
            column: 'age',
            value: '200',
            reason: 'must be a whole number between 18 and 120',
          },
        ],
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Fix rejected rows' }));
    await user.clear(await screen.findByLabelText('age, row 3'));
    await user.type(cell('age', 3), '200');
    await user.click(screen.getByRole('button', { name: 'Save fixes' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(FIX_MESSAGES.stillInvalid)).toBeInTheDocument();
    expect(cell('age', 3)).toHaveValue('200');
    expect(cell('age', 3)).toHaveAttribute('aria-invalid', 'true');
    // The row not sent keeps its own problems.
    expect(cell('cash_pct', 6)).toHaveAttribute('aria-invalid', 'true');
    expect(statValue('Accepted rows')).toBe('8');
  });

  it('pages through the rejected rows, 10 at a time', async () => {
    const rowsFrom = (offset: number) =>
      Array.from({ length: Math.min(10, 12 - offset) }, (_, i) => ({
        ...ageRow,
        row: 100 + offset + i,
        problems: [{ ...ageRow.problems[0]!, row: 100 + offset + i }],
      }));
    const counts = { accepted_rows: 8, rejected_rows: 12 };
    const api = mockApi({
      'GET /api/auth/check-user': checkUserReply(buildUser({ subscription: 'pro' })),
      'GET /api/content/list-all-uploaded-files': {
        body: { files: [buildFileSummary({ file_id: 'a', filename: 'mixed.csv', ...counts })] },
      },
      'GET /api/content/preview-file/a': {
        body: buildPreviewFileResponse({ file_id: 'a', preview: buildPreview(counts) }),
      },
      'GET /api/content/file-fixes/a': (call) => {
        const offset = Number(call.query?.get('offset'));
        return {
          body: {
            file_id: 'a',
            filename: 'mixed.csv',
            columns: [...MAPPABLE_COLUMNS],
            rows: rowsFrom(offset),
            ...counts,
            limit: 10,
            offset,
          },
        };
      },
    });
    const { user } = renderApp('/datasets', { token: TEST_TOKEN });
    await user.click(await screen.findByRole('tab', { name: /mixed\.csv/ }));
    await user.click(await screen.findByRole('button', { name: 'Fix rejected rows' }));
    await screen.findByLabelText('age, row 109');
    expect(screen.queryByLabelText('age, row 110')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '2' }));
    await screen.findByLabelText('age, row 111');
    expect(screen.queryByLabelText('age, row 100')).not.toBeInTheDocument();
    const offsets = api
      .callsTo('GET', '/api/content/file-fixes/a')
      .map((c) => [c.query?.get('limit'), c.query?.get('offset')]);
    expect(offsets).toEqual([
      ['10', '0'],
      ['10', '10'],
    ]);
  });

  it('is not offered to a role that cannot upload', async () => {
    await openFixView({ status: 403 }, 'view');
    await screen.findByText('Preview (first 5 rows)');
    expect(screen.queryByRole('button', { name: 'Fix rejected rows' })).not.toBeInTheDocument();
  });
});
