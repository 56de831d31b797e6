import {
  MESSAGES,
  PASSWORD_MESSAGES,
  type CheckUserResponse,
  type ResetPasswordResponse,
  type ChangePasswordResponse,
} from '@behavio/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiKey } from '../../../test/api-keys.js';
import { generateCustomers } from '../../../test/fixtures/customer-files.js';
import { adminOnPlan, employeeOf, setUpDb } from '../../../test/firms.js';
import { bearer, createTestContext, uniqueEmail, type TestContext } from '../../../test/helper.js';
import {
  UNVERIFIED_ACCOUNT_TTL_DAYS,
  removeExpiredRegistrations,
} from './pending-accounts.repository.js';

/**
 * Account pre-hijacking (issue 36, item 1): a registration left unverified is replaced by the
 * next one, unverified registrations expire, and a password change or reset of the firm's admin
 * revokes the firm's API keys as well as its sessions.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Headers = Record<string, string>;
const post = (url: string, payload: object, headers: Headers = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers });
const login = (email: string, password: string) => post('/api/auth/login', { email, password });
const importWith = (headers: Headers) =>
  post(
    '/api/v1/customers',
    { customers: generateCustomers(3, { seed: 7, firstId: 500_001 }) },
    headers,
  );
const usersWithEmail = (email: string) =>
  setUpDb(ctx).selectFrom('users').select(['id', 'firm_id']).where('email', '=', email).execute();

describe('a registration left unverified', () => {
  it('is replaced by the next one: after the victim verifies, the attacker’s password fails', async () => {
    const email = uniqueEmail('victim');
    const attacker = {
      name: 'Mallory',
      email,
      password: 'attacker pw',
      businessName: 'Mallory Ltd',
      numberOfEmployees: 1,
    };
    const victim = {
      name: 'Victoria Bank',
      email,
      password: 'victim pw',
      businessName: 'Bank of Victoria',
      numberOfEmployees: 40,
    };

    expect((await post('/api/auth/register', attacker)).statusCode).toBe(201);
    const attackersCode = ctx.smtp.codeFor(email);

    // The victim registers: the pending account is theirs now, and a fresh code is mailed.
    const registered = await post('/api/auth/register', victim);
    expect(registered.statusCode, registered.body).toBe(201);
    expect(registered.json()).toEqual({ message: 'OTP sent to your email' });
    expect(await usersWithEmail(email)).toHaveLength(1);
    const victimsCode = ctx.smtp.codeFor(email);

    // A code mailed for the replaced registration verifies nothing.
    if (attackersCode !== victimsCode) {
      const stale = await post('/api/auth/verify', { email, otp: attackersCode });
      expect(stale.statusCode).toBe(400);
    }
    const verified = await post('/api/auth/verify', { email, otp: victimsCode });
    expect(verified.statusCode, verified.body).toBe(200);

    const attackerLogin = await login(email, attacker.password);
    expect(attackerLogin.statusCode).toBe(401);
    expect(attackerLogin.json()).toEqual({
      message: MESSAGES.invalidCredentials,
      code: 'invalid_credentials',
    });
    const victimLogin = await login(email, victim.password);
    expect(victimLogin.statusCode).toBe(200);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/check-user',
      headers: bearer(victimLogin.json<{ token: string }>().token),
    });
    const { user } = me.json<CheckUserResponse>();
    expect({ name: user.name, businessName: user.businessName }).toEqual({
      name: victim.name,
      businessName: victim.businessName,
    });

    // Once verified, the email is taken: registering again changes nothing.
    const again = await post('/api/auth/register', attacker);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'email_registered',
      message: MESSAGES.alreadyRegistered,
    });
    expect((await login(email, attacker.password)).statusCode).toBe(401);
    expect((await login(email, victim.password)).statusCode).toBe(200);
  });

  it(`expires after ${UNVERIFIED_ACCOUNT_TTL_DAYS} days: then it is unknown, and swept away`, async () => {
    const stale = {
      name: 'Old Pending',
      email: uniqueEmail('stale'),
      password: 'stale pw',
      businessName: 'Stale',
      numberOfEmployees: 2,
    };
    const fresh = { ...stale, email: uniqueEmail('fresh'), businessName: 'Fresh' };
    for (const body of [stale, fresh])
      expect((await post('/api/auth/register', body)).statusCode).toBe(201);
    const staleCode = ctx.smtp.codeFor(stale.email);
    await sql`update users set created_at = now() - make_interval(days => ${UNVERIFIED_ACCOUNT_TTL_DAYS}, mins => 1)
      where email = ${stale.email}`.execute(setUpDb(ctx));

    // Login, verify and resend answer as for an email nobody registered.
    const loginStale = await login(stale.email, stale.password);
    expect(loginStale.statusCode).toBe(401);
    expect(loginStale.json().code).toBe('invalid_credentials');
    const verify = await post('/api/auth/verify', { email: stale.email, otp: staleCode });
    expect(verify.statusCode).toBe(400);
    expect(verify.json()).toEqual({ message: MESSAGES.unknownEmail, code: 'unknown_email' });
    const resend = await post('/api/auth/resend-otp', { email: stale.email });
    expect(resend.json()).toEqual({ message: MESSAGES.unknownEmail, code: 'unknown_email' });
    // A fresh pending registration is still waiting for its code.
    expect((await login(fresh.email, fresh.password)).statusCode).toBe(403);

    // The daily sweep removes the expired registration with its firm, and only it.
    const [staleUser] = await usersWithEmail(stale.email);
    expect(await removeExpiredRegistrations(ctx.database.db)).toBeGreaterThanOrEqual(1);
    expect(await usersWithEmail(stale.email)).toEqual([]);
    const firm = await setUpDb(ctx)
      .selectFrom('firms')
      .select('id')
      .where('id', '=', staleUser!.firm_id)
      .executeTakeFirst();
    expect(firm).toBeUndefined();
    expect(await usersWithEmail(fresh.email)).toHaveLength(1);

    // The email can be registered and verified again.
    expect((await post('/api/auth/register', stale)).statusCode).toBe(201);
    const otp = ctx.smtp.codeFor(stale.email);
    expect((await post('/api/auth/verify', { email: stale.email, otp })).statusCode).toBe(200);
    expect((await login(stale.email, stale.password)).statusCode).toBe(200);
  });
});

describe("a password reset or change of the firm's admin", () => {
  it('revokes every API key of the firm: the old key no longer imports, a new one does', async () => {
    const admin = await adminOnPlan(ctx, 'pro');
    const key = await createApiKey(ctx, admin, 'Made with the old password');
    const other = await createApiKey(ctx, admin, 'Nightly CRM');
    expect((await importWith(key.headers)).statusCode).toBe(202);

    expect((await post('/api/auth/forgot-password', { email: admin.email })).statusCode).toBe(200);
    const otp = await vi.waitFor(() => ctx.smtp.codeFor(admin.email, 'password reset'), {
      timeout: 10_000,
    });
    const reset = await post('/api/auth/reset-password', {
      email: admin.email,
      otp,
      password: 'a brand new one',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const answer = reset.json<ResetPasswordResponse>();
    expect(answer.revokedApiKeys).toEqual(
      expect.arrayContaining([
        { key_id: key.key_id, name: key.name, prefix: key.prefix },
        { key_id: other.key_id, name: other.name, prefix: other.prefix },
      ]),
    );
    expect(answer.revokedApiKeys).toHaveLength(2);
    expect(answer.message).toContain(PASSWORD_MESSAGES.passwordReset);
    expect(answer.message).toContain('"Made with the old password"');

    // The key made with the old password: refused like any revoked key.
    const refused = await importWith(key.headers);
    expect(refused.statusCode).toBe(420);
    expect((await importWith(other.headers)).statusCode).toBe(420);

    // Each revocation is in the audit log, by the admin.
    const audit = await setUpDb(ctx)
      .selectFrom('audit_events')
      .select(['subject_id', 'actor_email', 'actor_role'])
      .where('action', '=', 'api_key.revoked')
      .where('subject_id', 'in', [key.key_id, other.key_id])
      .execute();
    expect(audit).toHaveLength(2);
    expect(new Set(audit.map((a) => `${a.actor_email}/${a.actor_role}`))).toEqual(
      new Set([`${admin.email}/admin`]),
    );

    // The admin signs in with the new password and makes a new key (the name is free again).
    const signedIn = await login(admin.email, 'a brand new one');
    expect(signedIn.statusCode).toBe(200);
    const renewed = await createApiKey(
      ctx,
      { headers: bearer(signedIn.json<{ token: string }>().token) },
      'Made with the old password',
    );
    expect((await importWith(renewed.headers)).statusCode).toBe(202);
  });

  it("on a change by the admin revokes the keys; an employee's change revokes none", async () => {
    const admin = await adminOnPlan(ctx, 'pro');
    const key = await createApiKey(ctx, admin, 'Feed');
    const rm = await employeeOf(ctx, admin, 'rm');
    const rmChange = await post(
      '/api/auth/change-password',
      { currentPassword: 'employee-pass', newPassword: 'rm new secret' },
      rm.headers,
    );
    expect(rmChange.statusCode, rmChange.body).toBe(200);
    expect(rmChange.json<ChangePasswordResponse>().revokedApiKeys).toEqual([]);
    expect(rmChange.json<ChangePasswordResponse>().message).toBe(PASSWORD_MESSAGES.passwordChanged);
    expect((await importWith(key.headers)).statusCode).toBe(202);

    const change = await post(
      '/api/auth/change-password',
      { currentPassword: admin.password, newPassword: 'admin new secret' },
      admin.headers,
    );
    expect(change.statusCode, change.body).toBe(200);
    expect(change.json<ChangePasswordResponse>().revokedApiKeys).toEqual([
      { key_id: key.key_id, name: 'Feed', prefix: key.prefix },
    ]);
    expect((await importWith(key.headers)).statusCode).toBe(420);
  });
});
