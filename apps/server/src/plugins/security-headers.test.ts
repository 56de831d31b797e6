import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@behavio/contract';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { adminOnPlan, uploadFile } from '../../test/firms.js';
import { startWellInsideAMinuteWindow } from '../../test/rate-limit-window.js';
import {
  customerTable,
  generateCustomers,
  toCsvBuffer,
} from '../../test/fixtures/customer-files.js';

const LOAD_BALANCER = '10.0.0.1';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    PUBLIC_URL: 'https://behavio.example.com',
    TRUST_PROXY: LOAD_BALANCER,
    RATE_LIMIT_IP_PER_MINUTE: '2',
  });
});
afterAll(() => ctx.close());

/** A login with a wrong password from `peer` (the TCP peer), forwarding `forwardedFor` if given. */
const login = (peer: string, forwardedFor?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: peer,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    // A new email every time, so only the per-address limit can refuse.
    payload: { email: `nobody.${Math.random()}@example.com`, password: 'wrong password' },
  });

describe('security headers', () => {
  it('sends a CSP, frame-ancestors none and HSTS (PUBLIC_URL is https) on pages and API answers', async () => {
    for (const url of ['/', '/api/health/live', '/api/nothing-here']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      const csp = res.headers['content-security-policy'];
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });
});

describe('TRUST_PROXY', () => {
  beforeEach(() => startWellInsideAMinuteWindow());

  it('gives two clients behind the trusted proxy separate login limits', async () => {
    for (let i = 0; i < 2; i++)
      expect((await login(LOAD_BALANCER, '203.0.113.5')).statusCode).toBe(401);
    const third = await login(LOAD_BALANCER, '203.0.113.5');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ message: MESSAGES.tooManyAttempts, code: 'too_many_requests' });
    // Another client behind the same load balancer still has its own budget.
    expect((await login(LOAD_BALANCER, '203.0.113.6')).statusCode).toBe(401);
  });

  it('ignores X-Forwarded-For from a peer that is not the trusted proxy', async () => {
    const peer = '198.51.100.7';
    expect((await login(peer, '192.0.2.1')).statusCode).toBe(401);
    expect((await login(peer, '192.0.2.2')).statusCode).toBe(401);
    // A third invented address does not buy a new budget: the limit is the peer's.
    expect((await login(peer, '192.0.2.3')).statusCode).toBe(429);
  });
});

describe('request ids', () => {
  it('echoes an incoming X-Request-Id, makes one when absent or malformed', async () => {
    const given = await ctx.app.inject({
      method: 'GET',
      url: '/api/health/live',
      headers: { 'x-request-id': 'lb-7f3a.42' },
    });
    expect(given.headers['x-request-id']).toBe('lb-7f3a.42');
    const made = await ctx.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const malformed = await ctx.app.inject({
      method: 'GET',
      url: '/api/health/live',
      headers: { 'x-request-id': 'two words\nand a line' },
    });
    expect(malformed.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("carries the upload's request id into the import job's log lines", async () => {
    const admin = await adminOnPlan(ctx, 'pro');
    const child = vi.spyOn(ctx.services.logger, 'child');
    try {
      const csv = toCsvBuffer(customerTable(generateCustomers(3, { seed: 3 })));
      const res = await uploadFile(
        ctx,
        { ...admin.headers, 'x-request-id': 'upload-req-1' },
        'c.csv',
        csv,
      );
      expect(res.statusCode).toBe(201);
      expect(res.headers['x-request-id']).toBe('upload-req-1');
      expect(child).toHaveBeenCalledWith(expect.objectContaining({ reqId: 'upload-req-1' }));
    } finally {
      child.mockRestore();
    }
  });
});
