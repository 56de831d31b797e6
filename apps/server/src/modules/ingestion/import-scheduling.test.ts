import type { UploadResponse } from '@behavio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { adminOnPlan, setUpDb, uploadFile, type Admin } from '../../../test/firms.js';
import { csvOf } from '../../../test/fixtures/customer-files.js';

// At the real pace: firm A's 30,000 rows, then their recommendations run, while other firms
// send 5-row files and the live probe is asked every 100 ms. Two import slots, the default.
// On PGlite the database runs in the server's thread: a run of statements that never let the
// event loop turn held every firm's requests for its whole length (issue 36: 68 s for 200,000
// rows); here the run and the import's batches give way between batches.
const ROWS = 30_000;
// On a PostgreSQL server A's 30,000 rows import in a few seconds on a quiet machine, which can
// end before another firm's small file is read (the order this test checks): there each batch
// pauses 300 ms. On PGlite nothing paces the import: its real pace is what is measured.
const onServer = Boolean(process.env.TEST_DATABASE_URL);
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext(
    { UPLOAD_WAIT_MS: '0' },
    onServer ? { afterImportBatch: () => new Promise((r) => setTimeout(r, 300)) } : {},
  );
});
afterAll(() => ctx.close());

const fileState = (fileId: string) =>
  setUpDb(ctx)
    .selectFrom('customer_files')
    .select(['status', 'heartbeat_at', 'completed_at'])
    .where('id', '=', fileId)
    .executeTakeFirstOrThrow();

const runOf = (firmId: string) =>
  ctx.database.db
    .selectFrom('recommendation_runs')
    .select(['requested', 'computed', 'claimed_at'])
    .where('firm_id', '=', firmId)
    .executeTakeFirst();

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 90_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`still waiting: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function uploaded(headers: Record<string, string>, name: string, csv: Buffer) {
  const res = await uploadFile(ctx, headers, name, csv);
  expect(res.statusCode).toBe(201);
  return res.json<UploadResponse>().file_id!;
}

/** Another firm's 5-row file, from upload to imported: its status and the milliseconds taken. */
async function smallFileOf(firm: Admin) {
  const started = Date.now();
  const fileId = await uploaded(firm.headers, 'small.csv', csvOf(5));
  const done = await waitFor(
    () => fileState(fileId),
    (f) => f.status !== 'processing',
  );
  return { status: done.status, ms: Date.now() - started };
}

/**
 * Asks the live probe every 100 ms until stopped; answers the longest time between two
 * answers less the 100 ms pause: how long a request waited at worst, the event loop held.
 */
function probeLive() {
  let stopped = false;
  let worst = 0;
  const probing = (async () => {
    let last = performance.now();
    while (!stopped) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(res.statusCode).toBe(200);
      const now = performance.now();
      worst = Math.max(worst, now - last - 100);
      last = now;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return async () => {
    stopped = true;
    await probing;
    return worst;
  };
}

/**
 * Firm A's large import, then its recommendations run; another firm's small file during each.
 * The run's state is read between A's batches: if nothing can be read while it runs (the
 * thread held), the small file goes after it.
 */
async function measureWhileARuns(firmA: Admin, others: Admin[], large: Buffer) {
  const largeA = await uploaded(firmA.headers, 'large.csv', large);
  await waitFor(
    () => fileState(largeA),
    (f) => f.heartbeat_at !== null,
  );
  const nextA = await uploaded(firmA.headers, 'next.csv', csvOf(5, {}, {}, 2));
  const duringImport = await smallFileOf(others[0]!);
  // A is still importing its large file, and its next file has not started beside it.
  expect(await fileState(largeA)).toMatchObject({ status: 'processing' });
  expect(await fileState(nextA)).toMatchObject({ status: 'processing', heartbeat_at: null });

  const a = await waitFor(
    () => fileState(largeA),
    (f) => f.status !== 'processing',
  );
  // A's recommendations run for its 30,000 customers follows the import.
  await waitFor(
    () => runOf(firmA.firmId),
    (r) => r?.claimed_at != null || Number(r?.computed ?? 0) > 0,
  );
  const duringRun = await smallFileOf(others[1]!);
  const run = await waitFor(
    () => runOf(firmA.firmId),
    (r) => r !== undefined && r.claimed_at === null && Number(r.computed) >= Number(r.requested),
    180_000,
  );
  return { duringImport, duringRun, a, nextA, run };
}

describe('imports of several firms at once', () => {
  it("another firm's small file and the live probe are served at once while firm A's large import and its recommendations run, and A's next file waits for A's first", async () => {
    const firmA = await adminOnPlan(ctx, 'business');
    const others = [await adminOnPlan(ctx, 'free'), await adminOnPlan(ctx, 'free')];
    const large = csvOf(ROWS);
    const stopProbe = probeLive();
    let worstLiveMs = 0;
    const { duringImport, duringRun, a, nextA, run } = await measureWhileARuns(
      firmA,
      others,
      large,
    ).finally(async () => {
      worstLiveMs = await stopProbe();
    });

    expect(duringImport).toMatchObject({ status: 'completed' });
    expect(duringRun).toMatchObject({ status: 'completed' });
    // The bounds of issue 36 are the embedded database's, whose statements run in this thread;
    // on a PostgreSQL server the import's CPU work shares the machine with its backends, so B
    // is held to the bound this test always had there.
    const embedded = ctx.database.kind === 'pglite';
    const smallFileBound = embedded ? 5_000 : 10_000;
    expect.soft(duringImport.ms, "a small file during A's import").toBeLessThan(smallFileBound);
    expect
      .soft(duringRun.ms, "a small file during A's recommendations run")
      .toBeLessThan(smallFileBound);
    if (embedded) expect.soft(worstLiveMs, 'the live probe waited at worst').toBeLessThan(1_000);
    expect(Number(run?.computed)).toBeGreaterThan(0);

    const next = await waitFor(
      () => fileState(nextA),
      (f) => f.status !== 'processing',
    );
    expect([a.status, next.status]).toEqual(['completed', 'completed']);
    expect(next.completed_at!.getTime()).toBeGreaterThan(a.completed_at!.getTime());
  }, 240_000);
});
