import { PREFERENCES_MESSAGES, ROLES, type Preferences, type Role } from '@behavio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOnPlan, employeeOf, setUpDb } from '../../../test/firms.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';

/*
 * Each user's alert digest preference (issue 19, item 4): every role of any plan reads and sets
 * their own, never anyone else's; the default is daily; a change is audited.
 */
let ctx: TestContext;
type Person = { id?: string; email: string; headers: Record<string, string> };
const people = {} as Record<'free' | 'pro', Record<Role, Person>>;
let proAdmin: Awaited<ReturnType<typeof adminOnPlan>>;
const URL = '/api/auth/preferences';

const get = (who: Person) => ctx.app.inject({ method: 'GET', url: URL, headers: who.headers });
const put = (who: Person, payload: unknown) =>
  ctx.app.inject({
    method: 'PUT',
    url: URL,
    headers: who.headers,
    payload: payload as object,
  });
const stored = async (email: string) =>
  (
    await setUpDb(ctx)
      .selectFrom('users')
      .select('alert_digest')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
  ).alert_digest;

beforeAll(async () => {
  ctx = await createTestContext();
  for (const plan of ['free', 'pro'] as const) {
    const admin = await adminOnPlan(ctx, plan);
    if (plan === 'pro') proAdmin = admin;
    const firm: Partial<Record<Role, Person>> = { admin };
    for (const role of ROLES.filter((r) => r !== 'admin'))
      firm[role] = await employeeOf(ctx, admin, role);
    people[plan] = firm as Record<Role, Person>;
  }
}, 120_000);
afterAll(() => ctx.close());

describe('GET and PUT /api/auth/preferences', () => {
  it.each(ROLES.flatMap((role) => (['free', 'pro'] as const).map((plan) => [role, plan] as const)))(
    'lets the %s (%s plan) read and set their own, starting at daily',
    async (role, plan) => {
      const me = people[plan][role];
      const res = await get(me);
      expect(res.statusCode).toBe(200);
      expect(res.json<Preferences>()).toEqual({ alert_digest: 'daily' });

      const off = await put(me, { alert_digest: 'off' });
      expect(off.statusCode).toBe(200);
      expect(off.json<Preferences>()).toEqual({ alert_digest: 'off' });
      expect((await get(me)).json<Preferences>()).toEqual({ alert_digest: 'off' });
      expect(await stored(me.email)).toBe('off');
      // Nobody else's changed: the same role in the other firm, and the firm's admin.
      const other = people[plan === 'free' ? 'pro' : 'free'][role];
      expect(await stored(other.email)).toBe('daily');
      if (role !== 'admin') expect(await stored(people[plan].admin.email)).toBe('daily');

      const daily = await put(me, { alert_digest: 'daily' });
      expect(daily.json<Preferences>()).toEqual({ alert_digest: 'daily' });
      expect(await stored(me.email)).toBe('daily');
    },
  );

  it('audits each change, with the value before and after, and not a save that changes nothing', async () => {
    const rm = await employeeOf(ctx, proAdmin, 'rm');
    await put(rm, { alert_digest: 'daily' });
    await put(rm, { alert_digest: 'off' });
    await put(rm, { alert_digest: 'off' });
    await put(rm, { alert_digest: 'daily' });
    const audited = await setUpDb(ctx)
      .selectFrom('audit_events')
      .select(['action', 'actor_email', 'subject_id', 'before', 'after'])
      .where('actor_email', '=', rm.email)
      .orderBy('id')
      .execute();
    expect(audited).toEqual([
      {
        action: 'user.alert_digest_changed',
        actor_email: rm.email,
        subject_id: rm.id,
        before: { alert_digest: 'daily' },
        after: { alert_digest: 'off' },
      },
      {
        action: 'user.alert_digest_changed',
        actor_email: rm.email,
        subject_id: rm.id,
        before: { alert_digest: 'off' },
        after: { alert_digest: 'daily' },
      },
    ]);
  });

  it.each([
    [{ alert_digest: 'weekly' }],
    [{ alert_digest: 'DAILY' }],
    [{ alert_digest: null }],
    [{ alert_digest: true }],
    [{}],
  ])('refuses %j with 400 naming the field, and keeps the setting', async (body) => {
    const me = people.pro.head;
    await put(me, { alert_digest: 'off' });
    const res = await put(me, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      message: PREFERENCES_MESSAGES.alertDigestInvalid,
      errors: [{ path: 'alert_digest', msg: PREFERENCES_MESSAGES.alertDigestInvalid }],
    });
    expect(await stored(me.email)).toBe('off');
    await put(me, { alert_digest: 'daily' });
  });

  it('answers 420 without a valid token, for reading and for setting', async () => {
    const anonymous = { email: '', headers: {} };
    const forged = { email: '', headers: { authorization: 'Bearer not-a-token' } };
    for (const who of [anonymous, forged]) {
      expect((await get(who)).statusCode).toBe(420);
      expect((await put(who, { alert_digest: 'off' })).statusCode).toBe(420);
    }
  });
});
