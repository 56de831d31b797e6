import {
  DEFAULT_SHELF,
  type Product,
  type ProductPerformanceResponse,
  type Role,
} from '@behavio/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildUser } from '@/testing/data';
import { mockApi, type Handler } from '@/testing/mock-api';
import { findNotification, renderComponent } from '@/testing/render-component';
import { DESKTOP_WIDTH, mockViewport } from '@/testing/viewport';
import { ProductsPage } from '../components/products-page';

const LIST = 'GET /api/products';
const PERFORMANCE = 'GET /api/content/product-performance';

const shelf: Product[] = DEFAULT_SHELF.slice(0, 3).map((p, i) => ({
  ...p,
  product_id: `00000000-0000-4000-8000-00000000000${i}`,
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-01T09:00:00.000Z',
}));

const performance: ProductPerformanceResponse = {
  recommendations_up_to_date: true,
  products: shelf.map((p, i) => ({
    product_id: p.product_id,
    name: p.name,
    category: p.category,
    active: p.active,
    recommended_now: 10 * (i + 1),
    offered: i,
    accepted: i === 0 ? 0 : 1,
    declined: i === 0 ? 0 : 1,
    acceptance_rate: i === 0 ? null : 0.5,
  })),
  rms: [
    {
      user_id: 'u1',
      name: 'Rita Manager',
      offered: 3,
      accepted: 2,
      declined: 1,
      acceptance_rate: 0.6667,
    },
  ],
};

function open(role: Role, routes: Record<string, Handler> = {}) {
  const api = mockApi({
    [LIST]: { body: { products: shelf } },
    [PERFORMANCE]: { body: performance },
    ...routes,
  });
  const view = renderComponent(<ProductsPage role={role} />, {
    user: buildUser({ role, subscription: 'pro' }),
  });
  return { ...view, api };
}

describe('Products', () => {
  beforeEach(() => mockViewport(DESKTOP_WIDTH));

  it('shows every product with its rules, and the admin the performance by product and person', async () => {
    open('admin');
    const card = within(await screen.findByRole('article', { name: shelf[0]!.name }));
    expect(card.getByText(/Rules:/).parentElement).toHaveTextContent('age ≥ 18');
    const table = within(
      await screen.findByRole('table', { name: 'Product performance by product' }),
    );
    const rows = table
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(rows[0]).toContain('–');
    expect(rows[1]).toContain('50.0%');
    const people = within(screen.getByRole('table', { name: 'Product performance by person' }));
    expect(people.getByRole('row', { name: /Rita Manager/ })).toHaveTextContent('66.7%');
  });

  it('lets an RM read the shelf, without editing or the performance report', async () => {
    const { api } = open('rm');
    await screen.findByRole('article', { name: shelf[0]!.name });
    expect(screen.queryByRole('button', { name: 'Add product' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/content/product-performance')).toHaveLength(0);
  });

  it('adds a product with rules, and puts the server’s field errors on the fields', async () => {
    let attempt = 0;
    const { api, user } = open('admin', {
      'POST /api/products': () =>
        ++attempt === 1
          ? {
              status: 400,
              body: {
                message: 'min_age 70 is above max_age 30',
                code: 'bad_request',
                errors: [{ path: 'min_age', msg: 'min_age 70 is above max_age 30' }],
              },
            }
          : { status: 201, body: { ...shelf[0]!, name: 'Green Saver' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Add product' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add product' }));
    await user.type(dialog.getByRole('textbox', { name: 'Name' }), 'Green Saver');
    await user.type(dialog.getByRole('textbox', { name: 'Minimum age' }), '70');
    await user.type(dialog.getByRole('textbox', { name: 'Maximum age' }), '30');
    await user.click(dialog.getByRole('button', { name: 'Add product' }));
    expect(await dialog.findByText('min_age 70 is above max_age 30')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/products')[0]!.body).toMatchObject({
      name: 'Green Saver',
      category: 'savings',
      min_age: 70,
      max_age: 30,
      max_leverage_ratio: null,
    });
    await user.clear(dialog.getByRole('textbox', { name: 'Minimum age' }));
    await user.click(dialog.getByRole('button', { name: 'Add product' }));
    expect(await findNotification('Product added')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/api/products')[1]!.body).toMatchObject({ min_age: null });
  }, 60_000); // a long form typed key by key: slow on a busy machine

  it('edits the governance attributes, starting from the category’s defaults, and shows a 400 on its field', async () => {
    const { user, api } = open('admin', {
      'POST /api/products': (request) =>
        (request.body as { risk_class?: number }).risk_class === 7
          ? {
              status: 400,
              body: {
                message: 'risk_class must be a whole number from 1 to 7',
                code: 'bad_request',
                errors: [
                  { path: 'risk_class', msg: 'risk_class must be a whole number from 1 to 7' },
                ],
              },
            }
          : { status: 201, body: { ...shelf[0]!, name: 'Growth Fund' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Add product' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add product' }));
    await user.type(dialog.getByRole('textbox', { name: 'Name' }), 'Growth Fund');
    await user.click(dialog.getByRole('textbox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Investment' }));
    const riskClass = dialog.getByRole('textbox', { name: "Risk class (1-7, the KID's SRI)" });
    expect(riskClass).toHaveValue('4');
    await user.clear(riskClass);
    await user.type(riskClass, '7');
    await user.click(dialog.getByRole('switch', { name: 'Complex (needs quiz 60+ and 2+ years)' }));
    await user.click(dialog.getByRole('button', { name: 'Add product' }));
    expect(
      await dialog.findByText('risk_class must be a whole number from 1 to 7'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/products')[0]!.body).toMatchObject({
      category: 'investment',
      risk_class: 7,
      complex: true,
      capital_at_risk: 'full',
      min_holding_years: 5,
      adds_market_exposure: true,
    });
  }, 60_000); // a long form typed key by key: slow on a busy machine

  it('says why a product that was recommended cannot be deleted', async () => {
    const { user } = open('admin', {
      [`DELETE /api/products/${shelf[0]!.product_id}`]: {
        status: 409,
        body: {
          message:
            'This product has been recommended to customers, so it cannot be deleted: deactivate it instead.',
          code: 'conflict',
        },
      },
    });
    const card = within(await screen.findByRole('article', { name: shelf[0]!.name }));
    await user.click(card.getByRole('button', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete product' }));
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await findNotification('Failed to delete product')).toHaveTextContent(
      'deactivate it instead',
    );
  });
});
