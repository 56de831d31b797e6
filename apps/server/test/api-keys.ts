import type { CreateApiKeyResponse } from '@behavio/contract';
import { expect } from 'vitest';
import { bearer, type TestContext } from './helper.js';

/** Creates an API key as the admin; answers the key (its secret) and its id. */
export async function createApiKey(
  ctx: TestContext,
  admin: { headers: Record<string, string> },
  name = `key ${Math.random().toString(36).slice(2, 8)}`,
) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/keys',
    headers: admin.headers,
    payload: { name },
  });
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json<CreateApiKeyResponse>();
  return { ...created, headers: bearer(created.key) };
}
