import {
  EXAMPLE_CUSTOMER,
  isCreditCategory,
  type CustomerPageResponse,
  type CustomerRecord,
  type FileFixesPage,
  type FirmOverviewResponse,
  type ListCustomersResponse,
  type ListProductsResponse,
  type Product,
  type RmBookResponse,
  type UploadResponse,
  type WhoToCallResponse,
} from '@behavio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminOnPlan,
  assignInDatabase,
  employeeOf,
  recommendationsSettled,
  uploadFile,
  type Admin,
  type Employee,
} from '../../../test/firms.js';
import { customerTable, toCsvBuffer } from '../../../test/fixtures/customer-files.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';

/*
 * Issue 28, items 1-3 through the API: the products' governance attributes, the customer page's
 * suitability profile, needs_review on the lists and the overview, and a minor's row rejected.
 */
let ctx: TestContext;
let admin: Admin;
let rm: Employee;
let fileId: string;

const row = (customer_id: string, figures: Partial<CustomerRecord>): CustomerRecord => ({
  ...EXAMPLE_CUSTOMER,
  customer_id,
  ...figures,
});
const CUSTOMERS = [
  row('S-ORDINARY', { leverage_ratio: 1, cash_pct: 30, etf_pct: 50, single_stock_pct: 20 }),
  row('S-VULNERABLE', { age: 85, knowledge_quiz_score: 5 }),
  row('S-CONTRADICTORY', { cash_pct: 85, etf_pct: 15, single_stock_pct: 0, leverage_ratio: 1.6 }),
  row('S-MINOR', { age: 16 }),
];

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await adminOnPlan(ctx, 'pro');
  rm = await employeeOf(ctx, admin, 'rm');
  const res = await uploadFile(
    ctx,
    admin.headers,
    'personas.csv',
    toCsvBuffer(customerTable(CUSTOMERS)),
  );
  expect(res.statusCode, res.body).toBe(201);
  const answer = res.json<UploadResponse>();
  expect(answer.preview).toMatchObject({ accepted_rows: 3, rejected_rows: 1 });
  fileId = answer.file_id!;
  await recommendationsSettled(ctx, admin.firmId);
  await assignInDatabase(ctx, admin.firmId, [
    ['S-ORDINARY', rm.id],
    ['S-VULNERABLE', rm.id],
    ['S-CONTRADICTORY', rm.id],
  ]);
}, 300_000);
afterAll(() => ctx.close());

const get = (headers: Record<string, string>, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers });

describe('a minor’s row', () => {
  it('is rejected at import with a reason naming the age column, in the fix-in-place list', async () => {
    const res = await get(admin.headers, `/api/content/file-fixes/${fileId}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<FileFixesPage>();
    expect(page.rows.map((r) => r.values.customer_id)).toEqual(['S-MINOR']);
    expect(page.rows[0]!.problems).toEqual([
      { row: 5, column: 'age', value: '16', reason: 'must be a whole number between 18 and 120' },
    ]);
  });
});

describe('the suitability profile on the customer page', () => {
  const pageOf = async (id: string) => {
    const res = await get(rm.headers, `/api/content/customer/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<CustomerPageResponse>();
  };

  it('flags the vulnerable customer, and recommends only capital-safe products that are not credit', async () => {
    const page = await pageOf('S-VULNERABLE');
    expect(page.suitability_profile).toMatchObject({
      knowledge_level: 'none',
      capacity_for_loss: 'low',
      horizon_years: 1,
      needs_review: true,
    });
    expect(page.suitability_profile.vulnerability_flags.map((f) => f.flag)).toEqual([
      'age_80_plus',
      'low_knowledge',
    ]);
    const shelf = (await get(admin.headers, '/api/products')).json<ListProductsResponse>().products;
    for (const r of page.recommended_products) {
      const product = shelf.find((p) => p.product_id === r.product_id)!;
      expect(product.capital_at_risk).toBe('none');
      expect(isCreditCategory(product.category)).toBe(false);
      expect(r.checks.every((c) => c.passed)).toBe(true);
      expect(r.suitability).toMatch(/^Suitable: /);
      expect(r.eligibility).toMatch(/^Eligible/);
    }
    const plan = page.excluded_products.find((p) => p.name === 'Monthly Investment Plan')!;
    expect(plan.reasons.join(' ')).toContain('Not suitable: the customer awaits a review');
  });

  it('gives an ordinary customer no flag and lists every check on each recommendation', async () => {
    const page = await pageOf('S-ORDINARY');
    expect(page.suitability_profile.vulnerability_flags).toEqual([]);
    expect(page.suitability_profile.needs_review).toBe(false);
    expect(page.suitability_profile.risk_tolerance).toBe(4);
    expect(page.suitability_profile.reasons.length).toBeGreaterThanOrEqual(4);
    expect(page.recommended_products.length).toBeGreaterThan(0);
    for (const r of page.recommended_products) expect(r.checks).toHaveLength(7);
  });
});

describe('needs_review on the lists and the overview', () => {
  const expected = { 'S-ORDINARY': false, 'S-VULNERABLE': true, 'S-CONTRADICTORY': true };

  it('marks each RM list item', async () => {
    const book = (await get(rm.headers, '/api/content/rm-own-book')).json<RmBookResponse>();
    expect(Object.fromEntries(book.customers.map((c) => [c.customer_id, c.needs_review]))).toEqual(
      expected,
    );
    const calls = (await get(rm.headers, '/api/content/rm-who-to-call')).json<WhoToCallResponse>();
    expect(Object.fromEntries(calls.map((c) => [c.customer_id, c.needs_review]))).toEqual(expected);
  });

  it('marks the admin’s customer list and counts the customers awaiting review', async () => {
    const list = (
      await get(admin.headers, '/api/content/list-customers')
    ).json<ListCustomersResponse>();
    expect(Object.fromEntries(list.customers.map((c) => [c.customer_id, c.needs_review]))).toEqual(
      expected,
    );
    const overview = (
      await get(admin.headers, '/api/content/firm-overview')
    ).json<FirmOverviewResponse>();
    expect(overview.awaiting_review).toBe(2);
    for (const item of overview.top_priority)
      expect(item.needs_review).toBe(expected[item.customer_id as keyof typeof expected]);
  });
});

describe('product governance attributes', () => {
  const create = (payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/products', headers: admin.headers, payload });
  const base = { name: 'Governed', category: 'investment' };

  it('are on every product of the default shelf', async () => {
    const shelf = (await get(admin.headers, '/api/products')).json<ListProductsResponse>().products;
    const card = shelf.find((p) => p.name === 'Everyday Credit Card')!;
    expect(card).toMatchObject({ capital_at_risk: 'none', adds_market_exposure: false });
    const note = shelf.find((p) => p.name === 'Capital-Protected Note')!;
    expect(note).toMatchObject({ risk_class: 3, complex: true, capital_at_risk: 'partial' });
  });

  it.each([
    ['risk_class', 8],
    ['risk_class', 2.5],
    ['complex', 'yes'],
    ['capital_at_risk', 'some'],
    ['min_holding_years', 31],
    ['adds_market_exposure', null],
  ])('answers 400 naming %s for %j', async (field, value) => {
    const res = await create({ ...base, [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(field);
  });

  it('answers 400 naming the field for credit with capital at risk or market exposure', async () => {
    const card = { name: 'Card', category: 'credit_card' };
    const atRisk = await create({ ...card, capital_at_risk: 'full' });
    expect(atRisk.statusCode).toBe(400);
    expect(atRisk.body).toContain('capital_at_risk');
    const exposed = await create({ ...card, adds_market_exposure: true });
    expect(exposed.statusCode).toBe(400);
    expect(exposed.body).toContain('adds_market_exposure');
  });

  it('takes the category’s defaults when left out, and edits them', async () => {
    const res = await create({ ...base, name: 'Defaults' });
    expect(res.statusCode, res.body).toBe(201);
    const product = res.json<Product>();
    expect(product).toMatchObject({
      risk_class: 4,
      complex: false,
      capital_at_risk: 'full',
      min_holding_years: 5,
      adds_market_exposure: true,
    });
    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${product.product_id}`,
      headers: admin.headers,
      payload: { risk_class: 6, complex: true, min_holding_years: 2.5 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Product>()).toMatchObject({
      risk_class: 6,
      complex: true,
      min_holding_years: 2.5,
    });
  });
});
