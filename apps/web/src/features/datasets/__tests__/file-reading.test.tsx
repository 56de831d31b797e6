import type { FileReading } from '@behavio/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  TEST_TOKEN,
  buildFileSummary,
  buildPreview,
  buildPreviewFileResponse,
  buildUser,
  checkUserReply,
} from '@/testing/data';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

async function openFileTab(reading: FileReading) {
  const file = buildFileSummary({ file_id: 'a', filename: 'crm.csv', job_status: 'completed' });
  mockApi({
    'GET /api/auth/check-user': checkUserReply(buildUser({ subscription: 'pro' })),
    'GET /api/content/list-all-uploaded-files': { body: { files: [file] } },
    'GET /api/content/preview-file/a': {
      body: buildPreviewFileResponse({ file_id: 'a', preview: buildPreview({ reading }) }),
    },
  });
  const { user } = renderApp('/datasets', { token: TEST_TOKEN });
  await user.click(await screen.findByRole('tab', { name: /crm\.csv/ }));
  return within(
    await screen
      .findByText('How the file was read', { selector: 'h3' })
      .then((h) => h.parentElement!),
  );
}

describe("a file's tab: how the file was read", () => {
  it('shows the encoding, the separator and the header each field was read from', async () => {
    const card = await openFileTab({
      encoding: 'windows-1252',
      delimiter: ';',
      mapping: { risk_profile: 'Risk score (1-10)', customer_id: 'Client Ref' },
      mapping_source: 'confirmed',
    });
    expect(card.getByText('Windows-1252')).toBeInTheDocument();
    expect(card.getByText('semicolon')).toBeInTheDocument();
    expect(card.getByText('the matching confirmed on upload')).toBeInTheDocument();
    const rows = card
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(rows).toEqual(['customer_idClient Ref', 'risk_profileRisk score (1-10)']);
  });

  it("says a file's own headers were used, and a spreadsheet has no encoding to tell", async () => {
    const card = await openFileTab({
      encoding: null,
      delimiter: null,
      mapping: null,
      mapping_source: 'headers',
    });
    expect(card.getByText('spreadsheet')).toBeInTheDocument();
    expect(card.getByText("the file's own headers")).toBeInTheDocument();
    expect(card.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows nothing for a file imported before it was recorded', async () => {
    const file = buildFileSummary({ file_id: 'a', filename: 'old.csv', job_status: 'completed' });
    mockApi({
      'GET /api/auth/check-user': checkUserReply(buildUser({ subscription: 'pro' })),
      'GET /api/content/list-all-uploaded-files': { body: { files: [file] } },
      'GET /api/content/preview-file/a': { body: buildPreviewFileResponse({ file_id: 'a' }) },
    });
    const { user } = renderApp('/datasets', { token: TEST_TOKEN });
    await user.click(await screen.findByRole('tab', { name: /old\.csv/ }));
    await screen.findByText('Preview (first 5 rows)');
    expect(screen.queryByText('How the file was read')).not.toBeInTheDocument();
  });
});
