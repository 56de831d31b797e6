import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { rmAnalyticsKeys } from '@/lib/query-keys';
import { buildCustomerPage } from '@/testing/customer-page-data';
import { mockApi, pendingReply, type RecordedCall } from '@/testing/mock-api';
import { findNavigation, findNotification, renderComponent } from '@/testing/render-component';
import { CustomerPage } from '../components/customer-page';

const PAGE = '/api/content/customer/C-10001';
const OUTCOME = '/api/content/product-outcome';

const productCard = (name: string) => screen.getByRole('article', { name });

/** The page answers without a product once it was declined, and with it again once undone. */
function pageWithOutcomes() {
  let declined = false;
  const page = buildCustomerPage();
  return mockApi({
    [`GET ${PAGE}`]: () => ({
      status: 200,
      body: declined
        ? {
            ...page,
            recommended_products: page.recommended_products.slice(1),
            excluded_products: [
              ...page.excluded_products,
              {
                product_id: 'p-saver',
                name: 'Easy Access Saver',
                category: 'savings',
                reasons: ['declined 0 days ago'],
              },
            ],
          }
        : page,
    }),
    [`POST ${OUTCOME}`]: (call: RecordedCall) => {
      const body = call.body as { product_id: string; outcome: string; reason?: string };
      declined = body.outcome === 'declined';
      return {
        status: 201,
        body: {
          message: 'Outcome recorded',
          customer_id: 'C-10001',
          product_id: body.product_id,
          outcome: body.outcome,
          reason: body.reason ?? null,
          recorded_at: '2025-03-14T12:00:00.000Z',
        },
      };
    },
  });
}

describe('Customer page', () => {
  it('shows a loading state', async () => {
    mockApi({ [`GET ${PAGE}`]: pendingReply });
    renderComponent(<CustomerPage customerId="C-10001" />);
    expect(await screen.findByRole('status', { name: 'Loading customer' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Customer C-10001', level: 1 })).toBeVisible();
  });

  it('shows the RM, the ranking, the products with reasons and suitability, the exclusions, biases, fields and history', async () => {
    mockApi({ [`GET ${PAGE}`]: { status: 200, body: buildCustomerPage() } });
    const { user } = renderComponent(<CustomerPage customerId="C-10001" />);

    expect(await screen.findByText('Rita Manager')).toBeInTheDocument();
    const ranking = screen.getByRole('group', { name: 'Ranking' });
    expect(ranking).toHaveTextContent('Overconfident');
    expect(ranking).toHaveTextContent('high urgency');
    expect(ranking).toHaveTextContent('MEDIUM RISK');
    expect(ranking).toHaveTextContent('7.25');
    expect(
      screen.getByText('Review the trading pace and agree rules for new positions'),
    ).toBeInTheDocument();

    const saver = productCard('Easy Access Saver');
    expect(saver).toHaveTextContent('Savings');
    expect(saver).toHaveTextContent('Fit score 82/100');
    expect(within(saver).getByRole('listitem')).toHaveTextContent(
      '35% of the portfolio is idle cash, well above a 10% working balance.',
    );
    expect(saver).toHaveTextContent(
      "Suitability: Suitable: not a credit product; risk class 1 is within the customer's risk tolerance of 4.",
    );
    expect(saver).toHaveTextContent(
      'Eligibility: Eligible on every rule of the product: age 42 (18 or more).',
    );
    expect(productCard('Global Index Fund Portfolio')).toHaveTextContent('Investment');

    // Not offered now: collapsed until asked for.
    const show = screen.getByRole('button', { name: 'Show 1 product' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await user.click(show);
    const excluded = await screen.findByRole('list', { name: 'Products not offered now' });
    await waitFor(() => expect(excluded).toBeVisible());
    expect(excluded).toHaveTextContent('Personal Loan');
    expect(excluded).toHaveTextContent("leverage 2.1x is above this product's maximum of 1.2x");

    const overconfidence = screen.getByRole('article', { name: 'Overconfidence' });
    expect(overconfidence).toHaveTextContent('72');
    expect(overconfidence).toHaveTextContent('80% confidence');
    expect(overconfidence).toHaveTextContent('Trades more than 70% of peers in the last 30 days.');

    const identification = screen.getByRole('table', { name: 'Identification and demographics' });
    expect(within(identification).getByRole('row', { name: 'Country ISO GBR' })).toBeVisible();
    expect(
      within(screen.getByRole('table', { name: 'Order types and social' })).getByRole('row', {
        name: 'Limit orders at purchase price Yes',
      }),
    ).toBeVisible();
    // 28 columns, the optional ones left out when the file had none.
    expect(screen.getAllByRole('rowheader')).toHaveLength(28);

    // One timeline of outcomes and notes, newest first, with who and when (issue 20, item 7).
    const history = within(screen.getByRole('list', { name: 'Timeline, newest first' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(history).toHaveLength(3);
    expect(history[0]).toContain('Called');
    expect(history[1]).toContain('Prefers calls after 4pm.');
    expect(history[1]).toContain('Rita Manager');
    expect(history[2]).toContain('Everyday Credit Card: offered');
    // The call list's state, as every RM list shows it (issue 20, item 5).
    expect(screen.getByText('On the call list:').parentElement).toHaveTextContent('Called');
  });

  it('records Declined with its reason, shows "Outcome recorded" and the product leaves the page; Undo records undone', async () => {
    const api = pageWithOutcomes();
    const { user } = renderComponent(<CustomerPage customerId="C-10001" />);
    await screen.findByRole('article', { name: 'Easy Access Saver' });

    await user.click(screen.getByRole('button', { name: 'Declined: Easy Access Saver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Declined: Easy Access Saver' });
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Has one elsewhere');
    await user.click(within(dialog).getByRole('button', { name: 'Record declined' }));

    const toast = await findNotification('Outcome recorded');
    expect(toast).toHaveTextContent('Easy Access Saver: declined.');
    expect(api.callsTo('POST', OUTCOME).map((call) => call.body)).toEqual([
      {
        customer_id: 'C-10001',
        product_id: 'p-saver',
        outcome: 'declined',
        reason: 'Has one elsewhere',
      },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Easy Access Saver' })).toBeNull(),
    );
    expect(api.callsTo('GET', PAGE)).toHaveLength(2);

    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('article', { name: 'Easy Access Saver' })).toBeInTheDocument();
    expect(api.callsTo('POST', OUTCOME).map((call) => call.body)).toEqual([
      expect.objectContaining({ outcome: 'declined' }),
      { customer_id: 'C-10001', product_id: 'p-saver', outcome: 'undone' },
    ]);
  });

  it('records Offered at once, without a reason', async () => {
    const api = pageWithOutcomes();
    const { user, queryClient } = renderComponent(<CustomerPage customerId="C-10001" />);
    // An RM list read earlier: it shows the recommendations too, so it must be read again.
    queryClient.setQueryData(rmAnalyticsKeys.whoToCall(), []);
    await user.click(
      await screen.findByRole('button', { name: 'Offered: Global Index Fund Portfolio' }),
    );
    await findNotification('Outcome recorded');
    expect(api.callsTo('POST', OUTCOME).map((call) => call.body)).toEqual([
      { customer_id: 'C-10001', product_id: 'p-index', outcome: 'offered' },
    ]);
    expect(queryClient.getQueryState(rmAnalyticsKeys.whoToCall())?.isInvalidated).toBe(true);
  });

  it('shows the suitability profile, each flag with its reason, and the review badge', async () => {
    const page = buildCustomerPage({
      suitability_profile: {
        knowledge_level: 'none',
        risk_tolerance: 3,
        capacity_for_loss: 'low',
        horizon_years: 1,
        vulnerability_flags: [
          { flag: 'age_80_plus', reason: 'Age 85: 80 or more.' },
          { flag: 'low_knowledge', reason: 'Knowledge quiz score 5: under 20.' },
        ],
        needs_review: true,
        reasons: ['Capacity for loss is low: age 85 (75 or more).'],
      },
    });
    mockApi({ [`GET ${PAGE}`]: { status: 200, body: page } });
    renderComponent(<CustomerPage customerId="C-10001" />);
    const section = await screen.findByRole('region', { name: 'Suitability profile' });
    expect(section).toHaveTextContent('Needs review');
    expect(section).toHaveTextContent('Age 80 or more: Age 85: 80 or more.');
    expect(section).toHaveTextContent('Low tested knowledge: Knowledge quiz score 5: under 20.');
    expect(section).toHaveTextContent('Risk tolerance3/7');
    expect(section).toHaveTextContent('Horizon1 year');
    expect(within(section).getByRole('list', { name: 'Why this profile' })).toHaveTextContent(
      'Capacity for loss is low: age 85 (75 or more).',
    );
  });

  it('says "Customer not found" on a 404, with a way back', async () => {
    mockApi({
      [`GET ${PAGE}`]: { status: 404, body: { message: 'Customer not found', code: 'not_found' } },
    });
    const { user } = renderComponent(<CustomerPage customerId="C-10001" />);
    const notFound = (await screen.findByText('Customer not found')).closest('[role="alert"]');
    expect(notFound).not.toBeNull();
    expect(screen.queryByRole('heading', { name: 'Recommended products' })).toBeNull();
    await user.click(
      within(notFound as HTMLElement).getByRole('link', { name: 'Back to Dashboard' }),
    );
    expect(await findNavigation('/dashboard')).toBeInTheDocument();
  });

  it("shows the API's message on a 403", async () => {
    const message = 'Only the firm admin and relationship managers can open a customer.';
    mockApi({ [`GET ${PAGE}`]: { status: 403, body: { message, code: 'role_forbidden' } } });
    renderComponent(<CustomerPage customerId="C-10001" />);
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});
