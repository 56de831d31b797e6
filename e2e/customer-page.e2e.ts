import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, proFirmWithRm, signInPage } from './support/api.js';
import { checkScreen } from './support/axe.js';
import { sideScrollOffenders, VIEWPORTS } from './support/browser.js';
import { useJourney } from './support/journey.js';

/**
 * Issue 18: the admin adds a product with rules on the Products screen, an RM opens a customer from the call list, sees
 * the product with its reasons, records "Declined", and the product is gone from that customer's
 * recommendations, on the page and as the call list's top product.
 */

interface Suggestion {
  product_id: string;
  name: string;
}
interface CallItem {
  customer_id: string;
  recommended_products: Suggestion[];
}

const PRODUCT = 'Journey Cash Reserve';
const rmEmail = `rhea.${Date.now()}@example.com`;

const journey = useJourney();
let rmToken: string;
let adminToken: string;
/** A customer of the RM whose best product is the admin's new one. */
let customerId: string;

/** Polls the RM's call list until the background run has recommended the product to someone. */
async function customerRecommendedTheProduct(): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    // Today's list, which the call list screen shows.
    const list = await api<CallItem[]>(
      journey.server,
      'GET',
      '/api/content/rm-who-to-call?scope=today',
      {
        token: rmToken,
      },
    );
    const match = list.find((item) => item.recommended_products[0]?.name === PRODUCT);
    if (match) return match.customer_id;
    if (Date.now() > deadline) throw new Error(`${PRODUCT} was not recommended within 20 s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

beforeAll(async () => {
  let admin: { token: string };
  ({ admin, rmToken } = await proFirmWithRm(
    journey.server,
    'product-journey',
    { name: 'Rhea Manager', email: rmEmail, password: 'rhea-pass-1' },
    25,
  ));
  adminToken = admin.token;
});

/** The call list's entry of the customer: its row (desktop) or card (phone). */
const callEntry = (page: Page) =>
  page
    .locator('tr, [role="listitem"]')
    .filter({ has: page.getByRole('link', { name: customerId, exact: true }) })
    .first();

describe('Customer page journey', () => {
  it('the admin adds a savings product with rules on the Products screen', async () => {
    const page = await journey.browser.newPage({ viewport: VIEWPORTS.desktop });
    await signInPage(page, journey.server, adminToken);
    await page.goto(`${journey.server.url}/products`);
    await page.getByRole('article', { name: 'Easy Access Saver' }).waitFor();
    await checkScreen(page, 'products-desktop');
    await page.getByRole('button', { name: 'Add product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add product' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(PRODUCT);
    await dialog
      .getByRole('textbox', { name: 'Description' })
      .fill('Instant-access reserve paying a bonus rate on balances over 10,000.');
    // The savings product the firm most wants to sell, for adults with modest leverage.
    await dialog.getByRole('textbox', { name: /^Weight/ }).fill('10');
    await dialog.getByRole('textbox', { name: 'Minimum age' }).fill('18');
    await dialog.getByRole('textbox', { name: 'Maximum leverage ratio' }).fill('100');
    await dialog.getByRole('button', { name: 'Add product' }).click();
    await page.getByText('Product added').first().waitFor();
    const card = page.getByRole('article', { name: PRODUCT });
    await card.waitFor();
    expect(await card.innerText()).toMatch(/age ≥ 18; leverage ≤ 100x/);
    await page.getByRole('table', { name: 'Product performance by product' }).waitFor();
    await page.setViewportSize(VIEWPORTS.mobile);
    await checkScreen(page, 'products-mobile');
    expect(await sideScrollOffenders(page)).toEqual([]);
    await page.close();
    customerId = await customerRecommendedTheProduct();
  });

  it('opens a customer from the call list, reads why the product fits, declines it, and it leaves the recommendations', async () => {
    const page = await journey.browser.newPage({ viewport: VIEWPORTS.desktop });
    await signInPage(page, journey.server, rmToken);
    await page.goto(`${journey.server.url}/dashboard?panel=who-to-call`);
    const entry = callEntry(page);
    await entry.getByRole('group', { name: `Top product: ${PRODUCT}` }).waitFor();
    await checkScreen(page, 'customer-page-call-list-desktop');

    await entry.getByRole('link', { name: customerId, exact: true }).click();
    await page.waitForURL(`**/customers/${customerId}`);
    const card = page.getByRole('article', { name: PRODUCT });
    await card.waitFor();
    expect(await card.getByRole('listitem').count()).toBeGreaterThan(0);
    expect(await card.innerText()).toMatch(/Suitability: /);
    await checkScreen(page, 'customer-page-desktop');

    await page.setViewportSize(VIEWPORTS.mobile);
    await checkScreen(page, 'customer-page-mobile');
    expect(await sideScrollOffenders(page)).toEqual([]);

    await page.getByRole('button', { name: `Declined: ${PRODUCT}` }).click();
    const dialog = page.getByRole('dialog', { name: `Declined: ${PRODUCT}` });
    await dialog.getByLabel('Reason (optional)').fill('Keeps cash at another bank');
    await dialog.getByRole('button', { name: 'Record declined' }).click();
    await page.getByText('Outcome recorded').first().waitFor();
    await card.waitFor({ state: 'detached' });
    await page.getByText(`${PRODUCT}: declined`).first().waitFor();

    // Not offered now says why.
    await page.getByRole('button', { name: /^Show \d+/ }).click();
    const excluded = page.getByRole('list', { name: 'Products not offered now' });
    await excluded.getByText(PRODUCT).waitFor();

    await page.goBack();
    await page.waitForURL('**/dashboard?panel=who-to-call');
    await callEntry(page).waitFor();
    await checkScreen(page, 'customer-page-call-list-mobile');
    expect(
      await callEntry(page)
        .getByRole('group', { name: `Top product: ${PRODUCT}` })
        .count(),
    ).toBe(0);
    const list = await api<CallItem[]>(journey.server, 'GET', '/api/content/rm-who-to-call', {
      token: rmToken,
    });
    const item = list.find((i) => i.customer_id === customerId);
    expect(item?.recommended_products.map((p) => p.name)).not.toContain(PRODUCT);
    await page.close();
  });
});
