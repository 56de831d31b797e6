/**
 * Timing check, run by hand (not a timed assertion):
 *
 *   PARSE_BENCH=1 npx vitest run --project server-pglite apps/server/src/modules/ingestion/parse/parse.bench
 *
 * Prints µs per row for parse + validate of 200,000 generated CSV rows, and rows/s for .xlsx
 * (in-process and in the worker thread).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeCsvFile, writeXlsxFile } from '../../../../test/fixtures/customer-files.js';
import { buildExcelWorker } from '../../../../test/fixtures/worker-build.js';
import { parseCustomerFile, type ParseCustomerFileOptions } from './index.js';

const dir = mkdtempSync(join(tmpdir(), 'behavio-parse-bench-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function time(
  path: string,
  filename: string,
  options: ParseCustomerFileOptions,
  runs: number,
) {
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const result = await parseCustomerFile(
      { path, filename },
      { ...options, onAccepted: () => {} },
    );
    times.push(performance.now() - started);
    if (!result.ok) throw result.error;
    rows = result.summary.total_rows;
  }
  return { rows, ms: median(times), min: Math.min(...times) };
}

describe.skipIf(!process.env.PARSE_BENCH)('parse timing (PARSE_BENCH=1)', () => {
  it('CSV: 200,000 rows', async () => {
    const path = join(dir, 'bench.csv');
    await writeCsvFile(path, 200_000, { optional: true });
    for (const copyText of [true, false]) {
      const { rows, ms, min } = await time(path, 'bench.csv', { copyText }, 7);
      console.log(
        `CSV ${rows} rows, ${(statSync(path).size / 1e6).toFixed(1)} MB, copyText=${copyText}: ` +
          `median ${((ms * 1000) / rows).toFixed(2)} µs/row (best ${((min * 1000) / rows).toFixed(2)}), ` +
          `${Math.round((rows / ms) * 1000)} rows/s`,
      );
      expect(rows).toBe(200_000);
    }
  }, 300_000);

  it('XLSX: 100,000 rows, in-process and in the worker', async () => {
    const path = join(dir, 'bench.xlsx');
    await writeXlsxFile(path, 100_000);
    const worker = await buildExcelWorker();
    try {
      for (const [label, excel] of [
        ['in-process', { mode: 'in-process' as const }],
        ['worker', { workerUrl: worker.url }],
      ] as const) {
        const { rows, ms } = await time(path, 'bench.xlsx', { excel }, 3);
        console.log(
          `XLSX ${rows} rows, ${(statSync(path).size / 1e6).toFixed(1)} MB, ${label}: ` +
            `${Math.round((rows / ms) * 1000)} rows/s (${((ms * 1000) / rows).toFixed(1)} µs/row)`,
        );
      }
    } finally {
      worker.remove();
    }
  }, 600_000);
});
