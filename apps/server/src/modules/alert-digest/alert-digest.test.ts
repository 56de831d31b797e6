import type { AlertKind, AlertSeverity } from '@behavio/contract';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { csvOf } from '../../../test/fixtures/customer-files.js';
import {
  adminOnPlan,
  assignInDatabase,
  customerIdsOf,
  employeeOf,
  importCustomers,
  type Admin,
  type Employee,
  setUpDb,
} from '../../../test/firms.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { mailPart, subjectOf } from '../../../test/mail-parts.js';
import type { ReceivedMail } from '../../../test/smtp-listener.js';
import { openDatabase, type DatabaseHandle } from '../../db/database.js';
import { hashPassword } from '../auth/passwords.js';
import { createBoss, JobQueue } from '../jobs/job-queue.js';
import { createMailer, type Mailer } from '../mail/mailer.js';
import { ALERT_DIGEST_QUEUE, AlertDigestService } from './digest.service.js';

/*
 * The daily digest of unread alerts (issue 19, item 4), delivered over real SMTP to the test
 * listener: one email per user per run listing their unread alerts with links to the
 * customers, never an alert twice, nothing for users who turned it off, and one digest per
 * user when two workers run at once. Alerts are inserted directly: the rules that raise them
 * have their own tests.
 */
const PUBLIC_URL = 'https://behavio.example.com';
const CRON = '30 6 * * 1-5';

let ctx: TestContext;
let admin: Admin & { id: string };
let rita: Employee;
let rob: Employee;
let ids: string[];
/** A second handle on the same database (PostgreSQL: its own pool, as another process has). */
let second: DatabaseHandle;
let secondMailer: Mailer;

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL, ALERT_DIGEST_CRON: CRON });
  const signedUp = await adminOnPlan(ctx, 'pro');
  const { id } = await setUpDb(ctx)
    .selectFrom('users')
    .select('id')
    .where('email', '=', signedUp.email)
    .executeTakeFirstOrThrow();
  admin = { ...signedUp, id };
  rita = await employeeOf(ctx, admin, 'rm', 'Rita Rm');
  rob = await employeeOf(ctx, admin, 'rm', 'Rob Rm');
  await importCustomers(ctx, admin, csvOf(8));
  ids = await customerIdsOf(ctx, admin.firmId);
  // Rita has the first four customers, Rob the next two, the last two have no RM.
  await assignInDatabase(ctx, admin.firmId, [
    ...ids.slice(0, 4).map((id) => [id, rita.id] as const),
    ...ids.slice(4, 6).map((id) => [id, rob.id] as const),
  ]);
  second =
    ctx.database.kind === 'postgres'
      ? await openDatabase({ kind: 'postgres', url: connectionString(ctx.database) })
      : ctx.database;
  secondMailer = createMailer({
    smtpUrl: ctx.smtp.url,
    from: ctx.config.mailFrom,
    dataDir: ctx.config.dataDir,
    logger: ctx.services.logger,
  });
}, 120_000);
afterAll(async () => {
  secondMailer.close();
  if (second !== ctx.database) await second.close();
  await ctx.close();
});
beforeEach(async () => {
  await setUpDb(ctx).deleteFrom('alerts').execute();
  await setUpDb(ctx).updateTable('users').set({ alert_digest: 'daily' }).execute();
  ctx.smtp.received.length = 0;
});

const connectionString = (handle: DatabaseHandle) =>
  (handle.pool as unknown as { options: { connectionString: string } }).options.connectionString;

let alertSequence = 0;
async function insertAlert(
  userId: string,
  customerId: string,
  options: {
    severity?: AlertSeverity;
    kind?: AlertKind;
    message?: string;
    createdAt?: Date;
    readAt?: Date;
    firmId?: string;
  } = {},
) {
  alertSequence += 1;
  const row = await setUpDb(ctx)
    .insertInto('alerts')
    .values({
      firm_id: options.firmId ?? admin.firmId,
      user_id: userId,
      customer_id: customerId,
      kind: options.kind ?? 'priority_jump',
      severity: options.severity ?? 'warning',
      message: options.message ?? `alert number ${alertSequence}`,
      ...(options.createdAt ? { created_at: options.createdAt } : {}),
      read_at: options.readAt ?? null,
    })
    .returning(['id', 'message'])
    .executeTakeFirstOrThrow();
  return row;
}

const digestService = (handle: DatabaseHandle, mailer: Mailer) =>
  new AlertDigestService({
    db: handle.db,
    mailer,
    logger: ctx.services.logger,
    appName: ctx.config.appName,
    publicUrl: ctx.config.publicUrl,
  });

const mailsTo = (email: string) => ctx.smtp.received.filter((m) => m.to.includes(email));
const text = (mail: ReceivedMail) => mailPart(mail, 'text/plain');
const customerLink = (id: string) => `${PUBLIC_URL}/customers/${encodeURIComponent(id)}`;
const digested = async (alertIds: string[]) =>
  (
    await setUpDb(ctx)
      .selectFrom('alerts')
      .select(['id', 'digested_at'])
      .where('id', 'in', alertIds)
      .execute()
  ).filter((row) => row.digested_at !== null).length;

describe('the alert digest', () => {
  it('emails each user one message listing their unread alerts, most severe first, with a link to each customer', async () => {
    const hour = (h: number) => new Date(Date.UTC(2026, 10, 25, h, 5));
    const info = await insertAlert(rita.id, ids[0]!, {
      severity: 'info',
      message: 'priority 5.0 → 6.1: a new top bias, loss aversion',
      createdAt: hour(9),
    });
    const critical = await insertAlert(rita.id, ids[1]!, {
      severity: 'critical',
      kind: 'urgency_up',
      message: 'priority 4.1 → 7.8: leverage rose from 1.1 to 2.4',
      createdAt: hour(8),
    });
    const warning = await insertAlert(rita.id, ids[2]!, {
      severity: 'warning',
      message: 'risk level medium → high: trades <monthly> & more',
      createdAt: hour(10),
    });
    const read = await insertAlert(rita.id, ids[3]!, { readAt: new Date() });
    const robs = await insertAlert(rob.id, ids[4]!, { severity: 'critical' });
    const admins = await insertAlert(admin.id, ids[6]!, { severity: 'info' });

    expect(await ctx.services.alertDigest.run()).toEqual({ sent: 3, failed: 0 });

    const [mail, ...more] = mailsTo(rita.email);
    expect(more).toHaveLength(0);
    expect(mail!.to).toEqual([rita.email]);
    expect(mail!.from).toBe('no-reply@behavio.local');
    expect(subjectOf(mail!)).toBe('Behavio: 3 unread alerts');
    const body = text(mail!);
    expect(body).toContain('Hello Rita Rm,');
    const at = (message: string) => body.indexOf(message);
    expect(at(critical.message)).toBeGreaterThan(0);
    expect(at(critical.message)).toBeLessThan(at(warning.message));
    expect(at(warning.message)).toBeLessThan(at(info.message));
    expect(body).toContain(`- Critical: customer ${ids[1]} (2026-11-25 08:05 UTC)`);
    for (const id of ids.slice(0, 3)) expect(body).toContain(customerLink(id));
    expect(body).not.toContain(read.message);
    expect(body).not.toContain(customerLink(ids[3]!));
    expect(body).not.toContain(robs.message);
    expect(body).toContain(`in Settings: ${PUBLIC_URL}/settings`);
    const html = mailPart(mail!, 'text/html');
    expect(html).toContain(`<a href="${customerLink(ids[1]!)}">Open customer ${ids[1]}</a>`);
    expect(html).toContain('trades &lt;monthly&gt; &amp; more');
    expect(html).not.toContain('<monthly>');

    expect(mailsTo(rob.email)).toHaveLength(1);
    expect(text(mailsTo(rob.email)[0]!)).toContain(robs.message);
    expect(subjectOf(mailsTo(rob.email)[0]!)).toBe('Behavio: 1 unread alert');
    expect(text(mailsTo(admin.email)[0]!)).toContain(admins.message);
    expect(await digested([info.id, critical.id, warning.id, robs.id, admins.id])).toBe(5);
    expect(await digested([read.id])).toBe(0);
  });

  it('never lists an alert twice: a later run sends only what came in since, or nothing', async () => {
    const first = [await insertAlert(rita.id, ids[0]!), await insertAlert(rita.id, ids[1]!)];
    expect(await ctx.services.alertDigest.run()).toEqual({ sent: 1, failed: 0 });
    expect(await ctx.services.alertDigest.run()).toEqual({ sent: 0, failed: 0 });
    expect(mailsTo(rita.email)).toHaveLength(1);

    const later = await insertAlert(rita.id, ids[2]!);
    expect(await ctx.services.alertDigest.run()).toEqual({ sent: 1, failed: 0 });
    const [, second] = mailsTo(rita.email);
    expect(subjectOf(second!)).toBe('Behavio: 1 unread alert');
    expect(text(second!)).toContain(later.message);
    for (const alert of first) expect(text(second!)).not.toContain(alert.message);
  });

  it("counts an alert made in the run's first millisecond as made before the run", async () => {
    const startedAt = new Date();
    const alert = await insertAlert(rita.id, ids[0]!);
    // The database keeps microseconds, the run's start has milliseconds.
    await sql`update alerts set created_at = ${startedAt}::timestamptz + interval '400 microseconds'
      where id = ${alert.id}`.execute(setUpDb(ctx));
    expect(await ctx.services.alertDigest.run(startedAt)).toEqual({ sent: 1, failed: 0 });
    expect(text(mailsTo(rita.email)[0]!)).toContain(alert.message);
  });

  it('sends each user one digest when two workers run it at once, every alert exactly once', async () => {
    const workers = [
      digestService(ctx.database, ctx.services.mailer),
      digestService(second, secondMailer),
    ];
    const users = [rita, rob, admin];
    const customerOf = (user: { email: string }, n: number) =>
      user === rita ? ids[n % 4]! : user === rob ? ids[4 + (n % 2)]! : ids[6 + (n % 2)]!;
    for (let round = 1; round <= 4; round++) {
      ctx.smtp.received.length = 0;
      const inserted = new Map<string, string[]>();
      for (const user of users) {
        const messages = [];
        for (let n = 0; n < 3; n++)
          messages.push(
            (
              await insertAlert(user.id, customerOf(user, n), {
                message: `r${round} ${user.email} #${n}`,
              })
            ).message,
          );
        inserted.set(user.email, messages);
      }
      const runs = await Promise.all(workers.map((worker) => worker.run()));
      expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(users.length);
      expect(runs.every((run) => run.failed === 0)).toBe(true);
      for (const user of users) {
        const mails = mailsTo(user.email);
        expect(mails, `round ${round}, ${user.email}`).toHaveLength(1);
        for (const message of inserted.get(user.email)!)
          expect(text(mails[0]!).split(message).length - 1).toBe(1);
      }
    }
    expect((await Promise.all(workers.map((worker) => worker.run()))).map((r) => r.sent)).toEqual([
      0, 0,
    ]);
  });

  it('sends nothing to a user who turned it off, and their unread alerts once they turn it on', async () => {
    const put = (value: 'daily' | 'off') =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/auth/preferences',
        headers: rita.headers,
        payload: { alert_digest: value },
      });
    expect((await put('off')).statusCode).toBe(200);
    const waiting = await insertAlert(rita.id, ids[0]!);
    await insertAlert(rob.id, ids[4]!);
    expect(await ctx.services.alertDigest.run()).toEqual({ sent: 1, failed: 0 });
    expect(mailsTo(rita.email)).toHaveLength(0);
    expect(mailsTo(rob.email)).toHaveLength(1);
    expect(await digested([waiting.id])).toBe(0);

    expect((await put('daily')).statusCode).toBe(200);
    expect(await ctx.services.alertDigest.run()).toEqual({ sent: 1, failed: 0 });
    expect(text(mailsTo(rita.email)[0]!)).toContain(waiting.message);
  });

  it('sends nothing to an unverified user, nor about a customer an RM no longer has', async () => {
    const unverified = await setUpDb(ctx)
      .insertInto('users')
      .values({
        firm_id: admin.firmId,
        role: 'rm',
        name: 'Una Unverified',
        email: 'una@example.com',
        password_hash: await hashPassword('employee-pass'),
        verified_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await assignInDatabase(ctx, admin.firmId, [[ids[7]!, unverified.id]]);
    await insertAlert(unverified.id, ids[7]!);
    // Rob's customer, on an alert of Rita's (as if it was reassigned while the alert was moving).
    const notHers = await insertAlert(rita.id, ids[4]!);
    expect(await ctx.services.alertDigest.run()).toEqual({ sent: 0, failed: 0 });
    expect(ctx.smtp.received).toHaveLength(0);
    expect(await digested([notHers.id])).toBe(0);
    await setUpDb(ctx)
      .updateTable('customers')
      .set({ rm_id: null })
      .where('firm_id', '=', admin.firmId)
      .where('customer_id', '=', ids[7]!)
      .execute();
    await setUpDb(ctx).deleteFrom('users').where('id', '=', unverified.id).execute();
  });

  it('gives the alerts of a digest that could not be sent to the next run', async () => {
    const failing: Mailer = {
      async send(message) {
        if (message.to === rita.email) throw new Error('mailbox unavailable');
        await ctx.services.mailer.send(message);
      },
      close: () => undefined,
    };
    const ritas = await insertAlert(rita.id, ids[0]!);
    await insertAlert(rob.id, ids[4]!);
    expect(await digestService(ctx.database, failing).run()).toEqual({ sent: 1, failed: 1 });
    expect(mailsTo(rita.email)).toHaveLength(0);
    expect(await digested([ritas.id])).toBe(0);

    expect(await ctx.services.alertDigest.run()).toEqual({ sent: 1, failed: 0 });
    expect(text(mailsTo(rita.email)[0]!)).toContain(ritas.message);
    expect(mailsTo(rob.email)).toHaveLength(1);
  });

  it('lists the first 50 in the email and counts the rest, all of them digested', async () => {
    for (let n = 0; n < 53; n++) await insertAlert(rob.id, ids[4]!, { message: `bulk ${n}` });
    await ctx.services.alertDigest.run();
    const [mail] = mailsTo(rob.email);
    expect(subjectOf(mail!)).toBe('Behavio: 53 unread alerts');
    expect(text(mail!).match(/^- Warning:/gm)).toHaveLength(50);
    expect(text(mail!)).toContain(
      `…and 3 more. Open Behavio to see them all: ${PUBLIC_URL}/alerts`,
    );
    const left = await setUpDb(ctx)
      .selectFrom('alerts')
      .select('id')
      .where('digested_at', 'is', null)
      .execute();
    expect(left).toHaveLength(0);
  });

  it('is scheduled at ALERT_DIGEST_CRON (UTC), and the job sends the digest', async () => {
    const { rows } = await sql<{ cron: string; timezone: string }>`
      select cron, timezone from pgboss.schedule where name = ${ALERT_DIGEST_QUEUE}`.execute(
      ctx.database.db,
    );
    expect(rows).toEqual([{ cron: CRON, timezone: 'UTC' }]);

    const alert = await insertAlert(rita.id, ids[0]!);
    await ctx.services.queue.send(ALERT_DIGEST_QUEUE, {});
    await vi.waitFor(() => expect(mailsTo(rita.email)).toHaveLength(1), {
      timeout: 15_000,
      interval: 100,
    });
    expect(text(mailsTo(rita.email)[0]!)).toContain(alert.message);
  });
});

describe('the digest job on two workers', () => {
  it('sends each user one digest when two jobs run on two queue workers at once', async () => {
    // A second worker, as another process runs one: its own queue and digest over `second`.
    const queue = new JobQueue(createBoss(second), ctx.services.logger);
    await queue.start([ALERT_DIGEST_QUEUE]);
    const digest = digestService(second, secondMailer);
    await queue.work(ALERT_DIGEST_QUEUE, async () => {
      await digest.run();
    });
    try {
      const alerts = [
        await insertAlert(rita.id, ids[0]!),
        await insertAlert(rita.id, ids[1]!),
        await insertAlert(rob.id, ids[4]!),
      ];
      const jobs = await Promise.all([
        ctx.services.queue.send(ALERT_DIGEST_QUEUE, {}),
        queue.send(ALERT_DIGEST_QUEUE, {}),
      ]);
      await vi.waitFor(
        async () => {
          const { rows } = await sql<{ state: string }>`
            select state from pgboss.job where id in (${sql.join(jobs)})`.execute(setUpDb(ctx));
          expect(rows.map((row) => row.state)).toEqual(['completed', 'completed']);
        },
        { timeout: 20_000, interval: 100 },
      );
      expect(mailsTo(rita.email)).toHaveLength(1);
      expect(mailsTo(rob.email)).toHaveLength(1);
      for (const alert of alerts.slice(0, 2))
        expect(text(mailsTo(rita.email)[0]!)).toContain(alert.message);
      expect(await digested(alerts.map((alert) => alert.id))).toBe(3);
    } finally {
      await queue.stop();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('the digest beside other transactions', () => {
  it('skips a user another run is digesting, and an alert being changed, until the next run', async () => {
    const client = new pg.Client({ connectionString: connectionString(ctx.database) });
    await client.connect();
    try {
      const ritas = await insertAlert(rita.id, ids[0]!);
      const robsLocked = await insertAlert(rob.id, ids[4]!);
      const robsFree = await insertAlert(rob.id, ids[5]!);
      await client.query('begin');
      // What a run digesting Rita holds, and an alert of Rob's being marked read right now.
      await client.query(
        `select pg_advisory_xact_lock(hashtextextended('behavio:alert-digest:' || $1::text, 0))`,
        [rita.id],
      );
      await client.query('select id from alerts where id = $1 for update', [robsLocked.id]);
      expect(await ctx.services.alertDigest.run()).toEqual({ sent: 1, failed: 0 });
      expect(mailsTo(rita.email)).toHaveLength(0);
      expect(text(mailsTo(rob.email)[0]!)).toContain(robsFree.message);
      expect(text(mailsTo(rob.email)[0]!)).not.toContain(robsLocked.message);
      await client.query('commit');

      expect(await ctx.services.alertDigest.run()).toEqual({ sent: 2, failed: 0 });
      expect(text(mailsTo(rita.email)[0]!)).toContain(ritas.message);
      expect(text(mailsTo(rob.email)[1]!)).toContain(robsLocked.message);
    } finally {
      await client.end();
    }
  });
});
