import { describe, expect, it } from 'vitest';
import {
  customerTable,
  generateCustomers,
  setCell,
  toCsvBuffer,
} from '../apps/server/test/fixtures/customer-files.js';
import { adminThroughApi, api, buyPlan, signInPage } from './support/api.js';
import { checkScreenAtBothWidths } from './support/axe.js';
import { sideScrollOffenders, VIEWPORTS } from './support/browser.js';
import { fileToUpload, useJourney } from './support/journey.js';

const journey = useJourney();

/** 12 customers, two rejected: row 4 (age "forty") and row 9 (risk_profile 11). */
function fileWithBadRows(name: string) {
  const table = customerTable(generateCustomers(12, { seed: 23 }));
  setCell(table, 2, 'age', 'forty');
  setCell(table, 7, 'risk_profile', 11);
  return fileToUpload(name, toCsvBuffer(table));
}

describe('fix rejected rows journey at desktop (1280 px) width, each screen also at 390 px', () => {
  const [name, viewport] = ['desktop', VIEWPORTS.desktop] as const;
  it('uploads a file with bad rows, fixes one in place and sees the accepted count rise', async () => {
    const admin = await adminThroughApi(journey.server, `fixes-${name}`);
    await buyPlan(journey.server, admin.token, 'pro', 'monthly');
    const page = await journey.browser.newPage({ viewport });
    await signInPage(page, journey.server, admin.token);
    await page.goto(`${journey.server.url}/dashboard`);
    await page.getByText('Upload your customers file').first().waitFor();

    const filename = `mixed-${name}.csv`;
    await page.locator('input[type="file"]').setInputFiles(fileWithBadRows(filename));
    await page.getByText('Preview (first 10 customers)').waitFor();

    await page.goto(`${journey.server.url}/datasets`);
    await page.getByText('Your Datasets').first().waitFor();
    await page.getByRole('tab', { name: new RegExp(filename.replace('.', '\\.')) }).click();
    const stat = (label: string) =>
      page.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]').innerText();
    await expect.poll(() => stat('Accepted rows')).toBe('10');
    expect(await stat('Rejected rows')).toBe('2');

    await page.getByRole('button', { name: 'Fix rejected rows' }).click();
    const age = page.getByLabel('age, row 4', { exact: true });
    await age.waitFor();
    expect(await age.inputValue()).toBe('forty');
    expect(await age.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('must be a whole number between 18 and 120').first().waitFor();
    expect(await page.getByLabel('risk_profile, row 9', { exact: true }).inputValue()).toBe('11');
    expect(await sideScrollOffenders(page)).toEqual([]);
    await checkScreenAtBothWidths(page, 'fix-rejected-rows', { sideScroll: true });

    await age.fill('41');
    await page.getByRole('button', { name: 'Save fixes' }).click();
    await page.getByText('1 row fixed and imported').first().waitFor();
    await expect.poll(() => stat('Accepted rows')).toBe('11');
    expect(await stat('Rejected rows')).toBe('1');
    expect(await page.getByLabel('age, row 4', { exact: true }).count()).toBe(0);
    await page.getByLabel('risk_profile, row 9', { exact: true }).waitFor();
    await checkScreenAtBothWidths(page, 'fix-rejected-rows-saved');

    const list = await api<{ files: { accepted_rows: number; rejected_rows: number }[] }>(
      journey.server,
      'GET',
      '/api/content/list-all-uploaded-files',
      { token: admin.token },
    );
    expect(list.files.map((f) => [f.accepted_rows, f.rejected_rows])).toEqual([[11, 1]]);
    await page.close();
  });
});
