/**
 * A/B benchmark of the insights engine: `npm run bench:insights:ab -- [--ref REF] [--rows N]`.
 *
 * Loads the engine of git ref REF (default HEAD) beside the working tree's, in one process,
 * then scores the same generated rows with both, alternating passes, and prints each output
 * function's median and fastest pass. The machine's speed drifts by 10-15% within an hour
 * (docs/benchmarks.md), so two separate runs of `bench:insights` cannot show a change of a few
 * percent; alternating passes in one process can. It first checks that both give the same
 * output for every row, field for field, so a change cannot hide a changed result: the N
 * generated rows, then the property tests' corpus (`--corpus C` rows of the fast-check
 * arbitrary of any valid row, default 100,000, and the personas).
 * Compared: `scoreCustomer`, `scoreCustomerCompact` and the stored form of an import, the COPY
 * text of the insight columns (the server's `insightsCopyText` of the compact insights; a ref
 * from before the serialiser moved to the server wrote it with `scoreCustomerCopyText`).
 * Options: --ref REF, --rows N (default 1,000,000), --corpus C, --passes P (default 7, the first
 * is warm-up).
 */
import fc from 'fast-check';
import type { CustomerRecord } from '@behavio/contract';
import { insightsCopyText } from '../src/modules/ingestion/insight-columns.js';
import * as current from '../../../packages/insights/src/index.js';
import { customerRecordArb } from '../../../packages/insights/src/testing/arbitrary.js';
import { PERSONAS } from '../../../packages/insights/src/testing/personas.js';
import { generateCustomers } from '../../../packages/insights/src/testing/random-customers.js';
import { loadEngineAt, type Engine } from './engine-at-ref.js';

type Score = (r: CustomerRecord) => unknown;
type Output = 'scoreCustomerCompact' | 'copy text' | 'scoreCustomer';
const OUTPUTS: readonly Output[] = ['scoreCustomerCompact', 'copy text', 'scoreCustomer'];

const scorer = (engine: Engine, output: Output): Score => {
  if (output !== 'copy text') return engine[output];
  const copyText = engine.scoreCustomerCopyText;
  return copyText ?? ((r) => insightsCopyText(engine.scoreCustomerCompact(r)));
};

function option(name: string, fallback: string): string {
  const args = process.argv.slice(2);
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1]! : fallback;
}

const ref = option('--ref', 'HEAD');
const rows = Number(option('--rows', '1000000').replace(/[_,]/g, ''));
const corpus = Number(option('--corpus', '100000').replace(/[_,]/g, ''));
const passes = Number(option('--passes', '7'));
if (!Number.isInteger(rows) || rows <= 0 || !Number.isInteger(passes) || passes < 2) {
  process.stderr.write('--rows must be a positive integer and --passes at least 2\n');
  process.exit(1);
}
const out = (line = '') => process.stdout.write(`${line}\n`);

const { engine: engineA, sha } = await loadEngineAt(ref);
out(`A = ${ref} (${sha}), B = the working tree`);
const data: CustomerRecord[] = generateCustomers(rows, 42);

let differences = 0;
function compare(rowsToCompare: readonly CustomerRecord[], what: string): void {
  const before = differences;
  for (const r of rowsToCompare) {
    for (const output of OUTPUTS) {
      const a = JSON.stringify(scorer(engineA, output)(r));
      const b = JSON.stringify(scorer(current, output)(r));
      if (a !== b && differences++ < 3) out(`different ${output} output:\n  A ${a}\n  B ${b}`);
    }
  }
  out(`outputs compared on ${what}: ${differences - before} differences`);
}
compare(data, `${rows.toLocaleString('en-GB')} generated rows`);
const corpusRows = [
  ...Object.values(PERSONAS),
  ...fc.sample(customerRecordArb, { numRuns: corpus, seed: 42 }),
];
compare(corpusRows, `${corpusRows.length.toLocaleString('en-GB')} property-test rows`);

let sink = 0;
function pass(score: Score): number {
  const t0 = performance.now();
  for (let i = 0; i < rows; i++) {
    const result = score(data[i]!);
    sink += typeof result === 'string' ? result.charCodeAt(result.length >> 1) : 1;
  }
  return performance.now() - t0;
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[xs.length >> 1]!;
const ms = (x: number) => `${x.toFixed(0)} ms`.padStart(8);
for (const output of OUTPUTS) {
  const times = { a: [] as number[], b: [] as number[] };
  for (let p = 0; p < passes; p++) {
    const a = pass(scorer(engineA, output));
    const b = pass(scorer(current, output));
    if (p > 0) {
      times.a.push(a);
      times.b.push(b);
    }
  }
  const change = (median(times.b) / median(times.a) - 1) * 100;
  out(
    `${output.padEnd(22)} median A ${ms(median(times.a))}  B ${ms(median(times.b))}` +
      ` (${change >= 0 ? '+' : ''}${change.toFixed(1)}%)  fastest A ${ms(Math.min(...times.a))}` +
      `  B ${ms(Math.min(...times.b))}`,
  );
}
if (sink === -1) out('unreachable');
process.exit(differences === 0 ? 0 : 1);
