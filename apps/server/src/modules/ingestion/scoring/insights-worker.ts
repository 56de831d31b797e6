/**
 * Worker-thread entry that scores an import's rows (scoring-pool.ts). Build entry (tsup):
 * `'insights-worker': 'src/modules/ingestion/scoring/insights-worker.ts'`, so that it lands
 * next to the server bundle as dist/insights-worker.js.
 *
 * Each message is a batch of packed rows; the reply is its COPY lines, in a buffer of their own
 * that moves to the import's thread without a copy. Nothing is caught: a failure ends the
 * thread, and the pool fails the import with its message.
 */
import { parentPort } from 'node:worker_threads';
import { insightLines } from './insight-lines.js';
import { unpackRecords } from './packed-records.js';
import type { ScoreReply, ScoreRequest } from './scoring-pool.js';

const port = parentPort;
if (!port) throw new Error('insights-worker must run in a worker thread');
port.on('message', ({ id, batch }: ScoreRequest) => {
  const reply: ScoreReply = { id, lines: new Uint8Array(insightLines(unpackRecords(batch))) };
  port.postMessage(reply, [reply.lines.buffer]);
});
