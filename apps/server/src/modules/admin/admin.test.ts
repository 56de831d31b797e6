import {
  ADMIN_MESSAGES,
  RISK_LEVELS,
  SEGMENTS,
  URGENCY_LEVELS,
  EMPLOYEE_MESSAGES,
  type AdminWhoToCallResponse,
  type AuditEventsResponse,
  type FirmOverviewResponse,
  type ListCustomersResponse,
  type ListEmployeesResponse,
  type ListRmsResponse,
  type RmBookResponse,
} from '@behavio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminOnPlan,
  employeeOf,
  importCustomers,
  type Admin,
  setUpDb,
} from '../../../test/firms.js';
import { createTestContext, uniqueEmail, type TestContext } from '../../../test/helper.js';
import { csvOf } from '../../../test/fixtures/customer-files.js';

let ctx: TestContext;
const call = (
  headers: Record<string, string>,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const withCustomers = (admin: Admin, rows = 30) => importCustomers(ctx, admin, csvOf(rows));

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('employees', () => {
  it('creates an RM who can then sign in, emails them how, and lists them', async () => {
    const admin = await adminOnPlan(ctx, 'pro');
    const email = uniqueEmail('new.rm');
    const res = await call(admin.headers, 'POST', '/api/roles/create-new-employee', {
      name: ' Rita Banks ',
      email: email.toUpperCase(),
      password: 'rita-pass',
      role: 'rm',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Employee created',
      employee: { name: 'Rita Banks', email, role: 'rm' },
    });

    const mail = ctx.smtp.received.find((m) => m.to.includes(email));
    expect(mail?.raw).toContain(admin.email);
    expect(mail?.raw).toContain('rm');
    expect(mail?.raw).not.toContain('rita-pass');

    const login = await call({}, 'POST', '/api/auth/login-others', {
      role: 'rm',
      email,
      password: 'rita-pass',
      adminEmail: admin.email,
    });
    expect(login.statusCode).toBe(200);

    const list = (
      await call(admin.headers, 'GET', '/api/roles/list-all-employees')
    ).json<ListEmployeesResponse>();
    expect(list.total).toBe(2);
    expect(list.employees.map((e) => [e.role, e.email])).toEqual([
      ['admin', admin.email],
      ['rm', email],
    ]);
    expect(JSON.stringify(list)).not.toContain('password');
  });

  it.each([
    [{ name: '' }, 'name', EMPLOYEE_MESSAGES.nameRequired],
    [{ email: '' }, 'email', EMPLOYEE_MESSAGES.emailRequired],
    [{ email: 'nope' }, 'email', EMPLOYEE_MESSAGES.emailInvalid],
    [{ password: '' }, 'password', EMPLOYEE_MESSAGES.passwordRequired],
    [{ password: '12345' }, 'password', EMPLOYEE_MESSAGES.passwordTooShort],
    [{ role: 'admin' }, 'role', EMPLOYEE_MESSAGES.roleInvalid],
  ])('answers 400 for %j', async (override, path, msg) => {
    const admin = await adminOnPlan(ctx, 'pro');
    const res = await call(admin.headers, 'POST', '/api/roles/create-new-employee', {
      name: 'A B',
      email: uniqueEmail(),
      password: 'secret1',
      role: 'rm',
      ...override,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path, msg });
  });

  it('refuses a duplicate email within the firm, but not across firms', async () => {
    const admin = await adminOnPlan(ctx, 'pro');
    const other = await adminOnPlan(ctx, 'pro');
    const body = { name: 'Sam', email: uniqueEmail('dup'), password: 'secret1', role: 'head' };
    expect(
      (await call(admin.headers, 'POST', '/api/roles/create-new-employee', body)).statusCode,
    ).toBe(201);
    const again = await call(admin.headers, 'POST', '/api/roles/create-new-employee', body);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: EMPLOYEE_MESSAGES.duplicateEmail,
      code: 'employee_email_taken',
    });
    expect(
      (await call(other.headers, 'POST', '/api/roles/create-new-employee', body)).statusCode,
    ).toBe(201);
    const ownEmail = await call(admin.headers, 'POST', '/api/roles/create-new-employee', {
      ...body,
      email: admin.email,
    });
    expect(ownEmail.statusCode).toBe(409);
  });

  it('deletes an RM and unassigns their customers in the same step; never the admin', async () => {
    const admin = await adminOnPlan(ctx, 'pro');
    await withCustomers(admin, 6);
    const rm = await employeeOf(ctx, admin, 'rm');
    await setUpDb(ctx)
      .updateTable('customers')
      .set({ rm_id: rm.id })
      .where('firm_id', '=', admin.firmId)
      .execute();

    const self = await call(admin.headers, 'DELETE', '/api/roles/delete-employee', {
      email: admin.email,
    });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({
      message: EMPLOYEE_MESSAGES.cannotDeleteSelf,
      code: 'bad_request',
    });

    const res = await call(admin.headers, 'DELETE', '/api/roles/delete-employee', {
      email: rm.email,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Employee deleted', unassigned_customers: 6 });
    const assigned = await setUpDb(ctx)
      .selectFrom('customers')
      .select('rm_id')
      .where('firm_id', '=', admin.firmId)
      .where('rm_id', 'is not', null)
      .execute();
    expect(assigned).toEqual([]);
    expect((await call(rm.headers, 'GET', '/api/auth/check-user')).statusCode).toBe(420);
    expect(
      (await call(admin.headers, 'DELETE', '/api/roles/delete-employee', { email: rm.email }))
        .statusCode,
    ).toBe(404);
  });

  it('cannot delete another firm’s employee', async () => {
    const admin = await adminOnPlan(ctx, 'pro');
    const other = await adminOnPlan(ctx, 'pro');
    const theirs = await employeeOf(ctx, other, 'rm');
    const res = await call(admin.headers, 'DELETE', '/api/roles/delete-employee', {
      email: theirs.email,
    });
    expect(res.statusCode).toBe(404);
    expect((await call(theirs.headers, 'GET', '/api/auth/check-user')).statusCode).toBe(200);
  });

  it('locks role management on the free plan with a message to upgrade', async () => {
    const admin = await adminOnPlan(ctx, 'free');
    for (const [method, url, body] of [
      ['GET', '/api/roles/list-all-employees', undefined],
      [
        'POST',
        '/api/roles/create-new-employee',
        { name: 'A B', email: uniqueEmail(), password: 'secret1', role: 'rm' },
      ],
      ['DELETE', '/api/roles/delete-employee', { email: 'x@example.com' }],
    ] as const) {
      const res = await call(admin.headers, method, url, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({
        message: EMPLOYEE_MESSAGES.upgradeRequired,
        code: 'subscription_required',
      });
    }
  });
});

describe('customers and assignment', () => {
  it('pages and searches the customer list with the current RM', async () => {
    const admin = await adminOnPlan(ctx, 'business');
    await withCustomers(admin, 30);
    const rm = await employeeOf(ctx, admin, 'rm');
    await setUpDb(ctx)
      .updateTable('customers')
      .set({ rm_id: rm.id })
      .where('firm_id', '=', admin.firmId)
      .where('customer_id', '=', 'C-100002')
      .execute();

    const first = (
      await call(admin.headers, 'GET', '/api/content/list-customers?page=1&page_size=25')
    ).json<ListCustomersResponse>();
    expect(first.pagination).toEqual({ page: 1, page_size: 25, total_count: 30, total_pages: 2 });
    expect(first.customers).toHaveLength(25);
    expect(first.customers[1]).toMatchObject({
      customer_id: 'C-100002',
      rm_id: rm.id,
      rm_name: 'rm person',
    });
    expect(first.customers[0]).toMatchObject({ rm_id: null, rm_name: null });
    const second = (
      await call(admin.headers, 'GET', '/api/content/list-customers?page=2&page_size=25')
    ).json<ListCustomersResponse>();
    expect(second.customers).toHaveLength(5);

    const found = (
      await call(admin.headers, 'GET', '/api/content/list-customers?search=c-10001')
    ).json<ListCustomersResponse>();
    expect(found.customers.map((c) => c.customer_id)).toEqual([
      'C-100010',
      'C-100011',
      'C-100012',
      'C-100013',
      'C-100014',
      'C-100015',
      'C-100016',
      'C-100017',
      'C-100018',
      'C-100019',
    ]);
    for (const [bad, message] of [
      ['page=0', 'page must be a whole number from 1 to 1,000,000'],
      ['page=abc', 'page must be a whole number from 1 to 1,000,000'],
      ['page_size=101', 'page_size must be a whole number from 1 to 100'],
      [`search=${'x'.repeat(101)}`, 'Search must be at most 100 characters'],
    ]) {
      const res = await call(admin.headers, 'GET', `/api/content/list-customers?${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json<{ message: string }>().message, bad).toBe(message);
    }
  });

  it('assigns an unassigned customer, refuses a double assignment, and reassigns', async () => {
    const admin = await adminOnPlan(ctx, 'pro');
    await withCustomers(admin, 5);
    const rm1 = await employeeOf(ctx, admin, 'rm', 'Sam Stone');
    const rm2 = await employeeOf(ctx, admin, 'rm', 'Lia Moss');

    const assigned = await call(admin.headers, 'POST', '/api/content/assign-rm', {
      customer_id: 'C-100001',
      rm_id: rm1.id,
    });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json()).toEqual({
      message: 'Customer assigned',
      customer_id: 'C-100001',
      rm_id: rm1.id,
      previous_rm_id: null,
    });
    const twice = await call(admin.headers, 'POST', '/api/content/assign-rm', {
      customer_id: 'C-100001',
      rm_id: rm2.id,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: ADMIN_MESSAGES.alreadyAssigned, code: 'conflict' });

    const moved = await call(admin.headers, 'PUT', '/api/content/reassign-rm', {
      customer_id: 'C-100001',
      new_rm_id: rm2.id,
    });
    expect(moved.json()).toEqual({
      message: 'Customer reassigned',
      customer_id: 'C-100001',
      rm_id: rm2.id,
      previous_rm_id: rm1.id,
    });
    const notYet = await call(admin.headers, 'PUT', '/api/content/reassign-rm', {
      customer_id: 'C-100002',
      new_rm_id: rm2.id,
    });
    expect(notYet.statusCode).toBe(409);

    const rms = (await call(admin.headers, 'GET', '/api/content/list-rms')).json<ListRmsResponse>()
      .rms;
    expect(rms.map((r) => [r.rm_id, r.customer_count]).sort()).toEqual(
      [
        [rm1.id, 0],
        [rm2.id, 1],
      ].sort(),
    );

    const events = (
      await call(admin.headers, 'GET', '/api/audit/events')
    ).json<AuditEventsResponse>().events;
    expect(
      events
        .slice(0, 2)
        .map((e) => [e.action, e.subject_id, (e.before as { rm_id: string | null }).rm_id]),
    ).toEqual([
      ['customer.reassigned', 'C-100001', rm1.id],
      ['customer.assigned', 'C-100001', null],
    ]);
    // The RM a customer moved from is named too, not only the one it moved to.
    expect(events[0]?.before).toEqual({ rm_id: rm1.id, rm_name: rm1.name });
  });

  it('answers 404 for unknown or foreign customers and RMs, and 400 for missing fields', async () => {
    const admin = await adminOnPlan(ctx, 'pro');
    await withCustomers(admin, 3);
    const rm = await employeeOf(ctx, admin, 'rm');
    const other = await adminOnPlan(ctx, 'pro');
    await withCustomers(other, 3);
    const theirRm = await employeeOf(ctx, other, 'rm');
    const head = await employeeOf(ctx, admin, 'head');

    const cases: [object, number, string?][] = [
      [{ customer_id: 'C-999999', rm_id: rm.id }, 404, ADMIN_MESSAGES.customerNotFound],
      [{ customer_id: 'C-100001', rm_id: theirRm.id }, 404, ADMIN_MESSAGES.rmNotFound],
      [{ customer_id: 'C-100001', rm_id: head.id }, 404, ADMIN_MESSAGES.rmNotFound],
      [
        { customer_id: 'C-100001', rm_id: '00000000-0000-0000-0000-000000000000' },
        404,
        ADMIN_MESSAGES.rmNotFound,
      ],
      [{ customer_id: 'C-100001' }, 400],
      [{ rm_id: rm.id }, 400],
      [{ customer_id: 'C-100001', rm_id: 'not-a-uuid' }, 400],
    ];
    for (const [body, status, message] of cases) {
      const res = await call(admin.headers, 'POST', '/api/content/assign-rm', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      if (message) expect(res.json().message).toBe(message);
    }
    const theirCustomer = await setUpDb(ctx)
      .selectFrom('customers')
      .select('rm_id')
      .where('firm_id', '=', other.firmId)
      .where('customer_id', '=', 'C-100001')
      .executeTakeFirstOrThrow();
    expect(theirCustomer.rm_id).toBeNull();
  });

  it('assigns many at once and distributes the unassigned evenly', async () => {
    const admin = await adminOnPlan(ctx, 'pro');
    await withCustomers(admin, 10);
    const [a, b, c] = [
      await employeeOf(ctx, admin, 'rm', 'Ana Ruiz'),
      await employeeOf(ctx, admin, 'rm', 'Bo Lee'),
      await employeeOf(ctx, admin, 'rm', 'Cy Park'),
    ];
    const bulk = await call(admin.headers, 'POST', '/api/content/assign-rm-bulk', {
      customer_ids: ['C-100001', 'C-100002', 'C-100002'],
      rm_id: a.id,
    });
    expect(bulk.json()).toMatchObject({ assigned: 2 });
    const unknown = await call(admin.headers, 'POST', '/api/content/assign-rm-bulk', {
      customer_ids: ['C-100003', 'NOPE'],
      rm_id: a.id,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain('NOPE');

    const spread = await call(admin.headers, 'POST', '/api/content/distribute-unassigned', {
      rm_ids: [b.id, c.id],
    });
    expect(spread.statusCode).toBe(200);
    expect(spread.json()).toMatchObject({
      assigned: 8,
      per_rm: [
        { rm_id: b.id, assigned: 4 },
        { rm_id: c.id, assigned: 4 },
      ],
    });
    expect(
      (await call(admin.headers, 'POST', '/api/content/distribute-unassigned', { rm_ids: [] }))
        .statusCode,
    ).toBe(400);

    // The log names the RMs: who got how many, and whom a bulk assignment went to.
    const events = (
      await call(admin.headers, 'GET', '/api/audit/events')
    ).json<AuditEventsResponse>().events;
    expect(events.slice(0, 2).map((e) => [e.action, e.after])).toEqual([
      [
        'customer.distributed',
        {
          per_rm: [
            { rm_id: b.id, rm_name: b.name, assigned: 4 },
            { rm_id: c.id, rm_name: c.name, assigned: 4 },
          ],
        },
      ],
      ['customer.bulk_assigned', { rm_id: a.id, rm_name: a.name, customers: 2 }],
    ]);
  });

  it('shows an RM’s book and call list to the admin, only for the firm’s own RMs', async () => {
    const admin = await adminOnPlan(ctx, 'pro');
    await withCustomers(admin, 8);
    const rm = await employeeOf(ctx, admin, 'rm');
    await call(admin.headers, 'POST', '/api/content/assign-rm-bulk', {
      customer_ids: ['C-100001', 'C-100002', 'C-100003'],
      rm_id: rm.id,
    });

    const book = (
      await call(admin.headers, 'POST', '/api/content/admin-view-rm-book', { rm_id: rm.id })
    ).json<RmBookResponse>();
    expect(book).toMatchObject({ rm_id: rm.id, rm_name: 'rm person', customer_count: 3 });
    const calls = (
      await call(admin.headers, 'POST', '/api/content/admin-who-to-call-for-a-rm', { rm_id: rm.id })
    ).json<AdminWhoToCallResponse>();
    expect(calls.list).toHaveLength(3);
    const scores = calls.list.map((i) => i.priority_score);
    expect(scores).toEqual([...scores].sort((x, y) => y - x));

    const other = await adminOnPlan(ctx, 'pro');
    for (const url of [
      '/api/content/admin-view-rm-book',
      '/api/content/admin-who-to-call-for-a-rm',
    ]) {
      const res = await call(other.headers, 'POST', url, { rm_id: rm.id });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: ADMIN_MESSAGES.rmNotFound, code: 'not_found' });
      expect((await call(admin.headers, 'POST', url, {})).statusCode).toBe(400);
    }
  });
});

describe('GET /api/content/firm-overview', () => {
  it('counts customers, assignment and distributions from the stored insights', async () => {
    const admin = await adminOnPlan(ctx, 'pro');
    await withCustomers(admin, 12);
    const rm = await employeeOf(ctx, admin, 'rm');
    await call(admin.headers, 'POST', '/api/content/assign-rm-bulk', {
      customer_ids: ['C-100001', 'C-100002'],
      rm_id: rm.id,
    });
    const res = await call(admin.headers, 'GET', '/api/content/firm-overview');
    expect(res.statusCode).toBe(200);
    const overview = res.json<FirmOverviewResponse>();
    expect(overview).toMatchObject({ total_customers: 12, assigned: 2, unassigned: 10 });
    expect(overview.per_rm).toEqual([
      { rm_id: rm.id, full_name: 'rm person', email: rm.email, customer_count: 2 },
    ]);
    // Every level is present, and each count is what the stored insights say.
    const stored = await setUpDb(ctx)
      .selectFrom('customer_insights')
      .select(['risk_level', 'segment', 'urgency_level'])
      .where('firm_id', '=', admin.firmId)
      .execute();
    const tally = (keys: readonly string[], values: string[]) =>
      Object.fromEntries(keys.map((k) => [k, values.filter((v) => v === k).length]));
    expect(overview.risk_distribution).toEqual(
      tally(
        RISK_LEVELS,
        stored.map((r) => r.risk_level),
      ),
    );
    expect(overview.segment_distribution).toEqual(
      tally(
        SEGMENTS,
        stored.map((r) => r.segment),
      ),
    );
    expect(overview.urgency_distribution).toEqual(
      tally(
        URGENCY_LEVELS,
        stored.map((r) => r.urgency_level),
      ),
    );
    expect(overview.top_priority).toHaveLength(10);
    const scores = overview.top_priority.map((i) => i.priority_score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });
});

describe('audit log', () => {
  it('records employee changes with who and when, readable by compliance but not by an RM', async () => {
    const admin = await adminOnPlan(ctx, 'pro');
    const email = uniqueEmail('audited');
    await call(admin.headers, 'POST', '/api/roles/create-new-employee', {
      name: 'Audited',
      email,
      password: 'secret1',
      role: 'view',
    });
    await call(admin.headers, 'DELETE', '/api/roles/delete-employee', { email });
    const compliance = await employeeOf(ctx, admin, 'compliance');
    const res = await call(compliance.headers, 'GET', '/api/audit/events?page=1&page_size=10');
    expect(res.statusCode).toBe(200);
    const { events, pagination } = res.json<AuditEventsResponse>();
    expect(events.map((e) => e.action)).toEqual(['employee.deleted', 'employee.created']);
    expect(events[0]).toMatchObject({
      actor_email: admin.email,
      actor_role: 'admin',
      before: { email, role: 'view' },
    });
    expect(pagination.total_count).toBe(2);
    const rm = await employeeOf(ctx, admin, 'rm');
    expect((await call(rm.headers, 'GET', '/api/audit/events')).statusCode).toBe(403);
  });
});
