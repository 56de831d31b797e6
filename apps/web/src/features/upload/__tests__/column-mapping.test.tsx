import { MAPPABLE_COLUMNS, type NeedsMappingResponse } from '@behavio/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  TEST_TOKEN,
  buildPreview,
  buildUploadResponse,
  buildUser,
  checkUserReply,
} from '@/testing/data';
import { mockApi, type Handler } from '@/testing/mock-api';
import { findToastWith, renderApp } from '@/testing/test-utils';

const FILE_ID = '7f1c2d3e-0000-4000-8000-000000000001';
const CONFIRM = `POST /api/content/file-mapping/${FILE_ID}`;

/** Every column found under a renamed header but `country_iso`, which nothing fits. */
function needsMapping(): NeedsMappingResponse {
  const headers = MAPPABLE_COLUMNS.filter((c) => c !== 'country_iso').map((column) => ({
    header: `My ${column}`,
    samples: column === 'customer_id' ? ['C-1', 'C-2'] : ['1', '2'],
  }));
  headers.push({ header: 'Domicile', samples: ['GBR', 'FRA'] });
  return {
    message: 'Some columns of the file do not have our names',
    status: 'needs_mapping',
    job_status: 'needs_mapping',
    file_id: FILE_ID,
    filename: 'crm.csv',
    mapping_suggestions: MAPPABLE_COLUMNS.map((column) => ({
      column,
      header: column === 'country_iso' ? null : `My ${column}`,
      confidence: column === 'country_iso' ? 0 : 0.9,
      required: column !== 'aum' && column !== 'revenue_12m',
    })),
    unmatched_headers: ['Domicile'],
    headers,
    encoding: 'windows-1252',
    delimiter: ';',
  };
}

async function uploadRenamedFile(routes: Record<string, Handler>) {
  const api = mockApi({
    'GET /api/auth/check-user': checkUserReply(buildUser({ noOfFileUploads: 0 })),
    'POST /api/content/upload-file': { status: 201, body: needsMapping() },
    ...routes,
  });
  const view = renderApp('/dashboard', { token: TEST_TOKEN });
  await screen.findByRole('heading', { name: 'Upload your customers file' });
  const picker = userEvent.setup({ applyAccept: false });
  await picker.upload(
    screen.getByLabelText('Customers file'),
    new File(['Client Ref\nC-1\n'], 'crm.csv', { type: 'text/csv' }),
  );
  await screen.findByText('Match your columns', { selector: 'h2' });
  return { ...view, api };
}

// By label, not by role: role queries over thirty selects are slow in jsdom.
const select = (column: string) =>
  screen.getByLabelText(`Header in your file: ${column}`, { selector: 'input' });
const samplesOf = (column: string) => screen.getByLabelText(`First values: ${column}`);
const confirmButton = () => screen.getByRole('button', { name: 'Confirm and import' });

describe('the upload mapping step', { timeout: 90_000 }, () => {
  it('lists every field with the suggested header chosen and its first values', async () => {
    await uploadRenamedFile({});
    const list = screen.getByLabelText('Match your columns');
    expect(list.querySelectorAll('[role="listitem"]')).toHaveLength(MAPPABLE_COLUMNS.length);
    expect(select('customer_id')).toHaveValue('My customer_id');
    expect(samplesOf('customer_id')).toHaveTextContent('C-1, C-2');
    // Nothing fitted the country: no header, no values, and Confirm waits for a choice.
    expect(select('country_iso')).toHaveValue('');
    expect(samplesOf('country_iso')).toHaveTextContent('-');
    expect(screen.getByText('Choose a header for: country_iso')).toBeInTheDocument();
    expect(confirmButton()).toBeDisabled();
  });

  it('confirms the chosen mapping, remembered, and shows the imported file', async () => {
    const { user, api } = await uploadRenamedFile({
      [CONFIRM]: {
        status: 201,
        body: buildUploadResponse({
          file_id: FILE_ID,
          preview: buildPreview({ filename: 'crm.csv', accepted_rows: 3, rejected_rows: 0 }),
        }),
      },
    });
    await user.click(select('country_iso'));
    await user.click(await screen.findByRole('option', { name: 'Domicile' }));
    expect(samplesOf('country_iso')).toHaveTextContent('GBR, FRA');
    expect(screen.getByRole('checkbox', { name: /Remember this matching/ })).toBeChecked();
    await user.click(confirmButton());

    expect(
      await findToastWith(
        'File uploaded successfully',
        'Preview loaded with 3 rows. 3 accepted, 0 rejected.',
      ),
    ).toBeTruthy();
    const [call] = api.callsTo('POST', `/api/content/file-mapping/${FILE_ID}`);
    const body = call?.body as { mapping: Record<string, string>; save: boolean };
    expect(body.save).toBe(true);
    expect(body.mapping.country_iso).toBe('Domicile');
    expect(body.mapping.customer_id).toBe('My customer_id');
    expect(Object.keys(body.mapping)).toHaveLength(MAPPABLE_COLUMNS.length);
  });

  it('will not send one header for two fields', async () => {
    const { user } = await uploadRenamedFile({});
    await user.click(select('country_iso'));
    await user.click(await screen.findByRole('option', { name: 'My age' }));
    expect(screen.getByText('"My age" is chosen for more than one field')).toBeInTheDocument();
    expect(confirmButton()).toBeDisabled();
  });

  it('keeps the step open with the reason when the server refuses the mapping', async () => {
    const { user } = await uploadRenamedFile({
      [CONFIRM]: {
        status: 400,
        body: {
          message: 'The file has no header "Domicile" (for country_iso)',
          code: 'invalid_mapping',
          error: 'The file has no header "Domicile" (for country_iso)',
        },
      },
    });
    await user.click(select('country_iso'));
    await user.click(await screen.findByRole('option', { name: 'Domicile' }));
    await user.click(confirmButton());
    expect(
      await findToastWith(
        'The matching was not accepted',
        'The file has no header "Domicile" (for country_iso)',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(confirmButton()).toBeEnabled());
    expect(screen.getByRole('heading', { name: 'Match your columns' })).toBeInTheDocument();
  });

  it('cancels the waiting file and goes back to the drop zone for another one', async () => {
    const { user, api } = await uploadRenamedFile({
      [`GET /api/content/delete-file/${FILE_ID}`]: {
        body: { message: 'File deleted', file_id: FILE_ID, removed_customers: 0 },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Cancel this file' }));
    expect(await screen.findByText('Drag and drop your customers file here')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Match your columns' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsTo('GET', `/api/content/delete-file/${FILE_ID}`)).toHaveLength(1),
    );
  });
});
