import { Worker } from 'node:worker_threads';

/**
 * Scoring threads kept warm between imports. A new thread loads the engine's bundle and
 * compiles it again before it scores at full speed: about half a second of CPU, which every
 * import paid (docs/benchmarks.md, session 12). An import takes its threads from here and gives
 * them back when it is done with them; only a thread that is sound and owes no reply comes
 * back (the pool ends the others), so an import never inherits another's failure or batches.
 *
 * At most `keep` threads wait here, the most that imports use at once; a waiting thread does
 * not keep the process alive, one that dies while waiting is dropped, and `close` ends them all
 * at shutdown. Threads are started on first use: a process that never imports starts none.
 */
export class WarmThreads {
  private readonly waiting = new Map<Worker, () => void>();
  private closed = false;

  constructor(
    private readonly url: URL,
    private readonly keep: number,
  ) {}

  /** A waiting thread, or a new one. */
  take(): Worker {
    for (const [worker, forget] of this.waiting) {
      this.waiting.delete(worker);
      worker.off('exit', forget);
      worker.off('error', forget);
      worker.ref();
      return worker;
    }
    return new Worker(this.url);
  }

  /** A sound thread with no batch in flight, back from an import: it waits for the next. */
  give(worker: Worker): Promise<void> {
    if (this.closed || this.waiting.size >= this.keep)
      return worker.terminate().then(() => undefined);
    // A thread that fails while waiting is forgotten; its error must not reach the process.
    const forget = () => this.waiting.delete(worker);
    worker.on('exit', forget);
    worker.on('error', forget);
    worker.unref();
    this.waiting.set(worker, forget);
    return Promise.resolve();
  }

  /** Ends the waiting threads; threads given back later are ended too. */
  async close(): Promise<void> {
    this.closed = true;
    const ending = [...this.waiting.keys()].map((worker) => worker.terminate());
    this.waiting.clear();
    await Promise.all(ending);
  }
}
