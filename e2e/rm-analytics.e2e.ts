import { beforeAll, describe, expect, it } from 'vitest';
import { proFirmWithRm, signInRmThroughLogin } from './support/api.js';
import { checkScreenAtBothWidths } from './support/axe.js';
import { VIEWPORTS } from './support/browser.js';
import { useJourney } from './support/journey.js';

const journey = useJourney();
let admin: { email: string };
const rmEmail = `rita.${Date.now()}@example.com`;
let assigned: string[];

beforeAll(async () => {
  ({ admin, assigned } = await proFirmWithRm(
    journey.server,
    'rm-journey',
    { name: 'Rita Manager', email: rmEmail, password: 'rita-pass-1' },
    12,
  ));
});

const PANELS = [
  ['book', 'My Customer Book'],
  ['who-to-call', 'Who To Call'],
  ['priority', 'Customer Priority Scores'],
  ['risk', 'Risk Ranking Dashboard'],
  ['segments', 'Behavioral Segments'],
] as const;

describe('RM journey at phone (390 px) width, each screen also at 1280 px', () => {
  const viewport = VIEWPORTS.mobile;
  it('signs in through login-others and sees exactly their customers on all five screens', async () => {
    const page = await journey.browser.newPage({ viewport });
    await signInRmThroughLogin(page, journey.server, {
      email: rmEmail,
      password: 'rita-pass-1',
      adminEmail: admin.email,
    });

    for (const [panel, heading] of PANELS) {
      await page.goto(`${journey.server.url}/dashboard?panel=${panel}`);
      await page.getByRole('heading', { name: heading }).first().waitFor();
      // Who To Call shows today's list, which need not hold the first customer.
      if (panel === 'who-to-call')
        await page.getByRole('heading', { name: 'Priority Call List' }).waitFor();
      else if (panel !== 'risk' && panel !== 'segments')
        await page.getByText(assigned[0]!).first().waitFor();
      else
        await page
          .getByText(/Total (Customers Ranked|Segmented Customers)/)
          .first()
          .waitFor();
      await checkScreenAtBothWidths(page, `rm-${panel}`);
    }
    const text = await page.locator('body').innerText();
    expect(text).not.toMatch(/Purchase Subscription to access this page/);

    const book = await page.evaluate(async () => {
      const res = await fetch('/api/content/rm-own-book', {
        headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
      });
      return (await res.json()) as { customers: { customer_id: string }[] };
    });
    expect(book.customers.map((c) => c.customer_id).sort()).toEqual([...assigned].sort());
    await page.close();
  });
});
