import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminThroughApi, api, buyPlan, signInPage, uploadThroughApi } from './support/api.js';
import { checkScreen } from './support/axe.js';
import { VIEWPORTS } from './support/browser.js';
import { useJourney } from './support/journey.js';

const journey = useJourney();

async function addRm(page: Page, name: string, email: string) {
  await page.getByRole('button', { name: 'Add Relationship Manager' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').waitFor();
  await checkScreen(page, 'admin-add-rm-dialog-desktop');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill('rm-pass-123');
  await dialog.getByRole('button', { name: 'Create RM' }).click();
  await page.getByRole('cell', { name: email }).waitFor();
}

async function chooseRm(page: Page, section: string, rmName: string) {
  const scope = page.locator('section', { hasText: section }).first();
  await scope.getByRole('textbox', { name: 'Relationship manager' }).click();
  await page
    .getByRole('option', { name: new RegExp(rmName) })
    .filter({ visible: true })
    .first()
    .click();
  return scope;
}

describe('administration journey', () => {
  it('adds RMs, assigns and reassigns customers, views a book and a call list; the RM then sees exactly their customers', async () => {
    const admin = await adminThroughApi(journey.server, 'admin-journey');
    await uploadThroughApi(journey.server, admin.token, 30);
    await buyPlan(journey.server, admin.token, 'business', 'monthly');

    const page = await journey.browser.newPage({ viewport: VIEWPORTS.desktop });
    await signInPage(page, journey.server, admin.token);
    await page.goto(`${journey.server.url}/settings`);
    const ritaEmail = `rita.${Date.now()}@example.com`;
    const omarEmail = `omar.${Date.now()}@example.com`;
    await addRm(page, 'Rita Banks', ritaEmail);
    await addRm(page, 'Omar Ali', omarEmail);
    await checkScreen(page, 'admin-settings-desktop');
    // The daily alert digest (issue 19): on by default, turned off in Settings, and kept.
    const digest = page.getByRole('switch', { name: 'Email me a daily digest of unread alerts' });
    await expect.poll(() => digest.isChecked()).toBe(true);
    await digest.click({ force: true });
    await page.getByText('Daily alert digest turned off').first().waitFor();
    await page.reload();
    await expect.poll(() => digest.isChecked()).toBe(false);

    await page
      .getByRole('link', { name: 'Manage Customers' })
      .or(page.getByRole('button', { name: 'Manage Customers' }))
      .first()
      .click();
    await page.waitForURL('**/settings/manageCustomers**');
    await page.getByText('Showing 1 to 25 of 30 customers').waitFor();
    await page.getByText('Page 1 of 2').waitFor();

    for (const id of ['C-100001', 'C-100002', 'C-100003']) {
      await expect
        .poll(() => page.getByRole('button', { name: `Assign ${id}` }).isDisabled())
        .toBe(true);
      await page.getByLabel(`RM for ${id}`).selectOption({ label: 'Rita Banks' });
      await page.getByRole('button', { name: `Assign ${id}` }).click();
      await page.getByRole('button', { name: `Reassign ${id}` }).waitFor();
    }
    await page.getByLabel('RM for C-100003').selectOption({ label: 'Omar Ali' });
    await page.getByRole('button', { name: 'Reassign C-100003' }).click();
    await page.getByText('C-100003 is now with Omar Ali.').first().waitFor();

    const search = page.getByRole('search');
    await search.getByLabel('Search customers').fill('c-10001');
    await search.getByRole('button', { name: 'Search' }).click();
    await page.getByText('Showing 1 to 10 of 10 customers').waitFor();
    await search.getByLabel('Search customers').fill('');
    await search.getByRole('button', { name: 'Search' }).click();
    await page.getByText('Showing 1 to 25 of 30 customers').waitFor();

    const book = await chooseRm(page, 'View RM Customer Book', 'Rita Banks');
    await book.getByRole('button', { name: 'View Book' }).click();
    await book.getByText('C-100002').first().waitFor();
    const calls = await chooseRm(page, 'Who To Call (Priority List)', 'Omar Ali');
    await calls.getByRole('button', { name: 'Get List' }).click();
    // The call list opens on today's list; the whole book is one switch away.
    await calls.getByText('Show all', { exact: true }).click();
    await calls.getByText('C-100003').first().waitFor();
    await checkScreen(page, 'admin-manage-customers-desktop');
    await page.close();

    const phone = await journey.browser.newPage({ viewport: VIEWPORTS.mobile });
    await signInPage(phone, journey.server, admin.token);
    await phone.goto(`${journey.server.url}/settings`);
    await phone
      .getByRole('cell', { name: ritaEmail })
      .or(phone.getByText(ritaEmail))
      .first()
      .waitFor();
    await checkScreen(phone, 'admin-settings-mobile');
    await phone.goto(`${journey.server.url}/settings/manageCustomers`);
    await phone.getByText('Showing 1 to 25 of 30 customers').waitFor();
    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    // On a phone each customer is a card whose RM choice and button fit the screen.
    const assignOnPhone = phone.getByRole('button', { name: 'Assign C-100004' });
    const box = await assignOnPhone.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    await phone.getByLabel('RM for C-100004').selectOption({ label: 'Omar Ali' });
    await assignOnPhone.click();
    await phone.getByRole('button', { name: 'Reassign C-100004' }).waitFor();
    const phoneCalls = await chooseRm(phone, 'Who To Call (Priority List)', 'Omar Ali');
    await phoneCalls.getByRole('button', { name: 'Get List' }).click();
    await phoneCalls.getByText('Show all', { exact: true }).click();
    const callCards = phoneCalls.getByRole('list', { name: 'Call list of Omar Ali' });
    await callCards.getByText('C-100004').waitFor();
    await checkScreen(phone, 'admin-manage-customers-mobile');
    await phone.close();

    const rita = await api<{ token: string }>(journey.server, 'POST', '/api/auth/login-others', {
      body: { role: 'rm', email: ritaEmail, password: 'rm-pass-123', adminEmail: admin.email },
    });
    const ritaBook = await api<{ customers: { customer_id: string }[] }>(
      journey.server,
      'GET',
      '/api/content/rm-own-book',
      { token: rita.token },
    );
    expect(ritaBook.customers.map((c) => c.customer_id)).toEqual(['C-100001', 'C-100002']);
    const audit = await api<{ events: { action: string }[] }>(
      journey.server,
      'GET',
      '/api/audit/events',
      {
        token: admin.token,
      },
    );
    expect(audit.events.map((e) => e.action)).toEqual(
      expect.arrayContaining([
        'employee.created',
        'customer.assigned',
        'customer.reassigned',
        'file.uploaded',
      ]),
    );
  });
});
