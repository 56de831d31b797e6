import type { UploadResponse } from '@behavio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { adminOnPlan, uploadFile } from '../../../test/firms.js';
import { csvOf } from '../../../test/fixtures/customer-files.js';

// Every 2,000-row batch pauses 1.5 s (the test-only hook): firm A's 16,000 rows take 12 s or
// more, firm B's 5 rows one pause. Two import slots, the default. Without the pool, B waits
// for all of A. (B takes 2-3 s on an idle 2-core machine; the bound leaves room for a busy one.)
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ UPLOAD_WAIT_MS: '0', TEST_IMPORT_BATCH_DELAY_MS: '1500' });
});
afterAll(() => ctx.close());

const fileState = (fileId: string) =>
  ctx.database.db
    .selectFrom('customer_files')
    .select(['status', 'heartbeat_at', 'completed_at'])
    .where('id', '=', fileId)
    .executeTakeFirstOrThrow();

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 60_000) {
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

describe('imports of several firms at once', () => {
  it("run side by side: firm B's small file completes while firm A's large import runs, and A's next file waits for A's first", async () => {
    const firmA = await adminOnPlan(ctx, 'business');
    const firmB = await adminOnPlan(ctx, 'free');
    const largeA = await uploaded(firmA.headers, 'large.csv', csvOf(16_000));
    await waitFor(
      () => fileState(largeA),
      (f) => f.heartbeat_at !== null,
    );
    const nextA = await uploaded(firmA.headers, 'next.csv', csvOf(5, {}, {}, 2));

    const started = Date.now();
    const smallB = await uploaded(firmB.headers, 'small.csv', csvOf(5));
    const b = await waitFor(
      () => fileState(smallB),
      (f) => f.status !== 'processing',
    );
    const tookB = Date.now() - started;

    expect(b.status).toBe('completed');
    expect(tookB).toBeLessThan(10_000);
    // A is still importing its large file, and its next file has not started beside it.
    expect(await fileState(largeA)).toMatchObject({ status: 'processing' });
    expect(await fileState(nextA)).toMatchObject({ status: 'processing', heartbeat_at: null });

    const a = await waitFor(
      () => fileState(largeA),
      (f) => f.status !== 'processing',
    );
    const next = await waitFor(
      () => fileState(nextA),
      (f) => f.status !== 'processing',
    );
    expect([a.status, next.status]).toEqual(['completed', 'completed']);
    expect(next.completed_at!.getTime()).toBeGreaterThan(a.completed_at!.getTime());
  }, 90_000);
});
