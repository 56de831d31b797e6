import { describe, expect, it } from 'vitest';
import {
  customerTable,
  generateCustomers,
  setCell,
  toCsvBuffer,
} from '../apps/server/test/fixtures/customer-files.js';
import { adminThroughApi, api, buyPlan, signInPage } from './support/api.js';
import { checkScreenAtBothWidths } from './support/axe.js';
import { VIEWPORTS } from './support/browser.js';
import { fileToUpload, useJourney } from './support/journey.js';

const journey = useJourney();

function withBadRows(name: string) {
  const table = customerTable(generateCustomers(40, { seed: 21 }));
  setCell(table, 3, 'age', 'unknown');
  setCell(table, 7, 'risk_profile', 14);
  return fileToUpload(name, toCsvBuffer(table, { delimiter: ';', bom: true }));
}

/**
 * A CSV as Excel on Windows saves it ("CSV (Comma delimited)"): Windows-1252, an accented
 * customer id, and a percent column written with its percent sign.
 */
function excelOnWindowsExport() {
  const records = generateCustomers(15, { seed: 99 });
  records[0]!.customer_id = 'JOSÉ-0001';
  const table = customerTable(records);
  setCell(table, 0, 'cash_pct', `${records[0]!.cash_pct}%`);
  return Buffer.from(toCsvBuffer(table).toString('utf8'), 'latin1');
}

describe('customer file journey at desktop (1280 px) width, each screen also at 390 px', () => {
  const [name, viewport] = ['desktop', VIEWPORTS.desktop] as const;
  it('uploads on the onboarding screen, sees the preview and the rejected rows, continues into the app, then on Pro uploads and deletes in Datasets', async () => {
    const admin = await adminThroughApi(journey.server, `ingest-${name}`);
    const page = await journey.browser.newPage({ viewport });
    await signInPage(page, journey.server, admin.token);
    await page.goto(`${journey.server.url}/dashboard`);
    await page.getByText('Upload your customers file').first().waitFor();
    await page.getByText('Required Fields (28 total)').first().waitFor();

    await page.locator('input[type="file"]').setInputFiles(withBadRows('customers-q1.csv'));
    await page.getByText('Preview (first 10 customers)').waitFor();
    await expect.poll(() => page.getByText('customers-q1.csv').count()).toBeGreaterThan(0);
    const body = await page.locator('body').innerText();
    expect(body).toMatch(/38/);
    expect(body).toMatch(/risk_profile/);
    await checkScreenAtBothWidths(page, 'ingestion-onboarding');

    await page.getByRole('button', { name: 'Continue' }).click();
    await page
      .getByRole('link', { name: 'Datasets' })
      .or(page.getByRole('button', { name: 'Datasets' }))
      .first()
      .waitFor();
    const check = await api<{ user: { noOfFileUploads: number } }>(
      journey.server,
      'GET',
      '/api/auth/check-user',
      { token: admin.token },
    );
    expect(check.user.noOfFileUploads).toBe(1);

    await buyPlan(journey.server, admin.token, 'pro', 'monthly');
    await page.goto(`${journey.server.url}/datasets`);
    await page.getByText('Your Datasets').first().waitFor();
    const second = fileToUpload(`second-${name}.csv`, excelOnWindowsExport());
    await page.locator('input[type="file"]').setInputFiles(second);
    await page
      .getByText(/Preview \(first \d+ customers\)/)
      .first()
      .waitFor();
    await page.getByText('JOSÉ-0001').first().waitFor();
    await checkScreenAtBothWidths(page, 'ingestion-datasets');

    const list = await api<{ files: { file_id: string; filename: string; job_status: string }[] }>(
      journey.server,
      'GET',
      '/api/content/list-all-uploaded-files',
      { token: admin.token },
    );
    expect(list.files.map((f) => [f.filename, f.job_status])).toEqual([
      ['customers-q1.csv', 'completed'],
      [`second-${name}.csv`, 'completed'],
    ]);

    await page.getByRole('button', { name: 'Delete File' }).first().click();
    await page.getByText('Are you sure you want to delete this file?').waitFor();
    await checkScreenAtBothWidths(page, 'ingestion-delete-dialog');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /delete/i })
      .click();
    await page.getByText('File deleted').first().waitFor();
    await expect
      .poll(
        async () =>
          (
            await api<{ files: unknown[] }>(
              journey.server,
              'GET',
              '/api/content/list-all-uploaded-files',
              {
                token: admin.token,
              },
            )
          ).files.length,
      )
      .toBe(1);
    await page.close();
  });
});
