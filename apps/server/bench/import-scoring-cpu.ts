/**
 * CPU time per row of an import's scoring path, old and new engines in one run:
 * `npx tsx apps/server/bench/import-scoring-cpu.ts [--ref REF]... [--rows N] [--rounds R]`.
 * A report, not a test.
 *
 * The scoring path is what a scoring thread does with each batch of 2,000 parsed rows
 * (scoring/insight-lines.ts): score every row with `scoreCustomerCompact` and write the COPY
 * lines of its insight columns with the server's serialiser. For a ref whose engine wrote the
 * COPY text itself (a9ea643 and before, `scoreCustomerCopyText`) its own writer is used, as its
 * import did. Two more lines split the working tree's figure: the model alone (its compact
 * insights, no COPY text), and packing the rows for a thread and unpacking them there (the same
 * code for every engine since the threads came).
 *
 * The machine is shared, so wall time says little: each pass reads `process.cpuUsage()` (user +
 * system time) around scoring the same N realistic rows (the import benchmark's generator).
 * Each engine runs in a child process of its own, as it runs in a scoring thread of its own:
 * sharing the serialiser in one process would let one engine's objects slow the code that
 * writes another's. The children take turns, in reversed order every other round, and the
 * first round is a warm-up. Every ref's output is compared with the working tree's first (a
 * ref of another model version differs by design, and says so).
 * Options: --ref REF (repeatable; default main), --rows N (default 200,000), --rounds R
 * (default 7, the first is warm-up).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { availableParallelism, loadavg } from 'node:os';
import type { CustomerRecord } from '@behavio/contract';
import * as current from '../../../packages/insights/src/index.js';
import { CopyLines } from '../src/modules/ingestion/copy-lines.js';
import { copyEscape, insightsCopyText } from '../src/modules/ingestion/insight-columns.js';
import { packRecords, unpackRecords } from '../src/modules/ingestion/scoring/packed-records.js';
import { realisticCustomers } from '../test/fixtures/customer-files.js';
import { loadEngineAt, type Engine } from './engine-at-ref.js';

const args = process.argv.slice(2);
const values = (name: string) => args.flatMap((a, i) => (a === name ? [args[i + 1]!] : []));
const count = (name: string, fallback: number) =>
  Number((values(name)[0] ?? String(fallback)).replace(/[_,]/g, ''));

const rows = count('--rows', 200_000);
const rounds = count('--rounds', 7);
const BATCH = 2_000;
const WORKING_TREE = 'working tree';

/** What a child is asked: a pass of the scoring path, of the model alone, or of packing. */
type Task = 'score' | 'model' | 'pack';
/** A pass's CPU (user + system) and wall milliseconds. */
interface Pass {
  cpu: number;
  wall: number;
}

/** The COPY text of a row's insight columns, as the engine's import wrote it. */
const copyTextOf = (engine: Engine) =>
  engine.scoreCustomerCopyText ??
  ((r: CustomerRecord) => insightsCopyText(engine.scoreCustomerCompact(r)));

/** A child: one engine, the rows, and a pass whenever the parent asks. */
async function child(ref: string) {
  const engine = ref === WORKING_TREE ? current : (await loadEngineAt(ref)).engine;
  const copyText = copyTextOf(engine);
  // A batch's insight lines, as scoring/insight-lines.ts writes them.
  const scoreBatch = (records: readonly CustomerRecord[]) => {
    const lines = new CopyLines(records.length * 600);
    for (const r of records) lines.push(`${copyEscape(r.customer_id)}\t${copyText(r)}`);
    return lines.bytes();
  };
  const modelBatch = (records: readonly CustomerRecord[]) =>
    records.reduce((sum, r) => sum + engine.scoreCustomerCompact(r).priority_score, 1);
  const packBatch = (records: readonly CustomerRecord[]) =>
    unpackRecords(packRecords(records)).length;
  const run = {
    score: (b: CustomerRecord[]) => scoreBatch(b).length,
    model: modelBatch,
    pack: packBatch,
  };
  const data = realisticCustomers(rows, { seed: 42 });
  const batches = Array.from({ length: Math.ceil(rows / BATCH) }, (_, i) =>
    data.slice(i * BATCH, (i + 1) * BATCH),
  );
  const digests = batches.map((b) => createHash('sha256').update(scoreBatch(b)).digest('hex'));
  const pass = (task: Task): Pass => {
    let sink = 0;
    const wall = performance.now();
    const started = process.cpuUsage();
    for (const b of batches) sink += run[task](b);
    const used = process.cpuUsage(started);
    if (sink === 0) throw new Error('nothing was scored');
    return { cpu: (used.user + used.system) / 1000, wall: performance.now() - wall };
  };
  process.on('message', (task: Task) => process.send!(pass(task)));
  process.send!({ digests });
}

/** A child process running one engine. */
interface Contender {
  name: string;
  process: ChildProcess;
  task: Task;
  cpu: number[];
  wall: number[];
}

async function ask<T>(p: ChildProcess, message?: Task): Promise<T> {
  const answer = once(p, 'message') as Promise<[T]>;
  if (message !== undefined) p.send(message);
  return (await answer)[0];
}

async function parent() {
  if (!Number.isInteger(rows) || rows <= 0 || !Number.isInteger(rounds) || rounds < 2) {
    process.stderr.write('--rows must be a positive integer and --rounds at least 2\n');
    process.exit(1);
  }
  const out = (line = '') => process.stdout.write(`${line}\n`);
  const load = () =>
    loadavg()
      .map((x) => x.toFixed(2))
      .join(', ');
  const refs = values('--ref').length > 0 ? values('--ref') : ['main'];
  out(
    `${new Date().toISOString()}, Node.js ${process.version}, ${availableParallelism()} cores, load average ${load()}`,
  );
  out(
    `${rows.toLocaleString('en-GB')} rows in batches of ${BATCH.toLocaleString('en-GB')}, ${rounds} rounds`,
  );
  const contenders: Contender[] = [];
  const digests = new Map<string, string[]>();
  // One child at a time: each extracts its ref's sources into the same place while loading.
  for (const name of [...refs, WORKING_TREE]) {
    const p = fork(import.meta.filename, ['--child', name, '--rows', String(rows)]);
    digests.set(name, (await ask<{ digests: string[] }>(p)).digests);
    contenders.push({ name, process: p, task: 'score', cpu: [], wall: [] });
  }
  const tree = contenders.at(-1)!;
  contenders.push(
    { ...tree, name: `${WORKING_TREE}: model only`, task: 'model', cpu: [], wall: [] },
    { ...tree, name: 'packing for a thread', task: 'pack', cpu: [], wall: [] },
  );
  const expected = digests.get(WORKING_TREE)!;
  for (const ref of refs) {
    const differing = digests.get(ref)!.filter((d, i) => d !== expected[i]).length;
    out(
      `${ref}: ${differing === 0 ? 'the same COPY lines as the working tree' : `${differing} of ${expected.length} batches differ from the working tree's`}`,
    );
  }

  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? contenders : [...contenders].reverse();
    const line: string[] = [];
    for (const c of order) {
      const pass = await ask<Pass>(c.process, c.task);
      line.push(`${c.name} ${pass.cpu.toFixed(0)} ms`);
      if (round > 0) {
        c.cpu.push(pass.cpu);
        c.wall.push(pass.wall);
      }
    }
    out(`round ${round}${round === 0 ? ' (warm-up)' : ''}, load ${load()}: ${line.join(', ')}`);
  }
  for (const c of contenders) c.process.kill();

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
  const perRow = (ms: number) => `${((ms * 1000) / rows).toFixed(2)} µs`;
  const base = contenders[0]!;
  out();
  out('CPU per row over the timed rounds: median, fastest; wall median; against the first ref');
  for (const c of contenders) {
    const m = median(c.cpu);
    const versus =
      c.task === 'score'
        ? `, ${((m / median(base.cpu) - 1) * 100).toFixed(1)}% against ${base.name}`
        : '';
    out(
      `  ${c.name.padEnd(26)} ${perRow(m)}, fastest ${perRow(Math.min(...c.cpu))}; wall ${perRow(median(c.wall))}${versus}`,
    );
  }
  out(`load average at the end: ${load()}`);
}

const childRef = values('--child')[0];
await (childRef === undefined ? parent() : child(childRef));
