/**
 * Scores an import's rows beside its parser (docs/ingestion.md, "Scoring threads"): the plain
 * insights engine costs more CPU per row than parsing and loading it, so it runs in worker
 * threads of its own while the import's thread goes on parsing and copying. One pool per
 * import, `IMPORT_SCORING_THREADS` threads each (0: in the import's own thread), taken from the
 * process's warm threads (warm-threads.ts) and given back when the import ends.
 *
 * Worker file: `new URL('./insights-worker.js', import.meta.url)`, next to the module (or
 * bundle) that contains this code: dist/insights-worker.js with the tsup entry
 * `'insights-worker': 'src/modules/ingestion/scoring/insights-worker.ts'`. Running from
 * TypeScript sources (tsx, vitest), where a worker cannot load a .ts entry, rows are scored
 * in-thread unless a test hands over a built worker.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { EventLoopUtilization } from 'node:perf_hooks';
import type { Worker } from 'node:worker_threads';
import type { CustomerRecord } from '@behavio/contract';
import { insightLines } from './insight-lines.js';
import { packRecords, type PackedRecords } from './packed-records.js';
import type { WarmThreads } from './warm-threads.js';

/** A batch to score, sent to a scoring thread. */
export interface ScoreRequest {
  id: number;
  batch: PackedRecords;
}

/** A scored batch, sent back: its COPY lines (insightLines). */
export interface ScoreReply {
  id: number;
  lines: Uint8Array<ArrayBuffer>;
}

/** Turns batches of validated rows into the COPY lines of their insights. */
export interface InsightScorer {
  /** The batch's lines, in the batch's order; batches may be scored side by side. */
  score(records: readonly CustomerRecord[]): Promise<Uint8Array>;
  /**
   * Ends the threads (a batch still being scored fails) and answers the seconds spent scoring,
   * summed over the threads (for the import's log: where its time went).
   */
  close(): Promise<{ scoringSeconds: number }>;
}

const WORKER_FILE = './insights-worker.js';

/**
 * The scoring worker's file, or null to score in-thread (no threads asked, or running from
 * sources). A bundled build without the worker file is a setup error, thrown at start-up.
 */
export function resolveScoringWorker(threads: number, workerUrl?: URL): URL | null {
  if (threads === 0) return null;
  const url = workerUrl ?? new URL(WORKER_FILE, import.meta.url);
  if (url.protocol === 'file:' && existsSync(fileURLToPath(url))) return url;
  if (!workerUrl && /\.[cm]?ts$/.test(import.meta.url)) return null;
  throw new Error(
    `The insights scoring worker ${url.href} does not exist: add 'insights-worker': 'src/modules/ingestion/scoring/insights-worker.ts' to the tsup entries`,
  );
}

/** A scorer with `count` threads taken from `threads`, or the import's own thread for null. */
export function openScorer(threads: WarmThreads | null, count: number): InsightScorer {
  return threads === null ? inThread() : new ScoringThreads(threads, count);
}

function inThread(): InsightScorer {
  let milliseconds = 0;
  return {
    async score(records) {
      const started = performance.now();
      const lines = insightLines(records);
      milliseconds += performance.now() - started;
      return lines;
    },
    close: async () => ({ scoringSeconds: milliseconds / 1000 }),
  };
}

interface Pending {
  resolve: (lines: Uint8Array) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
  /** The thread's event-loop use when this import took it: its busy time is counted since. */
  since: EventLoopUtilization;
  /** Removes this import's listeners, before the thread is given back. */
  detach: () => void;
}

class ScoringThreads implements InsightScorer {
  private readonly threads: Thread[];
  private nextId = 0;
  /** Set once a thread failed or the pool closed: every later batch fails with it. */
  private failure: Error | null = null;

  constructor(
    private readonly warm: WarmThreads,
    count: number,
  ) {
    this.threads = Array.from({ length: count }, () => this.start());
  }

  private start(): Thread {
    const worker = this.warm.take();
    const onMessage = ({ id, lines }: ScoreReply) => {
      thread.pending.get(id)?.resolve(lines);
      thread.pending.delete(id);
    };
    const onError = (error: Error) => {
      this.fail(new Error(`an insights scoring thread failed: ${error.message}`, { cause: error }));
    };
    const onExit = (code: number) => {
      this.fail(new Error(`an insights scoring thread stopped (exit code ${code})`));
    };
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    const thread: Thread = {
      worker,
      pending: new Map(),
      since: worker.performance.eventLoopUtilization(),
      detach: () => worker.off('message', onMessage).off('error', onError).off('exit', onExit),
    };
    return thread;
  }

  score(records: readonly CustomerRecord[]): Promise<Uint8Array> {
    if (this.failure) return Promise.reject(this.failure);
    // The thread with the fewest batches waiting.
    const thread = this.threads.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
    const request: ScoreRequest = { id: this.nextId++, batch: packRecords(records) };
    return new Promise((resolve, reject) => {
      thread.pending.set(request.id, { resolve, reject });
      thread.worker.postMessage(request, [request.batch.numbers.buffer]);
    });
  }

  /** The first failure fails every batch still waiting, on every thread. */
  private fail(error: Error) {
    this.failure ??= error;
    for (const thread of this.threads) {
      for (const pending of thread.pending.values()) pending.reject(this.failure);
      thread.pending.clear();
    }
  }

  /** Ending the threads once: an import closes the pool when it is done, and again when it ends. */
  private ended: Promise<{ scoringSeconds: number }> | undefined;

  close(): Promise<{ scoringSeconds: number }> {
    this.ended ??= this.end();
    return this.ended;
  }

  private async end(): Promise<{ scoringSeconds: number }> {
    // Only threads of an import whose scoring never failed, and that owe no reply, go back: a
    // reply still to come would answer the next import's batch of the same number. (A failure
    // drops every waiting batch, so after one no thread can tell what it still owes.)
    const reusable = this.failure === null ? this.threads.filter((t) => t.pending.size === 0) : [];
    this.fail(new Error('the insights scoring threads were closed'));
    // A thread is busy only while it scores a batch: its event loop's active time.
    const busy = this.threads.map((t) => t.worker.performance.eventLoopUtilization(t.since).active);
    await Promise.all(
      this.threads.map((t) => {
        if (!reusable.includes(t)) return t.worker.terminate();
        t.detach();
        return this.warm.give(t.worker);
      }),
    );
    return { scoringSeconds: busy.reduce((sum, ms) => sum + ms, 0) / 1000 };
  }
}
