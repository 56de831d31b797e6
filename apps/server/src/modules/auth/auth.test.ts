import { LOGIN_MESSAGES, MESSAGES, REGISTER_MESSAGES } from '@behavio/contract';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  signUpAdmin,
  uniqueEmail,
  type TestContext,
} from '../../../test/helper.js';
import { startWellInsideAMinuteWindow } from '../../../test/rate-limit-window.js';
import { hashPassword } from './passwords.js';
import { setUpDb } from '../../../test/firms.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const post = (url: string, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object });
const validRegistration = () => ({
  name: 'Grace Hopper',
  email: uniqueEmail('grace'),
  password: 'secret123',
  businessName: 'Hopper Capital',
  numberOfEmployees: 5,
});

describe('POST /api/auth/register', () => {
  it('creates the firm and its admin, and emails a 6-digit code over SMTP', async () => {
    const body = validRegistration();
    const res = await post('/api/auth/register', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'OTP sent to your email' });

    const mail = ctx.smtp.received.find((m) => m.to.includes(body.email));
    expect(mail?.raw).toMatch(/Subject: Your Behavio verification code: \d{6}/);
    expect(mail?.raw).toContain('Content-Type: text/html');
    expect(mail?.raw).toContain('Content-Type: text/plain');

    const user = await setUpDb(ctx)
      .selectFrom('users')
      .innerJoin('firms', 'firms.id', 'users.firm_id')
      .select([
        'users.role',
        'users.credits',
        'users.verified_at',
        'firms.business_name',
        'firms.employee_count',
        'firms.plan',
      ])
      .where('users.email', '=', body.email)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({
      role: 'admin',
      credits: 100,
      verified_at: null,
      business_name: 'Hopper Capital',
      employee_count: 5,
      plan: 'free',
    });
  });

  it('stores the code hashed, never in clear', async () => {
    const body = validRegistration();
    await post('/api/auth/register', body);
    const code = ctx.smtp.codeFor(body.email);
    const rows = await setUpDb(ctx).selectFrom('email_verifications').select('code_hash').execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.code_hash).not.toContain(code);
  });

  it.each([
    [{ name: '' }, 'name', REGISTER_MESSAGES.nameRequired],
    [{ name: '  a  ' }, 'name', REGISTER_MESSAGES.nameTooShort],
    [{ email: '' }, 'email', REGISTER_MESSAGES.emailRequired],
    [{ email: 'not-an-email' }, 'email', REGISTER_MESSAGES.emailInvalid],
    [{ password: '' }, 'password', REGISTER_MESSAGES.passwordRequired],
    [{ password: '12345' }, 'password', REGISTER_MESSAGES.passwordTooShort],
    [{ businessName: 'x'.repeat(101) }, 'businessName', REGISTER_MESSAGES.businessNameTooLong],
    [{ businessName: 5 }, 'businessName', REGISTER_MESSAGES.businessNameInvalid],
    [{ numberOfEmployees: 0 }, 'numberOfEmployees', REGISTER_MESSAGES.employeesRange],
    [{ numberOfEmployees: 10_001 }, 'numberOfEmployees', REGISTER_MESSAGES.employeesRange],
    [{ numberOfEmployees: 2.5 }, 'numberOfEmployees', REGISTER_MESSAGES.employeesRange],
    [{ numberOfEmployees: 'ten' }, 'numberOfEmployees', REGISTER_MESSAGES.employeesRange],
  ])('answers 400 with the field error for %j', async (override, path, msg) => {
    const res = await post('/api/auth/register', { ...validRegistration(), ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: msg,
      code: 'validation_failed',
      errors: [{ path, msg }],
    });
  });

  it('takes a null or blank business name as none (it is optional)', async () => {
    for (const businessName of [null, '   ']) {
      const body = { ...validRegistration(), businessName };
      expect((await post('/api/auth/register', body)).statusCode).toBe(201);
      const firm = await setUpDb(ctx)
        .selectFrom('users')
        .innerJoin('firms', 'firms.id', 'users.firm_id')
        .select('firms.business_name')
        .where('users.email', '=', body.email)
        .executeTakeFirstOrThrow();
      expect(firm.business_name).toBe('');
    }
  });

  it('reports every missing field at once', async () => {
    const res = await post('/api/auth/register', {});
    expect(res.statusCode).toBe(400);
    const paths = res.json<{ errors: { path: string; msg: string }[] }>().errors.map((e) => e.path);
    expect(paths).toEqual(['name', 'email', 'password']);
  });

  it('answers 400 for a body that is not JSON, and 413 for one that is too large', async () => {
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: MESSAGES.invalidJson, code: 'invalid_json' });

    const huge = await post('/api/auth/register', {
      ...validRegistration(),
      name: 'x'.repeat(300_000),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: MESSAGES.bodyTooLarge, code: 'payload_too_large' });
  });

  it('answers 400 for an array or a missing body', async () => {
    expect((await post('/api/auth/register', [1, 2])).statusCode).toBe(400);
    const empty = await ctx.app.inject({ method: 'POST', url: '/api/auth/register' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toBeTruthy();
  });

  it('registers an unverified email afresh, and tells a verified one to log in', async () => {
    const body = validRegistration();
    await post('/api/auth/register', body);
    // The pending account is replaced (pre-hijacking, see pre-hijacking.test.ts): a new code.
    const again = await post('/api/auth/register', { ...body, email: body.email.toUpperCase() });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ message: 'OTP sent to your email' });

    const admin = await signUpAdmin(ctx);
    const verifiedAgain = await post('/api/auth/register', {
      ...validRegistration(),
      email: admin.email,
    });
    expect(verifiedAgain.statusCode).toBe(400);
    expect(verifiedAgain.json().message).toMatch(/already registered/);
    expect(verifiedAgain.json().message).not.toMatch(/not verified/);
    expect(verifiedAgain.json().code).toBe('email_registered');
  });

  it('leaves one account of two simultaneous registrations of an email', async () => {
    const body = validRegistration();
    const results = await Promise.all([
      post('/api/auth/register', body),
      post('/api/auth/register', body),
    ]);
    // Both may pass one after the other (the second replaces the first, still unverified), or
    // at the same moment the unique index lets one through and the other is told why.
    const statuses = results.map((r) => r.statusCode).sort();
    expect([
      [201, 201],
      [201, 400],
    ]).toContainEqual(statuses);
    for (const res of results.filter((r) => r.statusCode === 400))
      expect(res.json().code).toBe('email_registered_unverified');
    const count = await setUpDb(ctx)
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('email', '=', body.email)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
    const firms = await setUpDb(ctx)
      .selectFrom('firms')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('business_name', '=', body.businessName)
      .where('employee_count', '=', 5)
      .executeTakeFirstOrThrow();
    expect(Number(firms.n)).toBeGreaterThanOrEqual(1);
  });
});

describe('POST /api/auth/verify and /api/auth/resend-otp', () => {
  it('verifies with the delivered code, once', async () => {
    const body = validRegistration();
    await post('/api/auth/register', body);
    const otp = ctx.smtp.codeFor(body.email);
    const res = await post('/api/auth/verify', { email: body.email, otp });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/verified/i);
    const again = await post('/api/auth/verify', { email: body.email, otp });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MESSAGES.alreadyVerified);
  });

  it('refuses a wrong code and voids the code after 5 wrong tries', async () => {
    const body = validRegistration();
    await post('/api/auth/register', body);
    const otp = ctx.smtp.codeFor(body.email);
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const res = await post('/api/auth/verify', { email: body.email, otp: wrong });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MESSAGES.invalidOtp);
    }
    const fifth = await post('/api/auth/verify', { email: body.email, otp: wrong });
    expect(fifth.json().message).toBe(MESSAGES.otpAttemptsExceeded);
    const right = await post('/api/auth/verify', { email: body.email, otp });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe(MESSAGES.expiredOtp);
  });

  it('refuses an expired code', async () => {
    const body = validRegistration();
    await post('/api/auth/register', body);
    const otp = ctx.smtp.codeFor(body.email);
    const user = await setUpDb(ctx)
      .selectFrom('users')
      .select('id')
      .where('email', '=', body.email)
      .executeTakeFirstOrThrow();
    await setUpDb(ctx)
      .updateTable('email_verifications')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    const res = await post('/api/auth/verify', { email: body.email, otp });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.expiredOtp);
  });

  it.each([
    [{ otp: '12345' }],
    [{ otp: '12345a' }],
    [{ otp: '1234567' }],
    [{ otp: 123456 }],
    [{ email: 'nope' }],
  ])('answers 400 for a malformed request %j', async (override) => {
    const res = await post('/api/auth/verify', {
      email: 'x@example.com',
      otp: '123456',
      ...override,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.length).toBeGreaterThan(0);
  });

  it('resends at most once a minute, and the new code replaces the old', async () => {
    const body = validRegistration();
    await post('/api/auth/register', body);
    const first = ctx.smtp.codeFor(body.email);
    const tooSoon = await post('/api/auth/resend-otp', { email: body.email });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toBe(MESSAGES.resendTooSoon);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);

    const user = await setUpDb(ctx)
      .selectFrom('users')
      .select('id')
      .where('email', '=', body.email)
      .executeTakeFirstOrThrow();
    await setUpDb(ctx)
      .updateTable('email_verifications')
      .set({ sent_at: new Date(Date.now() - 61_000) })
      .where('user_id', '=', user.id)
      .execute();
    const delivered = ctx.smtp.received.length;
    const resent = await post('/api/auth/resend-otp', { email: body.email });
    expect(resent.statusCode).toBe(200);
    expect(ctx.smtp.received.length).toBe(delivered + 1);
    const second = ctx.smtp.codeFor(body.email);
    if (second !== first) {
      expect((await post('/api/auth/verify', { email: body.email, otp: first })).statusCode).toBe(
        400,
      );
    }
    expect((await post('/api/auth/verify', { email: body.email, otp: second })).statusCode).toBe(
      200,
    );
  });

  it('answers 400 for an unknown or already verified email', async () => {
    const unknown = await post('/api/auth/resend-otp', { email: uniqueEmail('ghost') });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(MESSAGES.unknownEmail);
    const admin = await signUpAdmin(ctx);
    const verified = await post('/api/auth/resend-otp', { email: admin.email });
    expect(verified.json().message).toBe(MESSAGES.alreadyVerified);
  });
});

describe('POST /api/auth/login and /api/auth/login-others', () => {
  it('gives a verified admin a token, and refuses an unverified one with 403', async () => {
    const body = validRegistration();
    await post('/api/auth/register', body);
    const early = await post('/api/auth/login', { email: body.email, password: body.password });
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe(MESSAGES.notVerified);

    const admin = await signUpAdmin(ctx);
    const res = await post('/api/auth/login', {
      email: admin.email.toUpperCase(),
      password: admin.password,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ token: expect.any(String), message: 'Login successful' });
  });

  it('says a password longer than any account can have is too long', async () => {
    const res = await post('/api/auth/login', { email: uniqueEmail(), password: 'x'.repeat(200) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: LOGIN_MESSAGES.passwordTooLong,
      code: 'validation_failed',
      errors: [{ path: 'password', msg: LOGIN_MESSAGES.passwordTooLong }],
    });
  });

  it('answers the same 401 for a wrong password and an unknown email', async () => {
    const admin = await signUpAdmin(ctx);
    const wrong = await post('/api/auth/login', { email: admin.email, password: 'wrong password' });
    const unknown = await post('/api/auth/login', {
      email: uniqueEmail('nobody'),
      password: 'whatever1',
    });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        message: MESSAGES.invalidCredentials,
        code: 'invalid_credentials',
      });
    }
  });

  it('signs in an employee only with their role and their own admin’s email', async () => {
    const admin = await signUpAdmin(ctx);
    const other = await signUpAdmin(ctx);
    const firm = await setUpDb(ctx)
      .selectFrom('users')
      .select('firm_id')
      .where('email', '=', admin.email)
      .executeTakeFirstOrThrow();
    const rmEmail = uniqueEmail('rm');
    await setUpDb(ctx)
      .insertInto('users')
      .values({
        firm_id: firm.firm_id,
        role: 'rm',
        name: 'Rita RM',
        email: rmEmail,
        password_hash: await hashPassword('rm-pass-1'),
        verified_at: new Date(),
      })
      .execute();

    const ok = await post('/api/auth/login-others', {
      role: 'rm',
      email: rmEmail,
      password: 'rm-pass-1',
      adminEmail: admin.email,
    });
    expect(ok.statusCode).toBe(200);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/check-user',
      headers: bearer(ok.json().token),
    });
    expect(me.json().user).toMatchObject({
      role: 'rm',
      email: rmEmail,
      adminEmail: admin.email,
      credits: 100,
    });

    for (const attempt of [
      { role: 'head', email: rmEmail, password: 'rm-pass-1', adminEmail: admin.email },
      { role: 'rm', email: rmEmail, password: 'rm-pass-1', adminEmail: other.email },
      { role: 'rm', email: rmEmail, password: 'wrong-pass', adminEmail: admin.email },
      { role: 'rm', email: uniqueEmail('x'), password: 'rm-pass-1', adminEmail: admin.email },
    ]) {
      const res = await post('/api/auth/login-others', attempt);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        message: MESSAGES.invalidCredentials,
        code: 'invalid_credentials',
      });
    }
  });

  it('validates login-others input', async () => {
    const missingAdmin = await post('/api/auth/login-others', {
      role: 'rm',
      email: 'a@b.co',
      password: 'secret1',
    });
    expect(missingAdmin.statusCode).toBe(400);
    expect(missingAdmin.json().errors).toEqual([
      { path: 'adminEmail', msg: 'Admin email is required' },
    ]);
    const adminRole = await post('/api/auth/login-others', {
      role: 'admin',
      email: 'a@b.co',
      password: 'secret1',
      adminEmail: 'c@d.co',
    });
    expect(adminRole.statusCode).toBe(400);
    expect(adminRole.json().errors[0].path).toBe('role');
  });
});

describe('GET /api/auth/check-user', () => {
  it('answers the user with the firm facts', async () => {
    const admin = await signUpAdmin(ctx, { businessName: 'Lovelace Partners' });
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/check-user',
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'User found',
      user: {
        id: expect.any(String),
        name: 'Ada Admin',
        email: admin.email,
        role: 'admin',
        firmId: expect.any(String),
        businessName: 'Lovelace Partners',
        adminEmail: admin.email,
        noOfFileUploads: 0,
        subscription: 'free',
        credits: 100,
      },
    });
    expect(res.body).not.toContain('password');
  });

  it('answers 420 for a missing, malformed, forged or expired token', async () => {
    const admin = await signUpAdmin(ctx);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/check-user',
      headers: bearer(admin.token),
    });
    const { id, firmId } = me.json().user;
    const key = new TextEncoder().encode(ctx.config.jwtSecret);
    const expired = await new SignJWT({ firm: firmId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(id)
      .setIssuer('behavio')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(key);
    const forged = await new SignJWT({ firm: firmId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(id)
      .setIssuer('behavio')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-that-is-long-enough-0123456789'));
    for (const headers of [
      {},
      { authorization: 'Bearer' },
      bearer('garbage'),
      bearer(expired),
      bearer(forged),
      { authorization: admin.token },
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/check-user', headers });
      expect(res.statusCode).toBe(420);
      expect(res.json()).toEqual({ message: MESSAGES.invalidToken, code: 'invalid_token' });
    }
  });

  it('answers 420 once the user no longer exists', async () => {
    const admin = await signUpAdmin(ctx);
    await setUpDb(ctx).deleteFrom('users').where('email', '=', admin.email).execute();
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/check-user',
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(420);
  });
});

describe('rate limits', () => {
  beforeEach(() => startWellInsideAMinuteWindow());

  it('answers 429 with a message past the per-email budget', async () => {
    const limited = await createTestContext({ RATE_LIMIT_EMAIL_PER_MINUTE: '3' });
    try {
      const email = uniqueEmail('brute');
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password: 'guess123' },
        });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) {
          expect(res.json()).toEqual({
            message: MESSAGES.tooManyAttempts,
            code: 'too_many_requests',
          });
          expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        }
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });

  it('answers 429 past the per-IP budget, whatever the email', async () => {
    const limited = await createTestContext({ RATE_LIMIT_IP_PER_MINUTE: '2' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { ...validRegistration() },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });
});
