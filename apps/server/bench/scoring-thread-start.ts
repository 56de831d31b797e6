/**
 * What an import pays to start its scoring thread cold: `npx tsx apps/server/bench/scoring-thread-start.ts [--rows N] [--rounds R]`.
 * A report, not a test.
 *
 * Builds the insights worker as production does (test/fixtures/worker-build.ts), then scores
 * the same N realistic rows (default 40,000, 20 batches of 2,000) as an import with one scoring
 * thread does, again and again: on a thread started for it (cold: the bundle is loaded and the
 * engine compiled again), then on a thread an earlier round gave back (warm-threads.ts),
 * alternating. Prints the process's CPU time (every thread) and wall time of each, and the
 * medians over the rounds after the first.
 */
import { availableParallelism, loadavg } from 'node:os';
import { openScorer } from '../src/modules/ingestion/scoring/scoring-pool.js';
import { WarmThreads } from '../src/modules/ingestion/scoring/warm-threads.js';
import { realisticCustomers } from '../test/fixtures/customer-files.js';
import { buildInsightsWorker } from '../test/fixtures/worker-build.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]!.replace(/[_,]/g, '')) : fallback;
};
const rows = option('--rows', 40_000);
const rounds = option('--rounds', 7);
const BATCH = 2_000;
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');

const built = await buildInsightsWorker();
const data = realisticCustomers(rows, { seed: 42 });
const batches = Array.from({ length: Math.ceil(rows / BATCH) }, (_, i) =>
  data.slice(i * BATCH, (i + 1) * BATCH),
);

/** An import's scoring on one thread taken from `threads`: CPU and wall milliseconds. */
async function importOn(threads: WarmThreads): Promise<{ cpu: number; wall: number }> {
  const wall = performance.now();
  const started = process.cpuUsage();
  const scorer = openScorer(threads, 1);
  for (const batch of batches) await scorer.score(batch);
  await scorer.close();
  const used = process.cpuUsage(started);
  return { cpu: (used.user + used.system) / 1000, wall: performance.now() - wall };
}

process.stdout.write(
  `${new Date().toISOString()}, Node.js ${process.version}, ${availableParallelism()} cores, load average ${load()}\n` +
    `${rows.toLocaleString('en-GB')} rows in batches of ${BATCH.toLocaleString('en-GB')}, ${rounds} rounds\n`,
);
const warm = new WarmThreads(built.url, 1);
const times = {
  cold: [] as number[],
  warm: [] as number[],
  coldWall: [] as number[],
  warmWall: [] as number[],
};
for (let round = 0; round < rounds; round++) {
  const fresh = new WarmThreads(built.url, 0);
  const cold = await importOn(fresh);
  await fresh.close();
  const reused = await importOn(warm);
  process.stdout.write(
    `round ${round}, load ${load()}: cold ${cold.cpu.toFixed(0)} ms CPU (${cold.wall.toFixed(0)} ms wall), warm ${reused.cpu.toFixed(0)} ms CPU (${reused.wall.toFixed(0)} ms wall)\n`,
  );
  if (round > 0) {
    times.cold.push(cold.cpu);
    times.warm.push(reused.cpu);
    times.coldWall.push(cold.wall);
    times.warmWall.push(reused.wall);
  }
}
await warm.close();
built.remove();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
process.stdout.write(
  `median CPU: cold ${median(times.cold).toFixed(0)} ms, warm ${median(times.warm).toFixed(0)} ms ` +
    `(a cold start costs ${(median(times.cold) - median(times.warm)).toFixed(0)} ms of CPU); ` +
    `median wall: cold ${median(times.coldWall).toFixed(0)} ms, warm ${median(times.warmWall).toFixed(0)} ms; load average ${load()}\n`,
);
