import { MESSAGES } from '@behavio/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminOnPlan, setUpDb } from '../../../test/firms.js';
import { startWellInsideAMinuteWindow } from '../../../test/rate-limit-window.js';
import {
  createTestContext,
  signUpAdmin,
  uniqueEmail,
  type TestContext,
} from '../../../test/helper.js';
import { hashPassword } from './passwords.js';

/**
 * Counted limits that hold under parallel requests (issue 16, item 3), and rate limits nobody
 * can use to lock another user out (item 6).
 */
describe('one-time codes under parallel guesses', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const post = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, payload });

  /**
   * 20 wrong guesses at once, then the right code. Exactly four are compared and told so, the
   * fifth voids the code and the rest are never compared, so the right code comes too late.
   * (The right code is not raced among the wrong ones: on a pooled server the requests reach
   * the database in any order, and a right code among the first five may rightly succeed.)
   */
  const raceGuesses = async (url: string, body: (otp: string) => object, right: string) => {
    const wrong = right === '000000' ? '111111' : '000000';
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(url, body(wrong))));
    const messages = answers.map((res) => res.json<{ message: string }>().message);
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(400));
    expect(messages.filter((m) => m === MESSAGES.invalidOtp)).toHaveLength(4);
    const late = await post(url, body(right));
    expect(late.statusCode).toBe(400);
    expect(late.json<{ message: string }>().message).not.toBe(MESSAGES.invalidOtp);
  };

  it('verification: 20 parallel wrong guesses void the code, so the right one never verifies the email', async () => {
    for (let run = 0; run < 3; run++) {
      const email = uniqueEmail('race');
      const registered = await post('/api/auth/register', {
        name: 'Race Condition',
        email,
        password: 'secret123',
      });
      expect(registered.statusCode).toBe(201);
      await raceGuesses('/api/auth/verify', (otp) => ({ email, otp }), ctx.smtp.codeFor(email));
      const user = await setUpDb(ctx)
        .selectFrom('users')
        .select('verified_at')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(user.verified_at).toBeNull();
    }
  });

  it('password reset: 20 parallel wrong guesses void the code, so the right one never resets it', async () => {
    const admin = await signUpAdmin(ctx);
    await post('/api/auth/forgot-password', { email: admin.email });
    const code = await vi.waitFor(() => ctx.smtp.codeFor(admin.email, 'password reset'));
    await raceGuesses(
      '/api/auth/reset-password',
      (otp) => ({ email: admin.email, otp, password: 'taken over' }),
      code,
    );
    const login = await post('/api/auth/login', { email: admin.email, password: admin.password });
    expect(login.statusCode).toBe(200);
  });
});

describe('rate limits that cannot lock a user out', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ RATE_LIMIT_EMAIL_PER_MINUTE: '3' });
  });
  afterAll(() => ctx.close());
  beforeEach(() => startWellInsideAMinuteWindow());

  const loginFrom = (remoteAddress: string, url: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, payload, remoteAddress });

  it('an attacker from another address does not lock the real user out', async () => {
    const admin = await signUpAdmin(ctx);
    const guess = () =>
      loginFrom('203.0.113.7', '/api/auth/login', { email: admin.email, password: 'guess123' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await guess()).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const refused = await guess();
    expect(refused.json()).toEqual({
      message: MESSAGES.tooManyAttempts,
      code: 'too_many_requests',
    });

    // The account has seen more attempts than its budget: the real user is slowed, not refused.
    const started = Date.now();
    const real = await loginFrom('198.51.100.20', '/api/auth/login', {
      email: admin.email,
      password: admin.password,
    });
    expect(real.statusCode).toBe(200);
    expect(real.json().token).toEqual(expect.any(String));
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
  });

  it('keeps employees with the same email in two firms in separate buckets', async () => {
    const sharedEmail = uniqueEmail('same.person');
    const firms = [await adminOnPlan(ctx, 'pro'), await adminOnPlan(ctx, 'pro')];
    for (const firm of firms)
      await setUpDb(ctx)
        .insertInto('users')
        .values({
          firm_id: firm.firmId,
          role: 'rm',
          name: 'Same Person',
          email: sharedEmail,
          password_hash: await hashPassword('employee-pass'),
          verified_at: new Date(),
        })
        .execute();
    const loginAt = (adminEmail: string, password: string) =>
      loginFrom('192.0.2.55', '/api/auth/login-others', {
        role: 'rm',
        email: sharedEmail,
        password,
        adminEmail,
      });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await loginAt(firms[0]!.email, 'wrong-pass')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Same address, same email, another firm: its own budget, untouched.
    const other = await loginAt(firms[1]!.email, 'employee-pass');
    expect(other.statusCode).toBe(200);
  });
});
