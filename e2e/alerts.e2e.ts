import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  customerTable,
  realisticCustomers,
  toCsvBuffer,
} from '../apps/server/test/fixtures/customer-files.js';
import {
  adminThroughApi,
  api,
  buyPlan,
  signInPage,
  signInRmThroughLogin,
  uploadCsvThroughApi,
} from './support/api.js';
import { checkScreen } from './support/axe.js';
import { sideScrollOffenders, VIEWPORTS } from './support/browser.js';
import { fileToUpload, useJourney } from './support/journey.js';

/**
 * Issue 19, item 7: an admin uploads a file and gives one customer to an RM; a second file makes
 * that customer riskier; the admin reads what changed on the file's Datasets tab; the RM signs
 * in, sees the bell's count, opens the alert, lands on the customer's page and reads the change
 * in its history.
 */

interface AlertsAnswer {
  alerts: { alert_id: string; customer_id: string; read_at: string | null }[];
  unread_count: number;
}

/** The book's quietest customer (seed 48: priority about 1.4, low urgency and risk). */
const CUSTOMER = 'C-100036';
const rmEmail = `rosa.${Date.now()}@example.com`;
const RM_PASSWORD = 'rosa-pass-1';

const journey = useJourney();
let admin: Awaited<ReturnType<typeof adminThroughApi>>;
let rmToken: string;
let secondFile: string;

/** The same 40 customers twice; in the second, CUSTOMER trades on leverage after hyped names. */
function books(): [Buffer, Buffer] {
  const customers = realisticCustomers(40, { seed: 48 });
  const riskier = customers.map((customer) =>
    customer.customer_id === CUSTOMER
      ? {
          ...customer,
          leverage_ratio: 3,
          trade_turnover_30d_pct_peer: 99,
          social_hype_score: 100,
          days_since_hype_peak: 1,
          cash_pct: 2,
          etf_pct: 3,
          single_stock_pct: 95,
          days_since_last_trade: 0,
          max_drawdown_pct: -70,
          anchor_price_gap_pct: -50,
          averaging_down_trades: 10,
          days_since_last_average_down: 1,
          news_clicks_7d: 100,
        }
      : customer,
  );
  return [toCsvBuffer(customerTable(customers)), toCsvBuffer(customerTable(riskier))];
}

/** Waits until the file's import has completed (the job runs after the upload answers). */
async function importCompleted(fileId: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { job_status } = await api<{ job_status: string }>(
      journey.server,
      'GET',
      `/api/content/preview-file/${fileId}`,
      { token: admin.token },
    );
    if (job_status === 'completed') return;
    if (job_status === 'failed' || Date.now() > deadline)
      throw new Error(`import of ${fileId}: ${job_status}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const rmAlerts = () =>
  api<AlertsAnswer>(journey.server, 'GET', '/api/alerts?status=all&limit=100', { token: rmToken });

/** The visible bell (the sidebar's from the medium width up, the bottom bar's below). */
const bell = (page: Page) => page.getByRole('button', { name: /^Alerts( \d+\+? unread)?$/ });

beforeAll(async () => {
  admin = await adminThroughApi(journey.server, 'alerts-journey');
  // A paid plan: the free plan keeps one file.
  await buyPlan(journey.server, admin.token, 'pro', 'monthly');
  const [first, second] = books();
  await importCompleted(
    await uploadCsvThroughApi(journey.server, admin.token, first, 'book-november.csv'),
  );
  const { employee } = await api<{ employee: { id: string } }>(
    journey.server,
    'POST',
    '/api/roles/create-new-employee',
    {
      token: admin.token,
      body: { name: 'Rosa Manager', email: rmEmail, password: RM_PASSWORD, role: 'rm' },
    },
  );
  await api(journey.server, 'POST', '/api/content/assign-rm-bulk', {
    token: admin.token,
    body: { customer_ids: [CUSTOMER], rm_id: employee.id },
  });
  ({ token: rmToken } = await api<{ token: string }>(
    journey.server,
    'POST',
    '/api/auth/login-others',
    {
      body: { role: 'rm', email: rmEmail, password: RM_PASSWORD, adminEmail: admin.email },
    },
  ));
  secondFile = fileToUpload('book-december.csv', second);
});

describe('Alerts journey', () => {
  it('the admin uploads the second file and its Datasets tab shows what changed', async () => {
    const page = await journey.browser.newPage({ viewport: VIEWPORTS.desktop });
    await signInPage(page, journey.server, admin.token);
    await page.goto(`${journey.server.url}/datasets`);
    await page.getByRole('heading', { name: 'Your Datasets' }).waitFor();
    await page.locator('input[type="file"]').setInputFiles(secondFile);
    await page.getByRole('button', { name: 'Continue' }).click({ timeout: 30_000 });
    await page.getByRole('tab', { name: /book-december\.csv/, selected: true }).waitFor();

    const summary = page.getByRole('region', { name: 'What changed in this import' });
    const row = summary.getByRole('row').filter({ hasText: CUSTOMER });
    await row.waitFor({ timeout: 30_000 });
    expect(await row.innerText()).toMatch(/Updated/);
    expect(await row.innerText()).toMatch(/Priority jump/);
    await checkScreen(page, 'alerts-datasets-changes-desktop');
    await page.setViewportSize(VIEWPORTS.mobile);
    await checkScreen(page, 'alerts-datasets-changes-mobile');
    expect(await sideScrollOffenders(page)).toEqual([]);
    await page.close();
  });

  it('the RM signs in, sees the bell count, opens the alert and reads the change in the history', async () => {
    const before = await rmAlerts();
    expect(before.unread_count).toBeGreaterThan(0);
    // An RM is told about their own customers only.
    expect(new Set(before.alerts.map((alert) => alert.customer_id))).toEqual(new Set([CUSTOMER]));

    const page = await journey.browser.newPage({ viewport: VIEWPORTS.mobile });
    await signInRmThroughLogin(page, journey.server, {
      email: rmEmail,
      password: RM_PASSWORD,
      adminEmail: admin.email,
    });

    // The phone bar's bell.
    const label = `Alerts ${before.unread_count} unread`;
    await page.getByRole('button', { name: label }).waitFor();
    await page.getByRole('button', { name: label }).click();
    const panel = page.getByRole('dialog', { name: label });
    await panel
      .getByRole('link', { name: new RegExp(`Customer ${CUSTOMER}`) })
      .first()
      .waitFor();
    await checkScreen(page, 'alerts-bell-mobile');
    expect(await sideScrollOffenders(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });

    // The sidebar's bell; its newest alert leads to the customer.
    await page.setViewportSize(VIEWPORTS.desktop);
    await bell(page).click();
    await panel.waitFor();
    await checkScreen(page, 'alerts-bell-desktop');
    await panel
      .getByRole('link', { name: new RegExp(`Customer ${CUSTOMER}`) })
      .first()
      .click();
    await page.waitForURL(`**/customers/${CUSTOMER}`);

    const history = page.getByRole('region', { name: 'Insight history' });
    const latest = history.getByRole('listitem').first();
    await latest.getByText('Priority jump').waitFor();
    const moved = /Priority: (\d+\.\d\d) → (\d+\.\d\d)/.exec(await latest.innerText());
    expect(moved, 'the latest record shows the priority before → after').not.toBeNull();
    expect(Number(moved![2]) - Number(moved![1])).toBeGreaterThanOrEqual(2);
    // Named once the firm's file list has come in.
    await latest.getByText(/From book-december\.csv/).waitFor();
    await history.getByRole('img', { name: /^Priority over time/ }).waitFor();
    await checkScreen(page, 'alerts-customer-history-desktop');
    await page.setViewportSize(VIEWPORTS.mobile);
    await checkScreen(page, 'alerts-customer-history-mobile');
    expect(await sideScrollOffenders(page)).toEqual([]);

    // The alert opened is read; the bell counts one fewer.
    await expect.poll(async () => (await rmAlerts()).unread_count).toBe(before.unread_count - 1);
    const after = await rmAlerts();
    const left = after.unread_count === 0 ? 'Alerts' : `Alerts ${after.unread_count} unread`;
    await page.getByRole('button', { name: left, exact: true }).waitFor();

    // The full list, with every alert under All.
    await page.goto(`${journey.server.url}/alerts`);
    await page.getByRole('tab', { name: 'All' }).click();
    await page
      .getByRole('list', { name: 'Alerts, newest first' })
      .getByRole('listitem')
      .first()
      .waitFor();
    await checkScreen(page, 'alerts-list-mobile');
    expect(await sideScrollOffenders(page)).toEqual([]);
    await page.setViewportSize(VIEWPORTS.desktop);
    await checkScreen(page, 'alerts-list-desktop');
    await page.close();
  });
});
