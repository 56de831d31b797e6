import { API_KEY_MESSAGES, ROLES, type Plan, type Role } from '@behavio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessRule } from '../src/plugins/access.js';
import { RULES } from '../src/plugins/permissions.js';
import { csvOf } from './fixtures/customer-files.js';
import { adminOnPlan, employeeOf } from './firms.js';
import { createApiKey } from './api-keys.js';
import { createTestContext, type TestContext } from './helper.js';
import { multipartFile } from './multipart.js';

/**
 * Every API route, how to call it harmlessly, and the rule it must enforce. A call that passes
 * the rule must not answer 403 or 420; one that does not must answer 403 with the rule's
 * message. The table must name every route the server describes.
 */
interface Probe {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  rule: keyof typeof RULES;
  body?: (ids: Ids) => object;
  path?: (ids: Ids) => string;
  multipart?: boolean;
  /** Call with a fresh token of the role, for a route that ends the session it is called with. */
  freshToken?: boolean;
}
interface Ids {
  fileId: string;
  rmId: string;
  /** A file of the firm waiting for its column mapping. */
  pendingFileId: string;
}

const ZERO_UUID = '00000000-0000-0000-0000-000000000000';
const PROBES: Probe[] = [
  { method: 'POST', url: '/api/auth/register', rule: 'public', body: () => ({}) },
  { method: 'POST', url: '/api/auth/verify', rule: 'public', body: () => ({}) },
  { method: 'POST', url: '/api/auth/resend-otp', rule: 'public', body: () => ({}) },
  { method: 'POST', url: '/api/auth/login', rule: 'public', body: () => ({}) },
  { method: 'POST', url: '/api/auth/login-others', rule: 'public', body: () => ({}) },
  { method: 'GET', url: '/api/auth/check-user', rule: 'anyEmployee' },
  {
    method: 'POST',
    url: '/api/auth/logout',
    rule: 'anyEmployee',
    body: () => ({}),
    freshToken: true,
  },
  { method: 'POST', url: '/api/auth/forgot-password', rule: 'public', body: () => ({}) },
  { method: 'POST', url: '/api/auth/reset-password', rule: 'public', body: () => ({}) },
  { method: 'POST', url: '/api/auth/change-password', rule: 'anyEmployee', body: () => ({}) },
  { method: 'GET', url: '/api/auth/preferences', rule: 'anyEmployee' },
  {
    method: 'PUT',
    url: '/api/auth/preferences',
    rule: 'anyEmployee',
    body: () => ({ alert_digest: 'daily' }),
  },
  { method: 'POST', url: '/api/content/upload-file', rule: 'admin', multipart: true },
  { method: 'GET', url: '/api/content/list-all-uploaded-files', rule: 'anyEmployee' },
  {
    method: 'GET',
    url: '/api/content/preview-file/{file_id}',
    rule: 'anyEmployee',
    path: (ids) => `/api/content/preview-file/${ids.fileId}`,
  },
  {
    method: 'GET',
    url: '/api/content/file-report/{file_id}',
    rule: 'anyEmployee',
    path: (ids) => `/api/content/file-report/${ids.fileId}`,
  },
  {
    method: 'GET',
    url: '/api/content/delete-file/{file_id}',
    rule: 'admin',
    path: () => `/api/content/delete-file/${ZERO_UUID}`,
  },
  {
    method: 'POST',
    url: '/api/content/file-mapping/{file_id}',
    rule: 'admin',
    path: () => `/api/content/file-mapping/${ZERO_UUID}`,
    body: () => ({ mapping: {} }),
  },
  { method: 'GET', url: '/api/content/mappings', rule: 'admin' },
  {
    method: 'GET',
    url: '/api/content/file-fixes/{file_id}',
    rule: 'admin',
    path: (ids) => `/api/content/file-fixes/${ids.fileId}`,
  },
  {
    method: 'POST',
    url: '/api/content/file-fixes/{file_id}',
    rule: 'admin',
    path: (ids) => `/api/content/file-fixes/${ids.fileId}`,
    body: () => ({ rows: [{ row: 2, values: {} }] }),
  },
  {
    method: 'DELETE',
    url: '/api/content/mappings/{mapping_id}',
    rule: 'admin',
    path: () => `/api/content/mappings/${ZERO_UUID}`,
  },
  {
    method: 'GET',
    url: '/api/content/remove-latest-uploaded-file',
    rule: 'admin',
    path: () => '/api/content/remove-latest-uploaded-file?probe',
  },
  { method: 'GET', url: '/api/content/rm-own-book', rule: 'ownBook' },
  { method: 'GET', url: '/api/content/rm-who-to-call', rule: 'ownBook' },
  { method: 'GET', url: '/api/content/rm-priority-scores', rule: 'ownBook' },
  { method: 'GET', url: '/api/content/rm-risk-ranking', rule: 'ownBook' },
  { method: 'GET', url: '/api/content/rm-segments', rule: 'ownBook' },
  { method: 'GET', url: '/api/content/rm-own-book/export', rule: 'ownBook' },
  { method: 'GET', url: '/api/content/rm-who-to-call/export', rule: 'ownBook' },
  { method: 'GET', url: '/api/content/rm-priority-scores/export', rule: 'ownBook' },
  { method: 'GET', url: '/api/content/rm-risk-ranking/export', rule: 'ownBook' },
  { method: 'GET', url: '/api/content/rm-segments/export', rule: 'ownBook' },
  {
    method: 'POST',
    url: '/api/content/rm-call-outcome',
    rule: 'ownBook',
    body: () => ({ customer_id: 'NOPE', outcome: 'called' }),
  },
  { method: 'GET', url: '/api/roles/list-all-employees', rule: 'employeeDirectory' },
  {
    method: 'POST',
    url: '/api/roles/create-new-employee',
    rule: 'roleManagement',
    body: () => ({}),
  },
  {
    method: 'DELETE',
    url: '/api/roles/delete-employee',
    rule: 'roleManagement',
    body: () => ({ email: 'nobody@example.com' }),
  },
  { method: 'GET', url: '/api/content/list-customers', rule: 'customerList' },
  { method: 'GET', url: '/api/content/list-customers/export', rule: 'customerList' },
  { method: 'GET', url: '/api/content/list-rms', rule: 'customerList' },
  {
    method: 'POST',
    url: '/api/content/assign-rm',
    rule: 'assignment',
    body: (ids) => ({ customer_id: 'NOPE', rm_id: ids.rmId }),
  },
  {
    method: 'PUT',
    url: '/api/content/reassign-rm',
    rule: 'assignment',
    body: (ids) => ({ customer_id: 'NOPE', new_rm_id: ids.rmId }),
  },
  {
    method: 'POST',
    url: '/api/content/assign-rm-bulk',
    rule: 'assignment',
    body: (ids) => ({ customer_ids: ['NOPE'], rm_id: ids.rmId }),
  },
  {
    method: 'POST',
    url: '/api/content/distribute-unassigned',
    rule: 'assignment',
    body: () => ({ rm_ids: [ZERO_UUID] }),
  },
  {
    method: 'POST',
    url: '/api/content/admin-view-rm-book',
    rule: 'rmOversight',
    body: (ids) => ({ rm_id: ids.rmId }),
  },
  {
    method: 'POST',
    url: '/api/content/admin-who-to-call-for-a-rm',
    rule: 'rmOversight',
    body: (ids) => ({ rm_id: ids.rmId }),
  },
  {
    method: 'GET',
    url: '/api/content/admin-view-rm-book/export',
    rule: 'rmListExport',
    path: (ids) => `/api/content/admin-view-rm-book/export?rm_id=${ids.rmId}&format=csv`,
  },
  {
    method: 'GET',
    url: '/api/content/admin-who-to-call-for-a-rm/export',
    rule: 'rmListExport',
    path: (ids) => `/api/content/admin-who-to-call-for-a-rm/export?rm_id=${ids.rmId}&format=csv`,
  },
  { method: 'GET', url: '/api/content/firm-overview', rule: 'rmOversight' },
  { method: 'GET', url: '/api/audit/events', rule: 'audit' },
  { method: 'GET', url: '/api/audit/events/export', rule: 'audit' },
  { method: 'GET', url: '/api/subscription/plans', rule: 'anyEmployee' },
  { method: 'GET', url: '/api/subscription/subscription-status', rule: 'anyEmployee' },
  { method: 'POST', url: '/api/subscription/create', rule: 'billing', body: () => ({}) },
  { method: 'POST', url: '/api/subscription/update', rule: 'billing', body: () => ({}) },
  { method: 'POST', url: '/api/subscription/cancel', rule: 'billing' },
  {
    method: 'GET',
    url: '/api/subscription/local-checkout/{session_id}',
    rule: 'billing',
    path: () => '/api/subscription/local-checkout/cs_local_nope',
  },
  {
    method: 'POST',
    url: '/api/subscription/local-checkout/{session_id}',
    rule: 'billing',
    path: () => '/api/subscription/local-checkout/cs_local_nope',
    body: () => ({ outcome: 'cancelled' }),
  },
  { method: 'POST', url: '/api/subscription/webhook', rule: 'public', body: () => ({}) },
  {
    method: 'GET',
    url: '/api/free/{featureKey}',
    rule: 'anyEmployee',
    path: () => '/api/free/freeRoute1',
  },
  {
    method: 'GET',
    url: '/api/paid/{featureKey}',
    rule: 'paidFeature',
    path: () => '/api/paid/paidRoute1',
  },
  { method: 'GET', url: '/api/products', rule: 'anyEmployee' },
  { method: 'POST', url: '/api/products', rule: 'productShelf', body: () => ({}) },
  {
    method: 'PUT',
    url: '/api/products/{product_id}',
    rule: 'productShelf',
    path: () => `/api/products/${ZERO_UUID}`,
    body: () => ({}),
  },
  {
    method: 'POST',
    url: '/api/content/product-outcome',
    rule: 'productOutcome',
    body: () => ({ customer_id: 'NOPE', product_id: ZERO_UUID, outcome: 'offered' }),
  },
  { method: 'GET', url: '/api/content/product-performance', rule: 'productPerformance' },
  {
    method: 'GET',
    url: '/api/content/customer/{customer_id}',
    rule: 'customerPage',
    path: () => '/api/content/customer/NOPE',
  },
  {
    method: 'DELETE',
    url: '/api/products/{product_id}',
    rule: 'productShelf',
    path: () => `/api/products/${ZERO_UUID}`,
  },
  { method: 'GET', url: '/api/settings/call-capacity', rule: 'callCapacity' },
  {
    method: 'PUT',
    url: '/api/settings/firm-call-capacity',
    rule: 'admin',
    body: () => ({ calls_per_day: null }),
  },
  {
    method: 'PUT',
    url: '/api/settings/my-call-capacity',
    rule: 'ownBook',
    body: () => ({ calls_per_day: null }),
  },
  {
    method: 'POST',
    url: '/api/content/customer/{customer_id}/notes',
    rule: 'customerNotes',
    path: () => '/api/content/customer/NOPE/notes',
    body: () => ({ body: 'probe' }),
  },
  {
    method: 'PUT',
    url: '/api/content/customer/{customer_id}/notes/{note_id}',
    rule: 'customerNotes',
    path: () => `/api/content/customer/NOPE/notes/${ZERO_UUID}`,
    body: () => ({ body: 'probe' }),
  },
  { method: 'POST', url: '/api/keys', rule: 'apiKeys', body: () => ({}) },
  { method: 'GET', url: '/api/keys', rule: 'apiKeys' },
  {
    method: 'DELETE',
    url: '/api/keys/{key_id}',
    rule: 'apiKeys',
    path: () => `/api/keys/${ZERO_UUID}`,
  },
  { method: 'POST', url: '/api/v1/customers', rule: 'apiFeed', body: () => ({}) },
  {
    method: 'GET',
    url: '/api/v1/imports/{import_id}',
    rule: 'apiFeed',
    path: () => `/api/v1/imports/${ZERO_UUID}`,
  },
  {
    method: 'GET',
    url: '/api/content/file-changes/{file_id}',
    rule: 'fileChanges',
    path: (ids) => `/api/content/file-changes/${ids.fileId}`,
  },
  {
    method: 'GET',
    url: '/api/content/import-changes/{import_id}',
    rule: 'fileChanges',
    path: (ids) => `/api/content/import-changes/${ids.fileId}`,
  },
  { method: 'GET', url: '/api/alerts', rule: 'anyEmployee' },
  {
    method: 'POST',
    url: '/api/alerts/{alert_id}/read',
    rule: 'anyEmployee',
    path: () => `/api/alerts/${ZERO_UUID}/read`,
  },
  { method: 'POST', url: '/api/alerts/read-all', rule: 'anyEmployee' },
];

/** Another token of the same session user, signed like the server signs them. */
async function freshTokenHeaders(headers: Record<string, string>) {
  const token = headers.authorization!.replace(/^Bearer /, '');
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    sub: string;
    firm: string;
    gen: number;
  };
  const fresh = await ctx.services.tokens.sign({
    userId: claims.sub,
    firmId: claims.firm,
    sessionEpoch: claims.gen,
  });
  return { authorization: `Bearer ${fresh}` };
}

const allows = (rule: AccessRule, role: Role, plan: Plan) => {
  if (rule.public) return true;
  // The feed takes an API key, never an employee's session.
  if (rule.apiKey) return false;
  if (rule.roles && !(rule.roles as readonly Role[]).includes(role)) return false;
  return !(rule.paidPlanMessage && plan === 'free');
};

let ctx: TestContext;
const firms: Record<Plan, { headers: Record<Role, Record<string, string>>; ids: Ids }> =
  {} as never;

beforeAll(async () => {
  ctx = await createTestContext();
  for (const plan of ['free', 'pro'] as const) {
    const admin = await adminOnPlan(ctx, plan);
    // Before the first file: a free firm with one file cannot upload another.
    const renamed = multipartFile(
      'crm.csv',
      csvOf(3, {}, { rename: { customer_id: 'Client Ref' } }),
    );
    const pending = await ctx.app.inject({
      method: 'POST',
      url: '/api/content/upload-file',
      headers: { ...admin.headers, ...renamed.headers },
      payload: renamed.payload,
    });
    expect(pending.json<{ status: string }>().status).toBe('needs_mapping');
    const upload = multipartFile('customers.csv', csvOf(5));
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/api/content/upload-file',
      headers: { ...admin.headers, ...upload.headers },
      payload: upload.payload,
    });
    const headers: Partial<Record<Role, Record<string, string>>> = { admin: admin.headers };
    let rmId = '';
    for (const role of ['rm', 'compliance', 'head', 'view'] as const) {
      const employee = await employeeOf(ctx, admin, role);
      headers[role] = employee.headers;
      if (role === 'rm') rmId = employee.id;
    }
    firms[plan] = {
      headers: headers as Record<Role, Record<string, string>>,
      ids: {
        fileId: uploaded.json<{ file_id: string }>().file_id,
        rmId,
        pendingFileId: pending.json<{ file_id: string }>().file_id,
      },
    };
  }
  // Two firms with five employees each: slow when the machine is busy.
}, 300_000);
afterAll(() => ctx.close());

describe('permission matrix', () => {
  it('names every route the server describes', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const described = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(PROBES.map((p) => `${p.method} ${p.url}`).sort()).toEqual(described.sort());
  });

  for (const probe of PROBES) {
    for (const plan of ['free', 'pro'] as const) {
      it(`${probe.method} ${probe.url} on ${plan}`, async () => {
        const firm = firms[plan];
        const rule: AccessRule = RULES[probe.rule];
        for (const role of ROLES) {
          const url = probe.path ? probe.path(firm.ids) : probe.url;
          const upload = probe.multipart
            ? multipartFile('probe.txt', 'not a customers file')
            : undefined;
          const res = await ctx.app.inject({
            method: probe.method,
            url,
            headers: {
              ...(probe.freshToken
                ? await freshTokenHeaders(firm.headers[role])
                : firm.headers[role]),
              ...(upload?.headers ?? {}),
            },
            ...(upload
              ? { payload: upload.payload }
              : probe.body
                ? { payload: probe.body(firm.ids) }
                : {}),
          });
          const label = `${role} on ${plan}: ${res.statusCode} ${res.body.slice(0, 120)}`;
          expect(res.statusCode, label).toBeLessThan(500);
          if (allows(rule, role, plan)) {
            expect([403, 420], label).not.toContain(res.statusCode);
          } else {
            expect(res.statusCode, label).toBe(403);
            const expected = rule.apiKey
              ? API_KEY_MESSAGES.keyRequired
              : rule.roles && !(rule.roles as readonly Role[]).includes(role)
                ? rule.roleMessage
                : rule.paidPlanMessage;
            if (expected) expect(res.json().message, label).toBe(expected);
          }
        }
        if (!rule.public) {
          const anonymous = await ctx.app.inject({
            method: probe.method,
            url: probe.path ? probe.path(firm.ids) : probe.url,
          });
          expect(anonymous.statusCode).toBe(420);
        }
      });
    }
  }
});

describe('API keys', () => {
  it('are refused (403) by every route but the feed’s, whatever the plan', async () => {
    for (const plan of ['free', 'pro'] as const) {
      const firm = firms[plan];
      const key = await createApiKey(ctx, { headers: firm.headers.admin });
      for (const probe of PROBES.filter((p) => !(RULES[p.rule] as AccessRule).public)) {
        const upload = probe.multipart ? multipartFile('probe.txt', 'nope') : undefined;
        const res = await ctx.app.inject({
          method: probe.method,
          url: probe.path ? probe.path(firm.ids) : probe.url,
          headers: { authorization: `Bearer ${key.key}`, ...(upload?.headers ?? {}) },
          ...(upload
            ? { payload: upload.payload }
            : probe.body
              ? { payload: probe.body(firm.ids) }
              : {}),
        });
        const label = `${probe.method} ${probe.url} on ${plan}: ${res.statusCode}`;
        if (RULES[probe.rule] === RULES.apiFeed) {
          expect([403, 420], label).not.toContain(res.statusCode);
        } else {
          expect(res.statusCode, label).toBe(403);
          expect(res.json(), label).toMatchObject({ code: 'api_key_not_allowed' });
        }
      }
    }
  });
});

describe('tenant isolation', () => {
  it('never reaches another firm’s file or RM from an allowed role', async () => {
    const own = firms.pro;
    const foreign = firms.free.ids;
    for (const [method, url, body] of [
      ['GET', `/api/content/preview-file/${foreign.fileId}`, undefined],
      ['GET', `/api/content/file-report/${foreign.fileId}`, undefined],
      ['GET', `/api/content/file-changes/${foreign.fileId}`, undefined],
      ['GET', `/api/content/import-changes/${foreign.fileId}`, undefined],
      ['GET', `/api/content/delete-file/${foreign.fileId}`, undefined],
      ['POST', `/api/content/file-mapping/${foreign.pendingFileId}`, { mapping: {} }],
      ['GET', `/api/content/delete-file/${foreign.pendingFileId}`, undefined],
      ['GET', `/api/content/file-fixes/${foreign.fileId}`, undefined],
      ['POST', `/api/content/file-fixes/${foreign.fileId}`, { rows: [{ row: 2, values: {} }] }],
      ['POST', '/api/content/admin-view-rm-book', { rm_id: foreign.rmId }],
      ['POST', '/api/content/admin-who-to-call-for-a-rm', { rm_id: foreign.rmId }],
      ['GET', `/api/content/admin-view-rm-book/export?rm_id=${foreign.rmId}&format=csv`, undefined],
      [
        'GET',
        `/api/content/admin-who-to-call-for-a-rm/export?rm_id=${foreign.rmId}&format=xlsx`,
        undefined,
      ],
      ['POST', '/api/content/assign-rm', { customer_id: 'C-100001', rm_id: foreign.rmId }],
      ['POST', '/api/content/distribute-unassigned', { rm_ids: [foreign.rmId] }],
    ] as const) {
      const res = await ctx.app.inject({
        method,
        url,
        headers: own.headers.admin,
        ...(body ? { payload: body } : {}),
      });
      expect(res.statusCode, url).toBe(404);
    }
    const files = await ctx.app.inject({
      method: 'GET',
      url: '/api/content/list-all-uploaded-files',
      headers: own.headers.admin,
    });
    expect(files.body).not.toContain(foreign.fileId);
    const rms = await ctx.app.inject({
      method: 'GET',
      url: '/api/content/list-rms',
      headers: own.headers.admin,
    });
    expect(rms.body).not.toContain(foreign.rmId);
    // The matrix above removed files; a new one shows that a read-only role still reads its own firm's.
    const upload = multipartFile('again.csv', csvOf(3));
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/content/upload-file',
      headers: { ...own.headers.admin, ...upload.headers },
      payload: upload.payload,
    });
    const fileId = again.json<{ file_id: string }>().file_id;
    const preview = await ctx.app.inject({
      method: 'GET',
      url: `/api/content/preview-file/${fileId}`,
      headers: own.headers.view,
    });
    expect(preview.statusCode).toBe(200);
  });
});
