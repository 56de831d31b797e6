import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathToFileURL } from 'node:url';
import {
  customerTable,
  errorOf,
  generateCustomers,
  parseAll,
  seededRandom,
  summaryOf,
  toXls,
  toXlsx,
  zipBombXlsx,
} from '../../../../test/fixtures/customer-files.js';
import { buildExcelWorker, type BuiltWorker } from '../../../../test/fixtures/worker-build.js';
import { parseCustomerFile, resolveExcelWorkerUrl, type ExcelRunnerOptions } from './index.js';

// The worker built as production builds it (esbuild, like tsup), run in a real worker thread.
let worker: BuiltWorker;
let excel: ExcelRunnerOptions;
beforeAll(async () => {
  worker = await buildExcelWorker();
  excel = { workerUrl: worker.url };
}, 60_000);
afterAll(() => worker?.remove());

const records = generateCustomers(3_000, { seed: 21 });

describe('Excel worker thread', () => {
  it('gives the same rows as the in-process reader, for .xlsx and .xls', async () => {
    const files = [
      { buffer: await toXlsx(customerTable(records)), filename: 'c.xlsx' },
      { buffer: toXls(customerTable(records.slice(0, 500))), filename: 'c.xls' },
    ];
    for (const file of files) {
      const inWorker = await parseAll(file, { excel });
      const inProcess = await parseAll(file, { excel: { mode: 'in-process' } });
      expect(summaryOf(inWorker.result)).toEqual(summaryOf(inProcess.result));
      expect(inWorker.accepted.map((a) => a.copyText)).toEqual(
        inProcess.accepted.map((a) => a.copyText),
      );
      expect(inWorker.accepted.map((a) => a.record)).toEqual(
        records.slice(0, inWorker.accepted.length),
      );
    }
  });

  it('stops the worker early for an inspection', async () => {
    const file = { buffer: await toXlsx(customerTable(records)), filename: 'c.xlsx' };
    const result = await parseCustomerFile(file, { excel, rowCap: 5, previewRows: 5 });
    expect(summaryOf(result)).toMatchObject({ total_rows: 5, complete: false });
  });

  it('passes file-level failures back from the worker', async () => {
    const error = errorOf(
      (await parseAll({ buffer: await zipBombXlsx(200), filename: 'b.xlsx' }, { excel })).result,
    );
    expect(error.code).toBe('zip_bomb');
    expect(error.message).toMatch(/expands to far more data/);
  });

  it('turns the worker running out of heap into a failure, not a crash', async () => {
    // Incompressible notes (random letters): a big shared-strings table for a small heap.
    const rnd = seededRandom(5);
    const note = () =>
      Array.from({ length: 4_000 }, () => String.fromCharCode(97 + Math.floor(rnd() * 26))).join(
        '',
      );
    const big = await toXlsx(customerTable(records, { extras: [{ name: 'note', value: note }] }));
    const error = errorOf(
      (await parseAll({ buffer: big, filename: 'c.xlsx' }, { excel: { ...excel, heapMb: 24 } }))
        .result,
    );
    expect(error.code).toBe('unreadable');
    expect(error.message).toBe(
      'The Excel file is too large or complex to read: save it as CSV UTF-8 and upload that',
    );
  });

  it('stops a worker that goes quiet for longer than the idle timeout', async () => {
    const file = { buffer: await toXlsx(customerTable(records)), filename: 'c.xlsx' };
    const error = errorOf((await parseAll(file, { excel: { ...excel, idleTimeoutMs: 1 } })).result);
    expect(error.code).toBe('unreadable');
    expect(error.details.reason).toMatch(/no rows from the reader/);
  });

  it('rejects with the abort reason and stops the worker', async () => {
    const controller = new AbortController();
    const file = { buffer: await toXlsx(customerTable(records)), filename: 'c.xlsx' };
    const promise = parseCustomerFile(file, {
      excel,
      batchSize: 100,
      signal: controller.signal,
      onAccepted: () => controller.abort(new Error('cancelled')),
    });
    await expect(promise).rejects.toThrow('cancelled');
  });
});

describe('resolveExcelWorkerUrl', () => {
  it('runs in-process from TypeScript sources (vitest, tsx)', () => {
    expect(resolveExcelWorkerUrl()).toBeNull();
    expect(resolveExcelWorkerUrl({ mode: 'in-process' })).toBeNull();
  });

  it('insists on a worker file when one is required or given', () => {
    expect(() => resolveExcelWorkerUrl({ mode: 'worker' })).toThrow(/tsup entries/);
    expect(() =>
      resolveExcelWorkerUrl({ workerUrl: pathToFileURL('/nowhere/excel-worker.js') }),
    ).toThrow(/does not exist/);
    expect(resolveExcelWorkerUrl({ workerUrl: worker.url })).toEqual(worker.url);
  });
});
