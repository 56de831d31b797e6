/**
 * Benchmark of the insights engine: `npm run bench:insights -- --rows N` (default 1,000,000).
 *
 * Generates N realistic rows in memory from a fixed seed (not timed), then scores them all on
 * one thread with `scoreCustomer` (the full insights: evidence and texts), with
 * `scoreCustomerCompact` (the same without the per-bias evidence), with `customerNumbers` alone
 * (the numbers and the text plan, no words) and `writeTexts` alone (the words written from
 * numbers computed beforehand, as a reader of stored numbers would), and along the import path:
 * the compact insights written as the COPY text of the insight columns by the server's
 * `insightsCopyText`. A report, not a target: prints rows/s against wall
 * time and against the process's CPU time (the fairer figure when other processes share the
 * machine), the load average, and the distribution of segments, urgency and risk levels, so a
 * degenerate model (everything balanced, no high risk) shows up at a glance.
 * Options: --rows N, --seed S.
 */
import { loadavg } from 'node:os';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { RISK_LEVELS, SEGMENTS, URGENCY_LEVELS, type CustomerRecord } from '@behavio/contract';
// The stored form is the server's; this benchmark is a development tool, not part of the engine.
import { insightsCopyText } from '../src/modules/ingestion/insight-columns.js';
import {
  MODEL_VERSION,
  customerNumbers,
  scoreCustomer,
  scoreCustomerCompact,
  writeTexts,
  type CustomerNumbers,
} from '../../../packages/insights/src/index.js';
import { generateCustomers } from '../../../packages/insights/src/testing/random-customers.js';

function argValue(name: string): string | undefined {
  const args = process.argv.slice(2);
  const i = args.indexOf(name);
  if (i >= 0) return args[i + 1];
  return args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}

const rowsArg = argValue('--rows');
const rows = rowsArg === undefined ? 1_000_000 : Number(rowsArg.replace(/[_,]/g, ''));
if (!Number.isInteger(rows) || rows <= 0) {
  process.stderr.write(`--rows must be a positive integer, got ${rowsArg}\n`);
  process.exit(1);
}
const seed = Number(argValue('--seed') ?? 42);
const out = (line = '') => process.stdout.write(`${line}\n`);
const fmt = (n: number) => Math.round(n).toLocaleString('en-GB');

out(`insights model ${MODEL_VERSION}: generating ${fmt(rows)} rows (seed ${seed})...`);
const data: CustomerRecord[] = generateCustomers(rows, seed);

interface Timing {
  wall: number;
  cpu: number;
}

/** Runs `body` over every row once and returns wall and CPU seconds. */
function timed(body: (r: CustomerRecord) => void): Timing {
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < rows; i++) body(data[i]!);
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  const cpu = process.cpuUsage(cpu0);
  return { wall, cpu: (cpu.user + cpu.system) / 1e6 };
}

const report = (label: string, t: Timing) =>
  out(
    `${label.padEnd(38)} ${t.wall.toFixed(3)} s wall = ${fmt(rows / t.wall).padStart(10)} rows/s | ` +
      `${t.cpu.toFixed(3)} s CPU = ${fmt(rows / t.cpu).padStart(10)} rows/s`,
  );

/**
 * A full garbage collection between phases, so a timed pass does not pay for collecting the
 * generator's garbage or the previous pass's output (bench hygiene only; scoring is unchanged).
 */
v8.setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

// Warm-up on a slice so the timed runs measure optimised code, as in a long-running worker.
const warm = Math.min(rows, 50_000);
for (let i = 0; i < warm; i++) {
  scoreCustomer(data[i]!);
  scoreCustomerCompact(data[i]!);
  insightsCopyText(scoreCustomerCompact(data[i]!));
  writeTexts(data[i]!, customerNumbers(data[i]!));
}

let checksum = 0;
const fullPass = () =>
  timed((r) => {
    const insight = scoreCustomer(r);
    // Touch the outputs so nothing can be optimised away.
    checksum += insight.priority_score + insight.recommended_action.length + insight.why.length;
  });
const compactPass = () =>
  timed((r) => {
    const c = scoreCustomerCompact(r);
    checksum += c.priority_score + c.recommended_action.length + c.why.length;
  });

const numbersPass = () =>
  timed((r) => {
    const n = customerNumbers(r);
    checksum += n.priority_score + n.texts.lead_terms.length;
  });

/** The numbers of every row, computed once (untimed) for the words-on-read pass. */
const numbers = new Map<CustomerRecord, CustomerNumbers>();
const wordsPass = () =>
  timed((r) => {
    const w = writeTexts(r, numbers.get(r)!);
    checksum += w.recommended_action.length + w.why.length;
  });

/**
 * The import path: the COPY line is written to a buffer at once, which flattens it; reading a
 * character flattens it here too, so the cost is counted.
 */
const copyPass = () =>
  timed((r) => {
    const line = insightsCopyText(scoreCustomerCompact(r));
    checksum += line.charCodeAt(line.length >> 1);
  });

for (let i = 0; i < rows; i++) numbers.set(data[i]!, customerNumbers(data[i]!));

// Two passes of each, alternating; the faster of each pair is reported.
const passes = [fullPass, compactPass, numbersPass, wordsPass, copyPass];
const bestOf = passes.map((): Timing | undefined => undefined);
for (let round = 0; round < 2; round++) {
  passes.forEach((pass, k) => {
    collect();
    const t = pass();
    const b = bestOf[k];
    bestOf[k] = b === undefined || t.cpu < b.cpu ? t : b;
  });
}

const load = loadavg()
  .map((l) => l.toFixed(2))
  .join(' ');
out(`scored ${fmt(rows)} rows on one thread, best of 2 passes (load average ${load}):`);
report('scoreCustomer (full)', bestOf[0]!);
report('scoreCustomerCompact', bestOf[1]!);
report('customerNumbers (numbers, no words)', bestOf[2]!);
report('writeTexts (words from numbers)', bestOf[3]!);
report('import path (compact + COPY text)', bestOf[4]!);
out(`checksum ${checksum.toFixed(2)}`);

// Distribution (untimed): segments, urgency and risk levels are the same in both variants.
const segments = new Map<string, number>(SEGMENTS.map((s) => [s, 0]));
const urgency = new Map<string, number>(URGENCY_LEVELS.map((s) => [s, 0]));
const risk = new Map<string, number>(RISK_LEVELS.map((s) => [s, 0]));
for (const r of data) {
  const c = scoreCustomerCompact(r);
  segments.set(c.segment, segments.get(c.segment)! + 1);
  urgency.set(c.urgency_level, urgency.get(c.urgency_level)! + 1);
  risk.set(c.risk_level, risk.get(c.risk_level)! + 1);
}

const share = (n: number) => `${((100 * n) / rows).toFixed(1).padStart(5)}%`;
const table = (title: string, counts: Map<string, number>) => {
  out(`${title}:`);
  for (const [k, n] of counts) out(`  ${k.padEnd(15)} ${String(n).padStart(9)}  ${share(n)}`);
};
table('segments', segments);
table('urgency', urgency);
table('risk levels', risk);
