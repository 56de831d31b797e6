import type { CustomerRecord } from '@behavio/contract';
import { describe, expect, it } from 'vitest';
import { generateCustomers, realisticCustomers } from '../../../../test/fixtures/customer-files.js';
import { scoringWorkers } from '../../../../test/fixtures/scoring-workers.js';
import { insightLines } from './insight-lines.js';
import { packRecords, unpackRecords } from './packed-records.js';
import { openScorer, resolveScoringWorker } from './scoring-pool.js';
import { WarmThreads } from './warm-threads.js';

// The worker built as production builds it (esbuild, like tsup), run in real worker threads.
const workers = scoringWorkers();

const rows: CustomerRecord[] = [
  ...generateCustomers(1_500, { seed: 3, optional: true }),
  ...generateCustomers(500, { seed: 4 }),
  ...realisticCustomers(1_000, { seed: 5, firstId: 900_001 }),
];
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

/**
 * A worker that answers a batch with the id of its thread: two rows are answered, one row
 * throws, three rows are never answered.
 */
const whoScores = () =>
  workers.script(
    'who-scores',
    `import { threadId } from 'node:worker_threads';
parentPort.on('message', ({ id, batch }) => {
  if (batch.count === 1) throw new Error('one row');
  if (batch.count === 2) parentPort.postMessage({ id, lines: new TextEncoder().encode(String(threadId)) });
});`,
  );

/** The threads that scored the batches, one per batch; the scorer is closed unless asked not to. */
async function threadsOf(
  scorer: ReturnType<typeof openScorer>,
  batches: CustomerRecord[][],
  close = true,
): Promise<number[]> {
  const scored = await Promise.all(batches.map((batch) => scorer.score(batch)));
  if (close) await scorer.close();
  return scored.map((lines) => Number(text(lines)));
}

describe('packed records', () => {
  it('come back as the same rows: texts, numbers, booleans and absent optional columns', () => {
    const back = unpackRecords(packRecords(rows));
    expect(back).toEqual(rows);
    expect(back.some((r) => r.aum === null) && back.some((r) => r.aum !== null)).toBe(true);
    expect(new Set(back.map((r) => r.limit_orders_at_purchase_px))).toEqual(new Set([true, false]));
  });
});

describe('scoring threads', () => {
  it('give the same COPY lines as scoring in-thread, in the batches’ order', async () => {
    const warm = new WarmThreads(workers.url, 2);
    const scorer = openScorer(warm, 2);
    try {
      const batches = [
        rows.slice(0, 1),
        rows.slice(1, 1_200),
        rows.slice(1_200, 1_201),
        rows.slice(1_201),
      ];
      const scored = await Promise.all(batches.map((batch) => scorer.score(batch)));
      expect(scored.map(text)).toEqual(batches.map((batch) => text(insightLines(batch))));
      expect(scored.map(text).join('').split('\n')).toHaveLength(rows.length + 1);
    } finally {
      await scorer.close();
      await warm.close();
    }
  });

  it('fail every waiting batch, and every later one, with the reason a thread gave', async () => {
    const broken = workers.script(
      'throws',
      "parentPort.on('message', () => { throw new Error('the model broke'); });",
    );
    const warm = new WarmThreads(broken, 2);
    const scorer = openScorer(warm, 2);
    try {
      const waiting = [scorer.score(rows.slice(0, 10)), scorer.score(rows.slice(10, 20))];
      for (const batch of waiting)
        await expect(batch).rejects.toThrow('an insights scoring thread failed: the model broke');
      await expect(scorer.score(rows.slice(20, 30))).rejects.toThrow('the model broke');
    } finally {
      await scorer.close();
      await warm.close();
    }
  });

  it('fail a batch whose thread stops without a word', async () => {
    const warm = new WarmThreads(
      workers.script('exits', "parentPort.on('message', () => process.exit(3));"),
      1,
    );
    const scorer = openScorer(warm, 1);
    try {
      await expect(scorer.score(rows.slice(0, 10))).rejects.toThrow(
        'an insights scoring thread stopped (exit code 3)',
      );
    } finally {
      await scorer.close();
      await warm.close();
    }
  });

  it('end their threads on close: a batch still waiting fails, none is taken after', async () => {
    const silent = workers.script('silent', "parentPort.on('message', () => undefined);");
    const warm = new WarmThreads(silent, 2);
    const scorer = openScorer(warm, 2);
    const waiting = expect(scorer.score(rows.slice(0, 10))).rejects.toThrow(
      'the insights scoring threads were closed',
    );
    await scorer.close();
    await waiting;
    await expect(scorer.score(rows.slice(0, 10))).rejects.toThrow('closed');
    await warm.close();
  });

  it('are kept warm for the next import: it scores on the same threads', async () => {
    const warm = new WarmThreads(whoScores(), 2);
    try {
      const first = await threadsOf(openScorer(warm, 2), [rows.slice(0, 2), rows.slice(2, 4)]);
      expect(new Set(first).size).toBe(2);
      const next = await threadsOf(openScorer(warm, 2), [rows.slice(0, 2), rows.slice(2, 4)]);
      expect(new Set(next)).toEqual(new Set(first));
    } finally {
      await warm.close();
    }
  });

  it('keep at most as many waiting threads as imports use at once', async () => {
    const warm = new WarmThreads(whoScores(), 1);
    try {
      const first = await threadsOf(openScorer(warm, 2), [rows.slice(0, 2), rows.slice(2, 4)]);
      const next = await threadsOf(openScorer(warm, 2), [rows.slice(0, 2), rows.slice(2, 4)]);
      // One thread waited for the next import, the other was ended: a new one replaces it.
      expect(next.filter((id) => first.includes(id))).toHaveLength(1);
    } finally {
      await warm.close();
    }
  });

  it('give the next import a new thread in place of one that failed or still owed a reply', async () => {
    const warm = new WarmThreads(whoScores(), 2);
    try {
      // A one-row batch breaks its thread, a two-row batch names it.
      const broken = openScorer(warm, 2);
      const two = [rows.slice(0, 2), rows.slice(2, 4)];
      const brokenThreads = await threadsOf(broken, two, false);
      // One thread still owes a reply when the other breaks: neither is given back.
      const owed = expect(broken.score(rows.slice(0, 3))).rejects.toThrow('one row');
      await expect(broken.score(rows.slice(0, 1))).rejects.toThrow('one row');
      await owed;
      await broken.close();
      const afterFailure = await threadsOf(openScorer(warm, 2), two);
      expect(afterFailure.filter((id) => brokenThreads.includes(id))).toEqual([]);

      // A three-row batch is never answered: the import ends while its thread still owes it.
      const owing = openScorer(warm, 1);
      const [owingThread] = await threadsOf(owing, [rows.slice(0, 2)], false);
      const unanswered = expect(owing.score(rows.slice(0, 3))).rejects.toThrow('closed');
      await owing.close();
      await unanswered;
      const [afterOwing] = await threadsOf(openScorer(warm, 1), [rows.slice(0, 2)]);
      expect(afterOwing).not.toBe(owingThread);
    } finally {
      await warm.close();
    }
  });

  it('score in-thread with no threads asked, or when running from sources', async () => {
    expect(resolveScoringWorker(0, workers.url)).toBeNull();
    // This test runs the pool from its .ts source, where no built worker lies beside it.
    expect(resolveScoringWorker(1)).toBeNull();
    expect(resolveScoringWorker(1, workers.url)).toEqual(workers.url);
    const scorer = openScorer(null, 0);
    expect(text(await scorer.score(rows.slice(0, 5)))).toBe(text(insightLines(rows.slice(0, 5))));
    await scorer.close();
  });

  it('refuses, at start-up, a worker file that is not there, naming the build entry', () => {
    const missing = new URL('./none/insights-worker.js', workers.url);
    expect(() => resolveScoringWorker(2, missing)).toThrow(
      /insights-worker\.js does not exist: add 'insights-worker'/,
    );
  });
});
