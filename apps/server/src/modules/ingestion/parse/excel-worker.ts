/**
 * Worker-thread entry that reads an Excel file off the main event loop. Build entry (tsup):
 * `'excel-worker': 'src/modules/ingestion/parse/excel-worker.ts'`, so that it lands next to
 * the server bundle as dist/excel-worker.js (excel-runner.ts looks for it there).
 *
 * workerData is an ExcelJob; rows go back in batches with flow control (the runner acks each
 * batch; at most WORKER_WINDOW are in flight), so a slow COPY on the main side pauses reading.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { CustomerFileError } from './errors.js';
import { readExcelRows } from './excel-reader.js';
import {
  WORKER_WINDOW,
  type ExcelJob,
  type MainToWorker,
  type WorkerToMain,
} from './excel-protocol.js';

async function main(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('excel-worker must run in a worker thread');
  const post = (message: WorkerToMain) => port.postMessage(message);
  let inFlight = 0;
  let wake: (() => void) | null = null;
  const onMessage = (message: MainToWorker) => {
    if (message.type === 'ack') {
      inFlight--;
      wake?.();
    }
  };
  port.on('message', onMessage);
  try {
    for await (const batch of readExcelRows(workerData as ExcelJob)) {
      post({ type: 'batch', rows: batch.rows, numbers: batch.numbers });
      inFlight++;
      while (inFlight >= WORKER_WINDOW) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = null;
      }
    }
    post({ type: 'done' });
  } catch (error) {
    if (error instanceof CustomerFileError) {
      post({ type: 'failure', code: error.code, message: error.message, details: error.details });
    } else {
      post({ type: 'crash', message: error instanceof Error ? error.message : String(error) });
    }
  } finally {
    // Lets the thread end once the last message is out.
    port.off('message', onMessage);
  }
}

void main();
