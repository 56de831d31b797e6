/** Messages between the Excel worker thread (excel-worker.ts) and its runner (excel-runner.ts). */
import type { CustomerFileErrorCode } from './errors.js';
import type { ExcelJob } from './excel-reader.js';

export type { ExcelJob };

export type WorkerToMain =
  | { type: 'batch'; rows: string[][]; numbers: number[] }
  | { type: 'done' }
  | {
      type: 'failure';
      code: CustomerFileErrorCode;
      message: string;
      details: Record<string, unknown>;
    }
  | { type: 'crash'; message: string };

/** The runner acknowledges each batch; the worker keeps at most WORKER_WINDOW batches unacknowledged. */
export type MainToWorker = { type: 'ack' };

export const WORKER_WINDOW = 2;
