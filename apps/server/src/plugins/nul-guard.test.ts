import { MESSAGES } from '@behavio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOnPlan, setUpDb } from '../../test/firms.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { nulPath } from './nul-guard.js';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof adminOnPlan>>;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await adminOnPlan(ctx, 'pro');
});
afterAll(() => ctx.close());

const nulRefusal = (path: string) => ({
  message: MESSAGES.nulCharacter,
  code: 'nul_character',
  errors: [{ path, msg: MESSAGES.nulCharacter }],
});

describe('the NUL character, which PostgreSQL text cannot hold', () => {
  it('is refused in a JSON body with a 400 naming the field, and nothing is written', async () => {
    const email = `nul-${Date.now()}@example.com`;
    const register = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        name: 'Jo\u0000hn',
        email,
        password: 'Str0ng!pass',
        businessName: 'Acme',
        numberOfEmployees: 5,
      },
    });
    expect(register.statusCode).toBe(400);
    expect(register.json()).toEqual(nulRefusal('name'));
    const stored = await setUpDb(ctx)
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(stored).toEqual([]);

    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a\u0000b@example.com', password: 'whatever1' },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual(nulRefusal('email'));
  });

  it('is found inside arrays, with the element named', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/content/assign-rm-bulk',
      headers: admin.headers,
      payload: { customer_ids: ['C-1', 'C-\u00002'], rm_id: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(nulRefusal('customer_ids.1'));
  });

  it('is refused in a query string and in a path parameter', async () => {
    const search = await ctx.app.inject({
      method: 'GET',
      url: '/api/content/list-customers?search=a%00b',
      headers: admin.headers,
    });
    expect(search.statusCode).toBe(400);
    expect(search.json()).toEqual(nulRefusal('search'));

    const checkout = await ctx.app.inject({
      method: 'GET',
      url: '/api/subscription/local-checkout/%00',
      headers: admin.headers,
    });
    expect(checkout.statusCode).toBe(400);
    expect(checkout.json()).toEqual(nulRefusal('session_id'));
  });

  it('is looked for without recursion, so a deeply nested body cannot overflow the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(nulPath(deep, 'body')).toBe(`${'0.'.repeat(199_999)}0`);
    expect(nulPath({ a: ['ok', { b: 1, c: null }] }, 'body')).toBeUndefined();
    expect(nulPath('\u0000', 'querystring')).toBe('querystring');
    expect(nulPath({ ['k\u0000']: 1 }, 'body')).toBe('k\u0000');
  });
});

describe('addresses the router refuses', () => {
  it('answers an over-long id with its field message, and a path past the router limit with 414', async () => {
    const long = await ctx.app.inject({
      method: 'GET',
      url: `/api/content/preview-file/${'a'.repeat(300)}`,
      headers: admin.headers,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json<{ message: string }>().message).not.toMatch(/FST_|max param/);

    const huge = await ctx.app.inject({
      method: 'GET',
      url: `/api/content/preview-file/${'a'.repeat(1_001)}`,
      headers: admin.headers,
    });
    expect(huge.statusCode).toBe(414);
    expect(huge.json()).toEqual({ message: MESSAGES.addressTooLong, code: 'uri_too_long' });
  });

  it('answers a malformed percent-encoding with a 400 in the usual shape', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/content/preview-file/%E0%A4%A',
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MESSAGES.addressInvalid, code: 'invalid_address' });
  });
});
