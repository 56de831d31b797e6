import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, proFirmWithRm, signInPage } from './support/api.js';
import { checkScreenAtBothWidths } from './support/axe.js';
import { VIEWPORTS } from './support/browser.js';
import { useJourney } from './support/journey.js';

/*
 * Issue 20's list tools from the outside: an RM filters Who To Call by urgency, sorts it, opens
 * the same view from its link, and exports it; the file holds exactly the rows shown, in order.
 */

const journey = useJourney();
let rmToken: string;
/** The RM's call list as the server answers it unfiltered. */
let callList: { customer_id: string; urgency_level: string }[];

beforeAll(async () => {
  const rm = {
    name: 'Tess Tools',
    email: `tess.${Date.now()}@example.com`,
    password: 'tess-pass-1',
  };
  ({ rmToken } = await proFirmWithRm(journey.server, 'tools-journey', rm, 12));
  // The screen opens on today's list, so the journey checks against it.
  callList = await api(journey.server, 'GET', '/api/content/rm-who-to-call?scope=today', {
    token: rmToken,
  });
});

/** The urgency most of the book has, so the filter keeps some customers and leaves others. */
function commonestUrgency() {
  const counts = new Map<string, number>();
  for (const item of callList)
    counts.set(item.urgency_level, (counts.get(item.urgency_level) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

describe('List tools at phone (390 px) width, each screen also at 1280 px', () => {
  const viewport = VIEWPORTS.mobile;
  it('filters and sorts Who To Call, keeps the view in its link, and exports exactly it', async () => {
    const urgency = commonestUrgency();
    const expected = callList
      .filter((item) => item.urgency_level === urgency)
      .map((item) => item.customer_id)
      .sort((a, b) => (a < b ? 1 : -1));
    const left = callList.find((item) => item.urgency_level !== urgency)?.customer_id;

    const page = await journey.browser.newPage({ viewport, acceptDownloads: true });
    await signInPage(page, journey.server, rmToken);
    await page.goto(`${journey.server.url}/dashboard?panel=who-to-call`);
    await page.getByRole('heading', { name: 'Priority Call List' }).waitFor();

    await page.getByRole('textbox', { name: 'Urgency' }).click();
    await page.getByRole('option', { name: capitalise(urgency) }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('textbox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Customer ID' }).click();
    await page.getByRole('button', { name: /Sort order: ascending/ }).click();
    await page.waitForURL(/order=desc/);
    const link = page.url();
    expect(new URL(link).searchParams.get('urgency')).toBe(urgency);
    expect(new URL(link).searchParams.get('sort')).toBe('customer_id');

    await page.getByText(expected[0]!).first().waitFor();
    if (left) expect(await page.getByText(left, { exact: true }).count()).toBe(0);
    await checkScreenAtBothWidths(page, 'list-tools-who-to-call');

    // The link opens the same view.
    await page.goto(link);
    await page.getByRole('heading', { name: 'Priority Call List' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Sort by' }).inputValue()).toBe('Customer ID');

    await page.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^who-to-call-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.trimEnd().split('\r\n');
    expect(
      lines[0]!.startsWith('Customer ID,Country,Age,Risk Profile,Priority Score,Urgency'),
    ).toBe(true);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(expected);
    await page.close();
  });
});
