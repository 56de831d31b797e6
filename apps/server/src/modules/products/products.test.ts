import { readFile } from 'node:fs/promises';
import {
  PRODUCT_CATEGORIES,
  PRODUCT_MESSAGES,
  ROLES,
  type ListProductsResponse,
  type Product,
  type Role,
} from '@behavio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvOf } from '../../../test/fixtures/customer-files.js';
import {
  adminOnPlan,
  employeeOf,
  importCustomers,
  type Admin,
  setUpDb,
} from '../../../test/firms.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { DEFAULT_SHELF } from '@behavio/contract';

let ctx: TestContext;

/** A firm with one signed-in user of every role. */
async function firmWithEveryRole(plan: 'free' | 'pro' = 'pro') {
  const admin = await adminOnPlan(ctx, plan);
  const headers: Partial<Record<Role, Record<string, string>>> = { admin: admin.headers };
  for (const role of ['rm', 'head', 'compliance', 'view'] as const)
    headers[role] = (await employeeOf(ctx, admin, role)).headers;
  return { admin, headers: headers as Record<Role, Record<string, string>> };
}

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const listOf = async (headers: Record<string, string>) => {
  const res = await call('GET', '/api/products', headers);
  expect(res.statusCode).toBe(200);
  return res.json<ListProductsResponse>().products;
};

const narrowCard = {
  name: 'Narrow Card',
  category: 'credit_card',
  weight: 7,
  min_age: 30,
  max_age: 60,
  min_risk_profile: 4,
  max_risk_profile: 8,
  max_leverage_ratio: 1.1,
  countries: ['gbr', 'IRL'],
  needs: ['liquidity'],
};

const create = async (admin: Admin, body: object = narrowCard) => {
  const res = await call('POST', '/api/products', admin.headers, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Product>();
};

const auditActions = (firmId: string, productId: string) =>
  setUpDb(ctx)
    .selectFrom('audit_events')
    .select(['action', 'actor_role'])
    .where('firm_id', '=', firmId)
    .where('subject_id', '=', productId)
    .orderBy('id')
    .execute();

beforeAll(async () => {
  ctx = await createTestContext();
}, 180_000);
afterAll(() => ctx.close());

describe('the default shelf', () => {
  it('gives a new firm the documented shelf: every category, at least 10 products, readable by every role on any plan', async () => {
    for (const plan of ['free', 'pro'] as const) {
      const firm = await firmWithEveryRole(plan);
      const byAdmin = await listOf(firm.headers.admin);
      expect(byAdmin).toHaveLength(DEFAULT_SHELF.length);
      expect(DEFAULT_SHELF.length).toBeGreaterThanOrEqual(10);
      expect(new Set(byAdmin.map((p) => p.category))).toEqual(new Set(PRODUCT_CATEGORIES));
      expect(byAdmin.map((p) => p.name).sort()).toEqual(DEFAULT_SHELF.map((p) => p.name).sort());
      expect(byAdmin.every((p) => p.active && p.needs.length > 0)).toBe(true);
      for (const role of ROLES) expect(await listOf(firm.headers[role])).toEqual(byAdmin);
    }
  });

  it('is listed in docs/products.md, product by product', async () => {
    const doc = await readFile(new URL('../../../../../docs/products.md', import.meta.url), 'utf8');
    const row = (name: string) => new RegExp(`^\\| ${name.replace(/[-.]/g, '\\$&')} +\\| `, 'm');
    for (const product of DEFAULT_SHELF) expect(doc).toMatch(row(product.name));
  });
});

describe('managing the shelf', () => {
  it('lets the admin add a product with rules; the rules come back as sent, countries upper-cased', async () => {
    const { admin, headers } = await firmWithEveryRole();
    const product = await create(admin);
    expect(product).toMatchObject({
      ...narrowCard,
      countries: ['GBR', 'IRL'],
      description: '',
      active: true,
      min_knowledge_quiz_score: null,
      min_experience_years: null,
      min_aum: null,
    });
    expect(product.product_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await listOf(headers.view)).toContainEqual(product);
    expect(await auditActions(admin.firmId, product.product_id)).toEqual([
      { action: 'product.created', actor_role: 'admin' },
    ]);
  });

  it('defaults the weight to 5 and leaves every rule empty', async () => {
    const admin = await adminOnPlan(ctx);
    const product = await create(admin, { name: 'Plain Saver', category: 'savings' });
    expect(product).toMatchObject({ weight: 5, min_age: null, countries: [], needs: [] });
  });

  it('edits only the fields given; null clears a rule; active false takes it off the shelf', async () => {
    const admin = await adminOnPlan(ctx);
    const product = await create(admin);
    const res = await call('PUT', `/api/products/${product.product_id}`, admin.headers, {
      weight: 2,
      min_age: null,
      active: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json<Product>();
    expect(edited).toEqual({
      ...product,
      weight: 2,
      min_age: null,
      active: false,
      updated_at: edited.updated_at,
    });
    expect(await listOf(admin.headers)).toContainEqual(edited);
    expect(await auditActions(admin.firmId, product.product_id)).toEqual([
      { action: 'product.created', actor_role: 'admin' },
      { action: 'product.updated', actor_role: 'admin' },
    ]);
  });

  it('deletes a product that was never recommended', async () => {
    const admin = await adminOnPlan(ctx);
    const product = await create(admin);
    const res = await call('DELETE', `/api/products/${product.product_id}`, admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: PRODUCT_MESSAGES.deleted,
      product_id: product.product_id,
    });
    expect((await listOf(admin.headers)).map((p) => p.product_id)).not.toContain(
      product.product_id,
    );
    expect((await auditActions(admin.firmId, product.product_id)).at(-1)?.action).toBe(
      'product.deleted',
    );
  });

  it('refuses with 409 to delete a product with a recorded outcome, and keeps it', async () => {
    const admin = await adminOnPlan(ctx, 'pro');
    await importCustomers(ctx, admin, csvOf(2));
    const product = await create(admin);
    const customer = await setUpDb(ctx)
      .selectFrom('customers')
      .select('customer_id')
      .where('firm_id', '=', admin.firmId)
      .executeTakeFirstOrThrow();
    await setUpDb(ctx)
      .insertInto('product_outcomes')
      .values({
        firm_id: admin.firmId,
        customer_id: customer.customer_id,
        product_id: product.product_id,
        outcome: 'offered',
      })
      .execute();
    const res = await call('DELETE', `/api/products/${product.product_id}`, admin.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: PRODUCT_MESSAGES.everRecommended, code: 'conflict' });
    expect(await listOf(admin.headers)).toContainEqual(product);
  });

  it('refuses with 409 to delete a product once recommended, even with no outcome left', async () => {
    const admin = await adminOnPlan(ctx);
    const product = await create(admin);
    await setUpDb(ctx)
      .updateTable('products')
      .set({ first_recommended_at: new Date() })
      .where('product_id', '=', product.product_id)
      .execute();
    const res = await call('DELETE', `/api/products/${product.product_id}`, admin.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PRODUCT_MESSAGES.everRecommended);
    // Deactivating it is the way out.
    const off = await call('PUT', `/api/products/${product.product_id}`, admin.headers, {
      active: false,
    });
    expect(off.statusCode).toBe(200);
  });
});

describe('who may change the shelf', () => {
  it('answers 403 to every role but admin, on every change, and changes nothing', async () => {
    const { admin, headers } = await firmWithEveryRole();
    const product = await create(admin);
    for (const role of ['rm', 'head', 'compliance', 'view'] as const) {
      for (const [method, url, body] of [
        ['POST', '/api/products', { ...narrowCard, name: `By ${role}` }],
        ['PUT', `/api/products/${product.product_id}`, { weight: 1 }],
        ['DELETE', `/api/products/${product.product_id}`, undefined],
      ] as const) {
        const res = await call(method, url, headers[role], body);
        expect(res.statusCode, `${role} ${method}`).toBe(403);
        expect(res.json().message).toBe('Only the firm admin can manage the product shelf.');
      }
    }
    expect(await listOf(admin.headers)).toContainEqual(product);
    expect(await listOf(admin.headers)).toHaveLength(DEFAULT_SHELF.length + 1);
  });

  it('answers 420 without a token', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await ctx.app.inject({ method, url: '/api/products', payload: narrowCard });
      expect(res.statusCode).toBe(420);
    }
  });
});

describe('another firm’s products', () => {
  it('are never listed, and editing or deleting one answers 404 and changes nothing', async () => {
    const own = await adminOnPlan(ctx);
    const other = await adminOnPlan(ctx);
    const foreign = await create(other);
    const ownList = await listOf(own.headers);
    expect(ownList.map((p) => p.product_id)).not.toContain(foreign.product_id);
    const put = await call('PUT', `/api/products/${foreign.product_id}`, own.headers, {
      weight: 0,
    });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual({ message: PRODUCT_MESSAGES.notFound, code: 'not_found' });
    const del = await call('DELETE', `/api/products/${foreign.product_id}`, own.headers);
    expect(del.statusCode).toBe(404);
    expect(await listOf(other.headers)).toContainEqual(foreign);
  });

  it('an id that is no product at all (not a uuid, or unknown) answers 404', async () => {
    const admin = await adminOnPlan(ctx);
    for (const id of ['nope', '00000000-0000-0000-0000-000000000000', 'x'.repeat(200)]) {
      const res = await call('PUT', `/api/products/${id}`, admin.headers, { weight: 1 });
      expect(res.statusCode, id).toBe(404);
    }
  });
});

describe('bad input', () => {
  let admin: Admin;
  beforeAll(async () => {
    admin = await adminOnPlan(ctx);
  });

  const rejects = async (body: object, field: string, method: 'POST' | 'PUT' = 'POST', id = '') => {
    const url = method === 'POST' ? '/api/products' : `/api/products/${id}`;
    const res = await call(method, url, admin.headers, body);
    expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
    const answer = res.json<{ message: string; errors: { path: string; msg: string }[] }>();
    expect(answer.errors.map((e) => e.path)).toContain(field);
    expect(answer.message).toMatch(/\S/);
    return answer;
  };

  it('names the field for an unknown category, a missing or over-long name, and out-of-range rules', async () => {
    await rejects({ ...narrowCard, category: 'mortgage' }, 'category');
    await rejects({ category: 'loan' }, 'name');
    await rejects({ ...narrowCard, name: '   ' }, 'name');
    const long = await rejects({ ...narrowCard, name: 'n'.repeat(121) }, 'name');
    expect(long.message).toBe(PRODUCT_MESSAGES.nameTooLong);
    await rejects({ ...narrowCard, min_risk_profile: 0 }, 'min_risk_profile');
    await rejects({ ...narrowCard, max_risk_profile: 11 }, 'max_risk_profile');
    await rejects({ ...narrowCard, min_age: -1 }, 'min_age');
    await rejects({ ...narrowCard, min_age: 20.5 }, 'min_age');
    await rejects({ ...narrowCard, max_age: 121 }, 'max_age');
    await rejects({ ...narrowCard, min_knowledge_quiz_score: 101 }, 'min_knowledge_quiz_score');
    await rejects({ ...narrowCard, min_experience_years: -2 }, 'min_experience_years');
    await rejects({ ...narrowCard, max_leverage_ratio: 101 }, 'max_leverage_ratio');
    await rejects({ ...narrowCard, min_aum: -1 }, 'min_aum');
    await rejects({ ...narrowCard, weight: 10.5 }, 'weight');
    await rejects({ ...narrowCard, weight: '5' }, 'weight');
    await rejects({ ...narrowCard, countries: ['GB'] }, 'countries.0');
    await rejects({ ...narrowCard, needs: ['yachts'] }, 'needs.0');
    await rejects({ ...narrowCard, description: 'd'.repeat(1001) }, 'description');
    await rejects({ ...narrowCard, colour: 'red' }, 'body');
  });

  it('names the minimum when it is above its maximum', async () => {
    const age = await rejects({ ...narrowCard, min_age: 61, max_age: 60 }, 'min_age');
    expect(age.message).toBe('min_age 61 is above max_age 60');
    await rejects({ ...narrowCard, min_risk_profile: 9, max_risk_profile: 8 }, 'min_risk_profile');
  });

  it('refuses needs the category cannot serve: credit never answers leverage', async () => {
    const res = await rejects({ ...narrowCard, needs: ['deleveraging'] }, 'needs');
    expect(res.message).toBe(
      'A credit_card product cannot serve deleveraging; it can serve liquidity',
    );
  });

  it('refuses a duplicate name in the firm (ignoring case and spaces), on create and on rename', async () => {
    const first = await create(admin, { ...narrowCard, name: 'Unique Card' });
    const dup = await rejects({ ...narrowCard, name: '  unique CARD ' }, 'name');
    expect(dup.message).toBe(PRODUCT_MESSAGES.duplicateName);
    await rejects({ name: 'Easy Access Saver' }, 'name', 'PUT', first.product_id);
    // Another firm may use the same name.
    const other = await adminOnPlan(ctx);
    await create(other, { ...narrowCard, name: 'Unique Card' });
  });

  it('checks an edit against the stored rules it is merged with', async () => {
    const product = await create(admin, { ...narrowCard, name: 'Merge Card' });
    await rejects({ min_age: 61 }, 'min_age', 'PUT', product.product_id);
    await rejects({ max_risk_profile: 3 }, 'min_risk_profile', 'PUT', product.product_id);
    await rejects({ category: 'investment' }, 'needs', 'PUT', product.product_id);
    await rejects({ weight: -1 }, 'weight', 'PUT', product.product_id);
    expect(await listOf(admin.headers)).toContainEqual(product);
  });
});
