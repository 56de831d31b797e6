import { describe, expect, it } from 'vitest';
import { checkScreenAtBothWidths } from './support/axe.js';
import { VIEWPORTS } from './support/browser.js';
import { useJourney } from './support/journey.js';

const journey = useJourney();

describe('sign-up journey at phone (390 px) width, each screen also at 1280 px', () => {
  const [name, viewport] = ['mobile', VIEWPORTS.mobile] as const;
  it('registers, verifies with the emailed code, logs in, lands in the shell and logs out', async () => {
    const page = await journey.browser.newPage({ viewport });
    const email = `journey.${name}.${Date.now()}@example.com`;
    const password = 'journey-pass-1';

    await page.goto(journey.server.url);
    await page.getByRole('link', { name: 'Create your free account' }).first().waitFor();
    await checkScreenAtBothWidths(page, 'sign-up-landing');
    await page.getByRole('link', { name: 'Create your free account' }).first().click();
    await page.waitForURL('**/register');
    // Submitted empty, the fields fail; their placeholders stay the grey of a placeholder
    // (#6c757d, 4.7:1 on white), never the error red that reads as a filled-in value.
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => page.getByLabel('Full Name').getAttribute('aria-invalid')).toBe('true');
    const placeholderColour = await page
      .getByLabel('Full Name')
      .evaluate((input) => getComputedStyle(input, '::placeholder').color);
    expect(placeholderColour).toBe('rgb(108, 117, 125)');
    await checkScreenAtBothWidths(page, 'sign-up-register-failed');
    await page.getByLabel('Full Name').fill('Jane Journey');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByLabel('Business Name').fill('Journey Wealth');
    await checkScreenAtBothWidths(page, 'sign-up-register');
    await page.getByRole('button', { name: 'Create Account' }).click();

    await page.waitForURL('**/verify-otp');
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(email);
    await page.getByLabel('Verification Code').fill(journey.server.otpFor(email));
    await checkScreenAtBothWidths(page, 'sign-up-verify');
    await page.getByRole('button', { name: 'Verify Email' }).click();

    await page.waitForURL('**/login');
    await checkScreenAtBothWidths(page, 'sign-up-login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page
      .getByRole('button', { name: /log ?in/i })
      .last()
      .click();

    await page.waitForURL('**/dashboard');
    await page.getByText('Upload your customers file').first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await checkScreenAtBothWidths(page, 'sign-up-shell');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${journey.server.url}/`);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.getByRole('link', { name: 'Login' }).first().waitFor();
    await page.close();
  });
});

describe('guards and unknown routes at desktop (1280 px) width, each screen also at 390 px', () => {
  const viewport = VIEWPORTS.desktop;
  it('sends a signed-out visitor from a guarded route to the landing page, and shows 404 elsewhere', async () => {
    const page = await journey.browser.newPage({ viewport });
    await page.goto(`${journey.server.url}/settings/manageCustomers`);
    await page.waitForURL(`${journey.server.url}/`);
    await page.goto(`${journey.server.url}/no/such/page`);
    await page.getByRole('button', { name: 'Go Back' }).waitFor();
    await page
      .getByRole('link', { name: 'Go to Homepage' })
      .or(page.getByRole('button', { name: 'Go to Homepage' }))
      .first()
      .waitFor();
    await checkScreenAtBothWidths(page, 'not-found');
    await page.close();
  });
});
