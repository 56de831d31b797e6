import { describe, expect, it } from 'vitest';
import { setCell, toCsvBuffer } from '../apps/server/test/fixtures/customer-files.js';
import { CRM_HEADERS, crmExport } from '../apps/server/test/fixtures/renamed-exports.js';
import { adminThroughApi, api, buyPlan, signInPage } from './support/api.js';
import { checkScreenAtBothWidths } from './support/axe.js';
import { VIEWPORTS } from './support/browser.js';
import { fileToUpload, useJourney } from './support/journey.js';

const journey = useJourney();

/** A CRM export: renamed and reordered headers, one row with an age no one has. */
function crmFile(name: string, seed: number) {
  const { table } = crmExport(30, seed);
  setCell(table, 4, CRM_HEADERS.age!, 'unknown');
  return fileToUpload(name, toCsvBuffer(table));
}

describe('column mapping journey at phone (390 px) width, each screen also at 1280 px', () => {
  const [name, viewport] = ['mobile', VIEWPORTS.mobile] as const;
  it('uploads a CRM export, confirms the suggested matching, sees what was read; the next export needs none', async () => {
    const admin = await adminThroughApi(journey.server, `mapping-${name}`);
    const page = await journey.browser.newPage({ viewport });
    await signInPage(page, journey.server, admin.token);
    await page.goto(`${journey.server.url}/dashboard`);
    await page.getByText('Upload your customers file').first().waitFor();

    const filename = `crm-${name}.csv`;
    await page.locator('input[type="file"]').setInputFiles(crmFile(filename, 3));
    await page.getByRole('heading', { name: 'Match your columns' }).waitFor();
    // The suggestion is chosen and its first values shown beside it; not counted yet.
    await expect
      .poll(() => page.getByLabel('Header in your file: customer_id').first().inputValue())
      .toBe('Client Ref');
    const waiting = await api<{ user: { noOfFileUploads: number } }>(
      journey.server,
      'GET',
      '/api/auth/check-user',
      { token: admin.token },
    );
    expect(waiting.user.noOfFileUploads).toBe(0);
    await checkScreenAtBothWidths(page, 'mapping-step');

    await page.getByRole('button', { name: 'Confirm and import' }).click();
    await page.getByText('Preview (first 10 customers)').waitFor();
    const body = await page.locator('body').innerText();
    expect(body).toMatch(/29/);
    expect(body).toMatch(/age/);
    const list = await api<{ files: { accepted_rows: number; rejected_rows: number }[] }>(
      journey.server,
      'GET',
      '/api/content/list-all-uploaded-files',
      { token: admin.token },
    );
    expect(list.files.map((f) => [f.accepted_rows, f.rejected_rows])).toEqual([[29, 1]]);

    await page.getByRole('button', { name: 'Continue' }).click();
    await page
      .getByRole('link', { name: 'Datasets' })
      .or(page.getByRole('button', { name: 'Datasets' }))
      .first()
      .waitFor();
    await buyPlan(journey.server, admin.token, 'pro', 'monthly');
    await page.goto(`${journey.server.url}/datasets`);
    await page.getByText('Your Datasets').first().waitFor();
    await page.getByRole('tab', { name: new RegExp(filename.replace('.', '\\.')) }).click();
    await page.getByRole('heading', { name: 'How the file was read' }).waitFor();
    await page.getByText('the matching confirmed on upload').waitFor();
    await checkScreenAtBothWidths(page, 'mapping-file-tab');

    // The rejected row is fixed in place, under our column names, and counted.
    const stat = (label: string) =>
      page.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]').innerText();
    expect(await stat('Accepted rows')).toBe('29');
    await page.getByRole('button', { name: 'Fix rejected rows' }).click();
    const age = page.getByLabel('age, row 6', { exact: true });
    await age.waitFor();
    expect(await age.inputValue()).toBe('unknown');
    await age.fill('41');
    await page.getByRole('button', { name: 'Save fixes' }).click();
    await page.getByText('1 row fixed and imported').first().waitFor();
    await expect.poll(() => stat('Accepted rows')).toBe('30');
    expect(await stat('Rejected rows')).toBe('0');

    // The same headers again: the saved matching reads the file with no step.
    const again = crmFile(`crm-again-${name}.csv`, 8);
    await page.getByRole('tab', { name: 'Upload Dataset' }).click();
    await page.locator('input[type="file"]').setInputFiles(again);
    await page
      .getByText(/Preview \(first \d+ customers\)/)
      .first()
      .waitFor();
    expect(await page.getByRole('heading', { name: 'Match your columns' }).count()).toBe(0);
    await page.close();
  });
});
