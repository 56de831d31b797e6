import { randomUUID } from 'node:crypto';
import { createHook } from 'node:async_hooks';
import type { UploadResponse } from '@behavio/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { adminOnPlan, importCustomers, uploadFile, setUpDb } from '../../../test/firms.js';
import {
  csvOf,
  customerTable,
  generateCustomers,
  realisticCustomers,
  toCsvBuffer,
} from '../../../test/fixtures/customer-files.js';
import { scoringWorkers } from '../../../test/fixtures/scoring-workers.js';
import { INSIGHT_COLUMNS } from './insight-columns.js';
import { listLoadTables } from './load-tables.js';

/**
 * Imports that score their rows in worker threads (IMPORT_SCORING_THREADS): the same stored
 * insights as scoring in the import's own thread, the next import scores on the same (warm)
 * threads, a failing thread fails the import with nothing written and is not reused, and no
 * thread outlives the services.
 */

/*
 * Every worker thread started in this file, and whether it has ended: a thread is a `WORKER`
 * resource to async_hooks, which sees them without replacing node:worker_threads (a module mock
 * would not reach the server's modules, loaded once per test worker: isolate is off).
 */
const threads = new Map<number, { ended: boolean }>();
const threadWatch = createHook({
  init(asyncId, type) {
    if (type === 'WORKER') threads.set(asyncId, { ended: false });
  },
  destroy(asyncId) {
    const thread = threads.get(asyncId);
    if (thread) thread.ended = true;
  },
});
beforeAll(() => threadWatch.enable());
afterAll(() => threadWatch.disable());

const allThreadsEnded = () =>
  vi.waitFor(() => expect([...threads.values()].filter((t) => !t.ended)).toEqual([]), {
    timeout: 5_000,
  });

const workers = scoringWorkers();

/** The firm's stored insight columns, by customer id. */
const storedInsights = (ctx: TestContext, firmId: string) =>
  setUpDb(ctx)
    .selectFrom('customer_insights')
    .select(['customer_id', ...INSIGHT_COLUMNS])
    .where('firm_id', '=', firmId)
    .orderBy('customer_id')
    .execute();

describe('imports scored in worker threads', () => {
  it('store the same insights as scoring in the import’s own thread, the next import on the same threads, ended at shutdown', async () => {
    const csv = toCsvBuffer(
      customerTable(
        [
          ...generateCustomers(1_500, { seed: 7, optional: true }),
          ...realisticCustomers(1_500, { seed: 8, firstId: 500_001 }),
        ],
        { optional: true },
      ),
    );
    const stored = [];
    for (const [env, options] of [
      [{ IMPORT_SCORING_THREADS: '2' }, { scoringWorker: workers.url }],
      [{ IMPORT_SCORING_THREADS: '0' }, {}],
    ] as const) {
      const ctx = await createTestContext({ ...env, UPLOAD_WAIT_MS: '30000' }, options);
      try {
        // Two firms' imports, one after the other, with the recommendations that follow each.
        for (const admin of [await adminOnPlan(ctx), await adminOnPlan(ctx)]) {
          await importCustomers(ctx, admin, csv);
          stored.push(await storedInsights(ctx, admin.firmId));
        }
      } finally {
        await ctx.close();
      }
    }
    const [inThreads, nextInThreads, inThread] = stored;
    expect(inThreads).toHaveLength(3_000);
    expect(inThreads).toEqual(inThread);
    expect(nextInThreads).toEqual(inThread);
    // The second import took the threads the first gave back.
    expect(threads.size).toBe(2);
    await allThreadsEnded();
  }, 120_000);

  it('fail with the reason a thread gave, leaving nothing written, and end their threads', async () => {
    // Scores the first batch (no insight lines), then breaks: the first batch's customers reach
    // the load table before the failure.
    const breaksOnSecondBatch = workers.script(
      'breaks',
      `let batches = 0;
parentPort.on('message', ({ id }) => {
  if (++batches === 2) throw new Error('the model broke');
  parentPort.postMessage({ id, lines: new Uint8Array(0) });
});`,
    );
    const ctx = await createTestContext(
      { RUN_WORKER: 'false', UPLOAD_WAIT_MS: '0', IMPORT_SCORING_THREADS: '1' },
      { scoringWorker: breaksOnSecondBatch },
    );
    try {
      const admin = await adminOnPlan(ctx);
      const res = await uploadFile(ctx, admin.headers, 'customers.csv', csvOf(9_000));
      const job = { fileId: res.json<UploadResponse>().file_id!, firmId: admin.firmId };
      const fileState = () =>
        setUpDb(ctx)
          .selectFrom('customer_files')
          .select(['status', 'error'])
          .where('id', '=', job.fileId)
          .executeTakeFirstOrThrow();
      const customers = async () =>
        (
          await setUpDb(ctx)
            .selectFrom('customers')
            .select('customer_id')
            .where('firm_id', '=', admin.firmId)
            .execute()
        ).length;
      const attempt = { id: randomUUID(), retryLimit: 2 };

      // An attempt with tries left fails with the thread's reason and is retried later.
      const before = threads.size;
      await expect(
        ctx.services.ingestion.runImport(job, { ...attempt, retryCount: 0 }),
      ).rejects.toThrow('an insights scoring thread failed: the model broke');
      expect(threads.size).toBe(before + 1);
      expect(await fileState()).toEqual({ status: 'processing', error: null });
      expect(await customers()).toBe(0);
      expect(await listLoadTables(ctx.database.db)).toEqual([]);

      // The last try fails the file with a reason for the user.
      await ctx.services.ingestion.runImport(job, { ...attempt, retryCount: 2 });
      expect(await fileState()).toEqual({
        status: 'failed',
        error: 'The import failed unexpectedly. Please upload the file again.',
      });
      expect(await customers()).toBe(0);
      expect(await listLoadTables(ctx.database.db)).toEqual([]);
      await allThreadsEnded();
    } finally {
      await ctx.close();
    }
  }, 120_000);
});
