import { randomUUID } from 'node:crypto';
import { MESSAGES, PASSWORD_MESSAGES, REGISTER_MESSAGES } from '@behavio/contract';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminOnPlan, employeeOf, setUpDb } from '../../../test/firms.js';
import { bearer, createTestContext, signUpAdmin, type TestContext } from '../../../test/helper.js';
import { buildApp } from '../../app.js';
import { createServices } from '../../services.js';

/**
 * Sessions that end (issue 16, item 7) and the password flows (issue 22, item 2): logout,
 * password change and reset end sessions in every API process, and only well-formed tokens of
 * ours are accepted.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers });
const checkUser = (headers: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: '/api/auth/check-user', headers });
const login = (email: string, password: string) => post('/api/auth/login', { email, password });

/** Waits for the reset mail (it is sent after the answer) and answers its code. */
const resetCodeFor = (email: string) =>
  vi.waitFor(() => ctx.smtp.codeFor(email, 'password reset'), { timeout: 10_000 });

describe('POST /api/auth/logout', () => {
  it('ends the session of the token it is called with, and only that one', async () => {
    const admin = await signUpAdmin(ctx);
    const other = (await login(admin.email, admin.password)).json<{ token: string }>().token;
    const res = await post('/api/auth/logout', {}, bearer(admin.token));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: PASSWORD_MESSAGES.loggedOut });

    const after = await checkUser(bearer(admin.token));
    expect(after.statusCode).toBe(420);
    expect(after.json()).toEqual({ message: MESSAGES.invalidToken, code: 'invalid_token' });
    expect((await post('/api/auth/logout', {}, bearer(admin.token))).statusCode).toBe(420);
    expect((await checkUser(bearer(other))).statusCode).toBe(200);
  });

  it('is seen by another API process that shares only the database', async () => {
    const second = await buildApp(
      createServices({
        config: ctx.config,
        database: ctx.database,
        mailer: ctx.services.mailer,
        logger: ctx.services.logger,
      }),
    );
    try {
      const admin = await signUpAdmin(ctx);
      const viaSecond = () =>
        second.inject({ method: 'GET', url: '/api/auth/check-user', headers: bearer(admin.token) });
      expect((await viaSecond()).statusCode).toBe(200);
      await post('/api/auth/logout', {}, bearer(admin.token));
      expect((await viaSecond()).statusCode).toBe(420);
    } finally {
      await second.close();
    }
  });

  it('keeps a revoked token only until it would have expired anyway', async () => {
    const admin = await signUpAdmin(ctx);
    await post('/api/auth/logout', {}, bearer(admin.token));
    const { pruneRevokedTokens } = await import('./auth.repository.js');
    const count = async () =>
      (
        await setUpDb(ctx)
          .selectFrom('revoked_tokens as r')
          .innerJoin('users as u', 'u.id', 'r.user_id')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('u.email', '=', admin.email)
          .executeTakeFirstOrThrow()
      ).n;
    await pruneRevokedTokens(ctx.database.db);
    expect(Number(await count())).toBe(1);
    await pruneRevokedTokens(ctx.database.db, new Date(Date.now() + 13 * 3_600_000));
    expect(Number(await count())).toBe(0);
  });
});

describe('tokens', () => {
  const sign = async (
    claims: Record<string, unknown>,
    build: (jwt: SignJWT) => SignJWT = (jwt) => jwt.setExpirationTime('1h'),
  ) =>
    build(
      new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuer('behavio').setIssuedAt(),
    ).sign(new TextEncoder().encode(ctx.config.jwtSecret));

  it('refuses with 420 a token of ours without exp, or with a malformed subject or claims', async () => {
    const admin = await adminOnPlan(ctx);
    const me = (await checkUser(admin.headers)).json<{ user: { id: string } }>().user;
    const good = { firm: admin.firmId, gen: 0, jti: randomUUID(), sub: me.id };
    // The well-formed token is accepted, so each refusal below is down to its one defect.
    expect((await checkUser(bearer(await sign(good)))).statusCode).toBe(200);
    const bad = [
      await sign(good, (jwt) => jwt),
      await sign({ ...good, sub: 'not-a-uuid' }),
      await sign({ ...good, sub: "1' or '1'='1" }),
      await sign({ ...good, sub: 42 }),
      await sign({ ...good, firm: 'x' }),
      await sign({ ...good, jti: undefined }),
      await sign({ ...good, gen: 'zero' }),
      await sign({ ...good, exp: 'never' }, (jwt) => jwt),
    ];
    for (const token of bad) {
      const res = await checkUser(bearer(token));
      expect(res.statusCode).toBe(420);
      expect(res.json()).toEqual({ message: MESSAGES.invalidToken, code: 'invalid_token' });
    }
  });

  it('refuses every token of a deleted employee', async () => {
    const admin = await adminOnPlan(ctx, 'pro');
    const rm = await employeeOf(ctx, admin, 'rm');
    expect((await checkUser(rm.headers)).statusCode).toBe(200);
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/roles/delete-employee',
      headers: admin.headers,
      payload: { email: rm.email },
    });
    expect(res.statusCode).toBe(200);
    expect((await checkUser(rm.headers)).statusCode).toBe(420);
  });
});

describe('POST /api/auth/change-password', () => {
  it('replaces the password and ends every other session; this one goes on with a new token', async () => {
    const admin = await signUpAdmin(ctx);
    const other = (await login(admin.email, admin.password)).json<{ token: string }>().token;
    const res = await post(
      '/api/auth/change-password',
      { currentPassword: admin.password, newPassword: 'a brand new secret' },
      bearer(admin.token),
    );
    expect(res.statusCode).toBe(200);
    const { token, message } = res.json<{ token: string; message: string }>();
    expect(message).toBe(PASSWORD_MESSAGES.passwordChanged);

    expect((await checkUser(bearer(admin.token))).statusCode).toBe(420);
    expect((await checkUser(bearer(other))).statusCode).toBe(420);
    expect((await checkUser(bearer(token))).statusCode).toBe(200);
    expect((await login(admin.email, admin.password)).statusCode).toBe(401);
    expect((await login(admin.email, 'a brand new secret')).statusCode).toBe(200);
  });

  it('lets an employee replace the password the admin set', async () => {
    const admin = await adminOnPlan(ctx, 'pro');
    const rm = await employeeOf(ctx, admin, 'rm');
    const res = await post(
      '/api/auth/change-password',
      { currentPassword: 'employee-pass', newPassword: 'my own secret' },
      rm.headers,
    );
    expect(res.statusCode).toBe(200);
    const relogin = await post('/api/auth/login-others', {
      role: 'rm',
      email: rm.email,
      password: 'my own secret',
      adminEmail: admin.email,
    });
    expect(relogin.statusCode).toBe(200);
  });

  it('refuses a wrong current password and a new one that breaks the register rules', async () => {
    const admin = await signUpAdmin(ctx);
    const wrong = await post(
      '/api/auth/change-password',
      { currentPassword: 'not it', newPassword: 'whatever123' },
      bearer(admin.token),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      message: PASSWORD_MESSAGES.currentPasswordWrong,
      code: 'bad_request',
      errors: [{ path: 'currentPassword', msg: PASSWORD_MESSAGES.currentPasswordWrong }],
    });
    const short = await post(
      '/api/auth/change-password',
      { currentPassword: admin.password, newPassword: '12345' },
      bearer(admin.token),
    );
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual([
      { path: 'newPassword', msg: REGISTER_MESSAGES.passwordTooShort },
    ]);
    expect((await checkUser(bearer(admin.token))).statusCode).toBe(200);
    expect(
      (await post('/api/auth/change-password', { currentPassword: 'x', newPassword: 'yyyyyy' }))
        .statusCode,
    ).toBe(420);
  });

  it('applies only one of two changes made at once', async () => {
    const admin = await signUpAdmin(ctx);
    const change = (newPassword: string) =>
      post(
        '/api/auth/change-password',
        { currentPassword: admin.password, newPassword },
        bearer(admin.token),
      );
    const results = await Promise.all([change('first new one'), change('second new one')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const winner = results[0]!.statusCode === 200 ? 'first new one' : 'second new one';
    expect((await login(admin.email, winner)).statusCode).toBe(200);
  });
});

describe('POST /api/auth/forgot-password and /api/auth/reset-password', () => {
  const forgotAnswer = { message: PASSWORD_MESSAGES.resetCodeSent };

  it('answers the same for an account and for no account, and mails a code to the account', async () => {
    const admin = await signUpAdmin(ctx);
    const known = await post('/api/auth/forgot-password', { email: admin.email });
    const unknown = await post('/api/auth/forgot-password', { email: 'nobody@example.com' });
    const unknownFirm = await post('/api/auth/forgot-password', {
      email: admin.email,
      adminEmail: 'nobody@example.com',
    });
    for (const res of [known, unknown, unknownFirm]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(forgotAnswer);
    }
    expect(await resetCodeFor(admin.email)).toMatch(/^\d{6}$/);
    expect(ctx.smtp.received.some((m) => m.to.includes('nobody@example.com'))).toBe(false);
  });

  it('resets with the code once, ends every earlier session, and the old password stops working', async () => {
    const admin = await signUpAdmin(ctx);
    await post('/api/auth/forgot-password', { email: admin.email });
    const otp = await resetCodeFor(admin.email);
    const res = await post('/api/auth/reset-password', {
      email: admin.email,
      otp,
      password: 'reset and renewed',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: PASSWORD_MESSAGES.passwordReset, revokedApiKeys: [] });
    expect((await checkUser(bearer(admin.token))).statusCode).toBe(420);
    expect((await login(admin.email, admin.password)).statusCode).toBe(401);
    expect((await login(admin.email, 'reset and renewed')).statusCode).toBe(200);

    const again = await post('/api/auth/reset-password', {
      email: admin.email,
      otp,
      password: 'another one',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MESSAGES.expiredOtp);
  });

  it('resets an employee’s password, named by their admin’s email', async () => {
    const admin = await adminOnPlan(ctx, 'pro');
    const head = await employeeOf(ctx, admin, 'head');
    await post('/api/auth/forgot-password', { email: head.email, adminEmail: admin.email });
    const otp = await resetCodeFor(head.email);
    const res = await post('/api/auth/reset-password', {
      email: head.email,
      adminEmail: admin.email,
      otp,
      password: 'head of things',
    });
    expect(res.statusCode).toBe(200);
    expect((await checkUser(head.headers)).statusCode).toBe(420);
    const relogin = await post('/api/auth/login-others', {
      role: 'head',
      email: head.email,
      password: 'head of things',
      adminEmail: admin.email,
    });
    expect(relogin.statusCode).toBe(200);
  });

  it('refuses an expired code, a wrong one, and the right one after 5 wrong tries', async () => {
    const admin = await signUpAdmin(ctx);
    await post('/api/auth/forgot-password', { email: admin.email });
    const otp = await resetCodeFor(admin.email);
    const wrong = otp === '000000' ? '111111' : '000000';
    const reset = (code: string) =>
      post('/api/auth/reset-password', { email: admin.email, otp: code, password: 'newpass1' });
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) messages.push((await reset(wrong)).json().message);
    expect(messages).toEqual([...Array(4).fill(MESSAGES.invalidOtp), MESSAGES.otpAttemptsExceeded]);
    expect((await reset(otp)).json().message).toBe(MESSAGES.expiredOtp);

    // A new code a minute later, past its 15 minutes.
    await setUpDb(ctx)
      .updateTable('password_resets')
      .set({ sent_at: new Date(Date.now() - 61_000) })
      .execute();
    ctx.smtp.received.length = 0;
    await post('/api/auth/forgot-password', { email: admin.email });
    const fresh = await resetCodeFor(admin.email);
    const row = await setUpDb(ctx)
      .selectFrom('password_resets')
      .innerJoin('users', 'users.id', 'password_resets.user_id')
      .select(['expires_at', 'sent_at'])
      .where('users.email', '=', admin.email)
      .executeTakeFirstOrThrow();
    expect(row.expires_at.getTime() - row.sent_at.getTime()).toBeCloseTo(15 * 60_000, -3);
    await setUpDb(ctx)
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect((await reset(fresh)).json().message).toBe(MESSAGES.expiredOtp);
    expect((await login(admin.email, admin.password)).statusCode).toBe(200);
  });

  it('mails at most one code a minute, and answers the same when it does not', async () => {
    const admin = await signUpAdmin(ctx);
    const before = ctx.smtp.received.length;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post('/api/auth/forgot-password', { email: admin.email })),
    );
    for (const res of answers) expect(res.json()).toEqual(forgotAnswer);
    await resetCodeFor(admin.email);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ctx.smtp.received.slice(before).filter((m) => m.to.includes(admin.email))).toHaveLength(
      1,
    );
  });

  it('answers an unknown account like an account without a code, and checks the new password', async () => {
    const unknown = await post('/api/auth/reset-password', {
      email: 'nobody@example.com',
      otp: '123456',
      password: 'whatever1',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(MESSAGES.expiredOtp);
    const short = await post('/api/auth/reset-password', {
      email: 'nobody@example.com',
      otp: '123456',
      password: '123',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual([
      { path: 'password', msg: REGISTER_MESSAGES.passwordTooShort },
    ]);
    const badAdmin = await post('/api/auth/forgot-password', {
      email: 'a@example.com',
      adminEmail: 'not an email',
    });
    expect(badAdmin.statusCode).toBe(400);
    expect(badAdmin.json().errors[0].path).toBe('adminEmail');
  });
});
