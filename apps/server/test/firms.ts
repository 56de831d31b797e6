import type { Plan, Role, UploadResponse } from '@behavio/contract';
import { expect, vi } from 'vitest';
import { withoutFirmScope } from '../src/db/firm-scope.js';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { recommendationsUpToDate } from '../src/modules/products/products.repository.js';
import { bearer, signUpAdmin, uniqueEmail, type TestContext } from './helper.js';
import { csvOf } from './fixtures/customer-files.js';
import { multipartFile } from './multipart.js';

/**
 * The test's database without the firm scope guard, for a set-up that finds what it made by an
 * id or email before it knows the firm (the app's own queries stay guarded).
 */
export const setUpDb = (ctx: TestContext) =>
  withoutFirmScope(ctx.database.db, 'a test finds what it set up by id or email');

/** An admin with a firm on the given plan, and its firm id. */
export async function adminOnPlan(ctx: TestContext, plan: Plan = 'free') {
  const admin = await signUpAdmin(ctx);
  const firm = await setUpDb(ctx)
    .selectFrom('users')
    .select('firm_id')
    .where('email', '=', admin.email)
    .executeTakeFirstOrThrow();
  if (plan !== 'free')
    await ctx.database.db
      .updateTable('firms')
      .set({ plan })
      .where('id', '=', firm.firm_id)
      .execute();
  return { ...admin, firmId: firm.firm_id, headers: bearer(admin.token) };
}

/** A signed-up admin of a test firm, with its firm id and bearer headers. */
export type Admin = Awaited<ReturnType<typeof adminOnPlan>>;

/** The firm's plan as stored. */
export async function planOf(ctx: TestContext, firmId: string): Promise<Plan> {
  const firm = await ctx.database.db
    .selectFrom('firms')
    .select('plan')
    .where('id', '=', firmId)
    .executeTakeFirstOrThrow();
  return firm.plan;
}

/** An employee of the admin's firm, signed in through login-others. */
export async function employeeOf(
  ctx: TestContext,
  admin: { email: string; firmId: string },
  role: Exclude<Role, 'admin'> = 'rm',
  name = `${role} person`,
) {
  const email = uniqueEmail(role);
  const user = await ctx.database.db
    .insertInto('users')
    .values({
      firm_id: admin.firmId,
      role,
      name,
      email,
      password_hash: await hashPassword('employee-pass'),
      verified_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login-others',
    payload: { role, email, password: 'employee-pass', adminEmail: admin.email },
  });
  return { id: user.id, name, email, headers: bearer(login.json<{ token: string }>().token) };
}
export type Employee = Awaited<ReturnType<typeof employeeOf>>;

/** Posts `content` to the upload endpoint with `headers`, as the multipart part `file`. */
export function uploadFile(
  ctx: TestContext,
  headers: Record<string, string>,
  filename: string,
  content: Buffer | string,
  options: Parameters<typeof multipartFile>[2] = {},
) {
  const body = multipartFile(filename, content, options);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/content/upload-file',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

/**
 * Uploads a customers CSV as the admin and expects it imported (201, `completed`): the setup of
 * every test that needs customers. Answers the file id.
 */
export async function importCustomers(
  ctx: TestContext,
  admin: { headers: Record<string, string> },
  csv: Buffer,
  filename = 'customers.csv',
): Promise<string> {
  const res = await uploadFile(ctx, admin.headers, filename, csv);
  expect(res.statusCode).toBe(201);
  const { file_id, job_status } = res.json<UploadResponse>();
  expect(job_status).toBe('completed');
  const file = await setUpDb(ctx)
    .selectFrom('customer_files')
    .select('firm_id')
    .where('id', '=', file_id!)
    .executeTakeFirstOrThrow();
  await recommendationsSettled(ctx, file.firm_id);
  return file_id!;
}

/**
 * Waits until the firm's products are recomputed for every change asked so far (they follow an
 * import in a background run), so a test reads the lists as they will stay.
 */
export async function recommendationsSettled(ctx: TestContext, firmId: string) {
  await vi.waitFor(
    async () => expect(await recommendationsUpToDate(ctx.database.db, firmId)).toBe(true),
    { timeout: 30_000, interval: 50 },
  );
}

/** The firm's customer ids, in id order. */
export async function customerIdsOf(ctx: TestContext, firmId: string): Promise<string[]> {
  const rows = await ctx.database.db
    .selectFrom('customers')
    .select('customer_id')
    .where('firm_id', '=', firmId)
    .orderBy('customer_id')
    .execute();
  return rows.map((c) => c.customer_id);
}

/** Puts each customer in an RM's book straight in the database (the routes have their own tests). */
export async function assignInDatabase(
  ctx: TestContext,
  firmId: string,
  assignments: readonly (readonly [customerId: string, rmId: string])[],
) {
  for (const [customerId, rmId] of assignments)
    await ctx.database.db
      .updateTable('customers')
      .set({ rm_id: rmId })
      .where('firm_id', '=', firmId)
      .where('customer_id', '=', customerId)
      .execute();
}

/**
 * The set-up of the tests of who may touch which customer: a firm on Pro with `customers`
 * imported, two RMs with the first customer in `rm`'s book and the second in `otherRm`'s (the
 * rest unassigned), and a second firm with customers of its own. `foreign.customer` is one of
 * the second firm's ids that the first firm does not have.
 */
export async function firmWithTwoBooks(ctx: TestContext, { customers = 4 } = {}) {
  const admin = await adminOnPlan(ctx, 'pro');
  await importCustomers(ctx, admin, csvOf(customers));
  const rm = await employeeOf(ctx, admin, 'rm');
  const otherRm = await employeeOf(ctx, admin, 'rm', 'other rm');
  const customerIds = await customerIdsOf(ctx, admin.firmId);
  const [own, others] = customerIds as [string, string];
  await assignInDatabase(ctx, admin.firmId, [
    [own, rm.id],
    [others, otherRm.id],
  ]);

  const other = await adminOnPlan(ctx, 'pro');
  // Another seed, so that the two firms' files differ.
  await importCustomers(ctx, other, csvOf(6, {}, {}, 7));
  const ours = new Set(customerIds);
  const theirs = (await customerIdsOf(ctx, other.firmId)).filter((id) => !ours.has(id));
  return {
    admin,
    rm,
    otherRm,
    customerIds,
    own,
    others,
    foreign: { admin: other, customer: theirs[0]! },
  };
}
