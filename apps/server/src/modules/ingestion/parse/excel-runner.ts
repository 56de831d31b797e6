/**
 * Runs an Excel read (excel-reader.ts) in a worker thread with a heap limit and an idle
 * timeout, so a crafted file can exhaust only the worker, never the server. Falls back to
 * running in-process when the server runs from TypeScript sources (vitest, tsx), where a
 * worker cannot load a .ts entry.
 *
 * Worker file: `new URL('./excel-worker.js', import.meta.url)`, i.e. next to the module (or
 * bundle) that contains this code: dist/excel-worker.js when tsup has the entry
 * `'excel-worker': 'src/modules/ingestion/parse/excel-worker.ts'`.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { CustomerFileError } from './errors.js';
import type { ExcelJob, RowBatch } from './excel-reader.js';
import type { MainToWorker, WorkerToMain } from './excel-protocol.js';
import { LIMITS } from './limits.js';

export interface ExcelRunnerOptions {
  /**
   * 'auto' (default): the worker when its compiled file exists next to this module, in-process
   * when running from .ts sources; a bundled build without the worker file is a setup error.
   * 'worker' requires the worker; 'in-process' never uses it (no heap limit: trusted files only).
   */
  mode?: 'auto' | 'worker' | 'in-process';
  /** Override the worker file (tests build it with esbuild; other bundle layouts). */
  workerUrl?: URL;
  /** Worker heap (old generation) in MB; default LIMITS.workerHeapMb[kind]. */
  heapMb?: number;
  /** Stop a worker that sends nothing for this long; default LIMITS.workerIdleTimeoutMs. */
  idleTimeoutMs?: number;
}

const WORKER_FILE = './excel-worker.js';

/** Where the runner expects the compiled worker, or null when running from sources. */
export function resolveExcelWorkerUrl(options: ExcelRunnerOptions = {}): URL | null {
  const mode = options.mode ?? 'auto';
  if (mode === 'in-process') return null;
  const url = options.workerUrl ?? new URL(WORKER_FILE, import.meta.url);
  if (url.protocol === 'file:' && existsSync(fileURLToPath(url))) return url;
  if (mode === 'auto' && !options.workerUrl && /\.[cm]?ts$/.test(import.meta.url)) return null;
  throw new Error(
    `The Excel worker ${url.href} does not exist: add 'excel-worker': 'src/modules/ingestion/parse/excel-worker.ts' to the tsup entries`,
  );
}

const tooBig = (reason: string) =>
  new CustomerFileError(
    'unreadable',
    'The Excel file is too large or complex to read: save it as CSV UTF-8 and upload that',
    { reason },
  );

/** Rows of the first sheet, in batches. Throws CustomerFileError for file-level failures. */
export async function* excelRows(
  job: ExcelJob,
  options: ExcelRunnerOptions = {},
  signal?: AbortSignal,
): AsyncGenerator<RowBatch, void, undefined> {
  const url = resolveExcelWorkerUrl(options);
  if (url === null) {
    const { readExcelRows } = await import('./excel-reader.js');
    for await (const batch of readExcelRows(job)) {
      signal?.throwIfAborted();
      yield batch;
    }
    return;
  }
  yield* inWorker(job, url, options, signal);
}

async function* inWorker(
  job: ExcelJob,
  url: URL,
  options: ExcelRunnerOptions,
  signal?: AbortSignal,
): AsyncGenerator<RowBatch, void, undefined> {
  signal?.throwIfAborted();
  const heapMb = options.heapMb ?? LIMITS.workerHeapMb[job.kind];
  const idleMs = options.idleTimeoutMs ?? LIMITS.workerIdleTimeoutMs;
  const worker = new Worker(url, {
    workerData: job,
    resourceLimits: {
      maxOldGenerationSizeMb: heapMb,
      maxYoungGenerationSizeMb: 64,
      stackSizeMb: 4,
    },
  });
  const queue: WorkerToMain[] = [];
  let ended: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = () => wake?.();
  worker.on('message', (message: WorkerToMain) => {
    queue.push(message);
    notify();
  });
  worker.on('error', (error: Error & { code?: string }) => {
    ended ??=
      error.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? tooBig(`worker heap limit of ${heapMb} MB reached`)
        : new CustomerFileError(
            'unreadable',
            'The Excel file could not be read: it may be damaged. Save it again in Excel, or as CSV UTF-8, and upload it again',
            { reason: error.message },
          );
    notify();
  });
  worker.on('exit', (code) => {
    ended ??= tooBig(`the reader stopped (exit code ${code})`);
    notify();
  });
  const onAbort = () => notify();
  signal?.addEventListener('abort', onAbort);
  try {
    for (;;) {
      const message = queue.shift();
      if (message) {
        switch (message.type) {
          case 'batch':
            yield { rows: message.rows, numbers: message.numbers };
            worker.postMessage({ type: 'ack' } satisfies MainToWorker);
            continue;
          case 'done':
            return;
          case 'failure':
            throw new CustomerFileError(message.code, message.message, message.details);
          case 'crash':
            throw new CustomerFileError(
              'unreadable',
              'The Excel file could not be read: it may be damaged. Save it again in Excel, or as CSV UTF-8, and upload it again',
              { reason: message.message },
            );
        }
      }
      if (ended) throw ended;
      signal?.throwIfAborted();
      // Wait for the worker; only this wait counts towards the idle timeout.
      let timer: NodeJS.Timeout | undefined;
      const timedOut = await new Promise<boolean>((resolve) => {
        wake = () => resolve(false);
        timer = setTimeout(() => resolve(true), idleMs);
      });
      clearTimeout(timer);
      wake = null;
      if (timedOut && queue.length === 0 && !ended) {
        throw tooBig(`no rows from the reader for ${idleMs} ms`);
      }
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    await worker.terminate();
  }
}
