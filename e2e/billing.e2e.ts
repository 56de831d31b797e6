import { describe, expect, it } from 'vitest';
import { adminThroughApi, api, signInPage, uploadThroughApi } from './support/api.js';
import { checkScreen, checkScreenAtBothWidths } from './support/axe.js';
import { VIEWPORTS } from './support/browser.js';
import { useJourney } from './support/journey.js';

const journey = useJourney();

interface Status {
  hasSubscription: boolean;
  status: string | null;
  plan: string | null;
  billingCycle: string | null;
  cancelAtPeriodEnd: boolean;
}

describe('billing journey', () => {
  it('buys Pro yearly through the offline checkout, unlocks the RM screens and paid features, then cancels', async () => {
    const admin = await adminThroughApi(journey.server, 'billing');
    await uploadThroughApi(journey.server, admin.token, 20);
    const page = await journey.browser.newPage({ viewport: VIEWPORTS.desktop });
    await signInPage(page, journey.server, admin.token);

    await page.goto(`${journey.server.url}/subscription`);
    await page.getByText('Choose Your Plan').first().waitFor();
    await page.getByText('Preferred').first().waitFor();
    await page.getByRole('radio', { name: /Yearly/ }).check({ force: true });
    await checkScreen(page, 'billing-plans-desktop');
    await page.getByRole('button', { name: 'Subscribe to Pro' }).click();
    await page.waitForURL('**/checkout/**');
    await page.getByText(/Pro/).first().waitFor();
    await checkScreen(page, 'billing-checkout-desktop');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.waitForURL('**/subscription**');
    await page.getByText('Current Plan').first().waitFor();

    const status = await api<Status>(
      journey.server,
      'GET',
      '/api/subscription/subscription-status',
      {
        token: admin.token,
      },
    );
    expect(status).toMatchObject({
      hasSubscription: true,
      status: 'active',
      plan: 'pro',
      billingCycle: 'yearly',
      cancelAtPeriodEnd: false,
    });

    // The firm's plan reaches its employees: an RM now gets the analytics.
    const rmEmail = `rm.billing.${Date.now()}@example.com`;
    await api(journey.server, 'POST', '/api/roles/create-new-employee', {
      token: admin.token,
      body: { name: 'Paid RM', email: rmEmail, password: 'rm-pass-123', role: 'rm' },
    });
    const rm = await api<{ token: string }>(journey.server, 'POST', '/api/auth/login-others', {
      body: { role: 'rm', email: rmEmail, password: 'rm-pass-123', adminEmail: admin.email },
    });
    const calls = await fetch(`${journey.server.url}/api/content/rm-who-to-call`, {
      headers: { authorization: `Bearer ${rm.token}` },
    });
    expect(calls.status).toBe(200);
    await calls.arrayBuffer();

    await page.goto(`${journey.server.url}/premium/full`);
    await page.getByText('You have full access to all premium features.').waitFor();
    await page.getByText('Premium Feature Access').first().waitFor();
    await page.getByText('Advanced Data Insights').first().waitFor();
    await expect.poll(() => page.getByText('Loading data...').count()).toBe(0);

    await page.goto(`${journey.server.url}/subscription`);
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    await page.getByText('You will lose access to premium features').waitFor();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Cancel Subscription|Yes/ })
      .click();
    await expect
      .poll(
        async () =>
          (
            await api<Status>(journey.server, 'GET', '/api/subscription/subscription-status', {
              token: admin.token,
            })
          ).cancelAtPeriodEnd,
      )
      .toBe(true);
    await page.close();
  });

  it('spends credits down to the No Credits Left redirect at desktop (1280 px) width, each screen also at 390 px', async () => {
    const [name, viewport] = ['desktop', VIEWPORTS.desktop] as const;
    const admin = await adminThroughApi(journey.server, `credits-${name}`);
    await uploadThroughApi(journey.server, admin.token, 20);
    for (let i = 0; i < 9; i++)
      await api(journey.server, 'GET', '/api/free/freeRoute1', { token: admin.token });
    const page = await journey.browser.newPage({ viewport });
    await signInPage(page, journey.server, admin.token);
    await page.goto(`${journey.server.url}/subscription`);
    await page.getByText('Choose Your Plan').first().waitFor();
    await checkScreenAtBothWidths(page, 'billing-plans');
    await page.goto(`${journey.server.url}/premium`);
    await page.getByRole('button', { name: 'Learn How Credits Work' }).click();
    await page.getByRole('button', { name: 'Got it' }).click();

    await page.getByRole('button', { name: 'Unlock Feature' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText(/10 credits/)
      .first()
      .waitFor();
    await checkScreenAtBothWidths(page, 'billing-unlock-dialog');
    await dialog.getByRole('button', { name: 'Confirm Unlock' }).click();
    await page.getByText('Feature Unlocked!').first().waitFor();
    await checkScreenAtBothWidths(page, 'billing-unlocked');
    const me = await api<{ user: { credits: number } }>(
      journey.server,
      'GET',
      '/api/auth/check-user',
      {
        token: admin.token,
      },
    );
    expect(me.user.credits).toBe(0);

    await page.getByRole('button', { name: 'Unlock Feature' }).first().click();
    await page.getByText('No Credits Left').first().waitFor();
    await page.waitForURL('**/subscription');
    await page.close();
  });
});
