import { randomBytes } from 'node:crypto';
import { INVALID_FILE_TYPE_MESSAGE as CONTRACT_INVALID_FILE_TYPE_MESSAGE } from '@behavio/contract';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import {
  REQUIRED_NAMES,
  csvOf,
  customerTable,
  errorOf,
  fakeOleFile,
  generateCustomers,
  parseAll,
  summaryOf,
  toCsvBuffer,
  writeCsvFile,
} from '../../../../test/fixtures/customer-files.js';
import {
  CustomerFileError,
  EMPTY_FILE_MESSAGE,
  INVALID_FILE_TYPE_MESSAGE,
  NO_ROWS_MESSAGE,
  detectCustomerFileType,
  inspectCustomerFile,
  parseCustomerFile,
} from './index.js';

const dir = mkdtempSync(join(tmpdir(), 'behavio-parse-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HEADER = REQUIRED_NAMES.join(',');

describe('file type', () => {
  it('is refused by extension with the spec message', async () => {
    for (const filename of [
      'customers.txt',
      'customers.pdf',
      'customers',
      'customers.csv.exe',
      'x.xlsm',
    ]) {
      const error = errorOf((await parseAll({ buffer: csvOf(2), filename })).result);
      expect(error).toBeInstanceOf(CustomerFileError);
      expect(error.code).toBe('invalid_file_type');
      expect(error.message).toBe(INVALID_FILE_TYPE_MESSAGE);
      expect(INVALID_FILE_TYPE_MESSAGE).toBe(
        'Invalid file type: Please upload only CSV or Excel files',
      );
      // Kept here too, so that the Excel worker bundle does not pull in the contract (and zod).
      expect(INVALID_FILE_TYPE_MESSAGE).toBe(CONTRACT_INVALID_FILE_TYPE_MESSAGE);
    }
  });

  it('accepts extensions in any case', async () => {
    expect(
      summaryOf((await parseAll({ buffer: csvOf(2), filename: 'C.CSV' })).result).accepted,
    ).toBe(2);
    expect(detectCustomerFileType('a.XLSX', Buffer.from('PK\x03\x04rest'))).toBe('xlsx');
    expect(detectCustomerFileType('a.Xls', fakeOleFile(16))).toBe('xls');
  });

  it('takes UTF-8, UTF-16 with its byte-order mark and Windows-1252 text as CSV', () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(HEADER, 'utf16le')]);
    expect(detectCustomerFileType('c.csv', utf16)).toBe('csv');
    expect(detectCustomerFileType('c.csv', Buffer.from(`${HEADER}\nCafé\n`))).toBe('csv');
    expect(detectCustomerFileType('c.csv', Buffer.from(`${HEADER}\nCafé\n`, 'latin1'))).toBe('csv');
  });

  it('lets the content decide between .xlsx and .xls', () => {
    expect(detectCustomerFileType('a.xls', Buffer.from('PK\x03\x04rest'))).toBe('xlsx');
    expect(detectCustomerFileType('a.xlsx', fakeOleFile(16))).toBe('xls');
  });

  it.each([
    ['text named .xlsx', 'c.xlsx', csvOf(3)],
    ['text named .xls', 'c.xls', csvOf(3)],
    ['HTML named .xls', 'c.xls', Buffer.from('<html><table><tr><td>1</td></tr></table></html>')],
    [
      'random bytes named .csv',
      'c.csv',
      Buffer.concat([Buffer.from('customer_id,'), randomBytes(3000)]),
    ],
    ['NUL bytes named .csv', 'c.csv', Buffer.from(`${HEADER}\n\u0000\u0000\u0000\n`)],
    [
      'control bytes in text that is not UTF-8, named .csv',
      'c.csv',
      Buffer.from([0x61, 0x2c, 0xff, 0x01, 0x02, 0x62, 0x0a]),
    ],
    [
      'UTF-16 without its byte-order mark, named .csv',
      'c.csv',
      Buffer.from(`${HEADER}\n`, 'utf16le'),
    ],
    ['a zip named .csv', 'c.csv', Buffer.from('PK\x03\x04\x14\x00\x00\x00')],
    ['an OLE file named .csv', 'c.csv', fakeOleFile(64)],
  ])('refuses %s', async (_name, filename, bytes) => {
    const error = errorOf((await parseAll({ buffer: bytes, filename })).result);
    expect(error.code).toBe('invalid_file_type');
    expect(error.message).toBe(INVALID_FILE_TYPE_MESSAGE);
    expect(() => detectCustomerFileType(filename, bytes)).toThrow(CustomerFileError);
  });
});

describe('empty and row-less files', () => {
  it.each(['c.csv', 'c.xlsx', 'c.xls'])(
    'zero bytes (%s) → "The file is empty"',
    async (filename) => {
      const error = errorOf((await parseAll({ buffer: Buffer.alloc(0), filename })).result);
      expect(error.code).toBe('empty_file');
      expect(error.message).toBe(EMPTY_FILE_MESSAGE);
    },
  );

  it.each([
    ['blank lines only', '\n\n \r\n'],
    ['a BOM only', '\uFEFF'],
    ['separators only', ',,,\n, ,,\n'],
  ])('%s → "The file is empty"', async (_name, text) => {
    const error = errorOf(
      (await parseAll({ buffer: Buffer.from(text), filename: 'c.csv' })).result,
    );
    expect(error.message).toBe(EMPTY_FILE_MESSAGE);
  });

  it.each([
    ['header only', `${HEADER}`],
    ['header and newline', `${HEADER}\r\n`],
    ['header and blank lines', `${HEADER}\n\n,,,,\n   \n`],
  ])('%s → "The file has no customer rows"', async (_name, text) => {
    const error = errorOf(
      (await parseAll({ buffer: Buffer.from(text), filename: 'c.csv' })).result,
    );
    expect(error.code).toBe('no_rows');
    expect(error.message).toBe(NO_ROWS_MESSAGE);
    expect(NO_ROWS_MESSAGE).toBe('The file has no customer rows');
  });
});

describe('limits', () => {
  it('fails once the row limit is exceeded (not at the limit)', async () => {
    const atLimit = await parseAll({ buffer: csvOf(10), filename: 'c.csv' }, { maxRows: 10 });
    expect(summaryOf(atLimit.result).total_rows).toBe(10);
    const over = await parseAll({ buffer: csvOf(11), filename: 'c.csv' }, { maxRows: 10 });
    const error = errorOf(over.result);
    expect(error.code).toBe('too_many_rows');
    expect(error.message).toBe(
      'The file has more than 10 customer rows: split it into smaller files',
    );
  });

  it('stops reading a big file at the row limit', async () => {
    const path = join(dir, 'many.csv');
    await writeCsvFile(path, 50_000);
    let delivered = 0;
    const started = performance.now();
    const result = await parseCustomerFile(
      { path, filename: 'many.csv' },
      { maxRows: 1_000, onAccepted: (b) => void (delivered += b.length) },
    );
    expect(errorOf(result).code).toBe('too_many_rows');
    expect(delivered).toBeLessThanOrEqual(1_000);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('refuses a header or a row with more than 1,000 columns', async () => {
    const wide = Array.from({ length: 1_001 }, (_, i) => `c${i}`).join(',');
    const header = errorOf(
      (await parseAll({ buffer: Buffer.from(`${wide}\n`), filename: 'c.csv' })).result,
    );
    expect(header.code).toBe('too_many_columns');
    expect(header.message).toMatch(/more than 1,000 columns/);
    const row = `${csvOf(1).toString()}${'x,'.repeat(1_000)}x\n`;
    const inRow = errorOf((await parseAll({ buffer: Buffer.from(row), filename: 'c.csv' })).result);
    expect(inRow.code).toBe('too_many_columns');
    expect(inRow.details.row).toBe(3);
  });

  it('refuses a cell longer than 10,000 characters', async () => {
    const text = `${csvOf(1).toString()}C-2,${'A'.repeat(10_001)}\n`;
    const error = errorOf(
      (await parseAll({ buffer: Buffer.from(text), filename: 'c.csv' })).result,
    );
    expect(error.code).toBe('value_too_long');
    expect(error.message).toBe('Row 3 has a value longer than 10,000 characters');
  });
});

describe('inputs, callbacks and inspection', () => {
  it('reads a path, a stream and a buffer alike', async () => {
    const bytes = csvOf(3_000, { delimiter: ';' });
    const path = join(dir, 'same.csv');
    writeFileSync(path, bytes);
    const results = await Promise.all([
      parseAll({ path, filename: 'same.csv' }),
      parseAll({
        stream: Readable.from([bytes.subarray(0, 100), bytes.subarray(100)]),
        filename: 'same.csv',
      }),
      parseAll({ buffer: bytes, filename: 'same.csv' }),
    ]);
    const [a, b, c] = results.map((r) => r.accepted.map((x) => x.copyText));
    expect(a).toHaveLength(3_000);
    expect(b).toEqual(a);
    expect(c).toEqual(a);
  });

  it('delivers exact batches and awaits each callback before reading on', async () => {
    const events: string[] = [];
    let inFlight = 0;
    const sizes: number[] = [];
    const result = await parseCustomerFile(
      { buffer: csvOf(2_500), filename: 'c.csv' },
      {
        batchSize: 1_000,
        onAccepted: async (batch) => {
          inFlight++;
          expect(inFlight).toBe(1);
          sizes.push(batch.length);
          events.push(`start ${batch[0]?.row}`);
          await sleep(20);
          events.push(`end ${batch[0]?.row}`);
          inFlight--;
        },
      },
    );
    expect(summaryOf(result).accepted).toBe(2_500);
    expect(sizes).toEqual([1_000, 1_000, 500]);
    expect(events).toEqual([
      'start 2',
      'end 2',
      'start 1002',
      'end 1002',
      'start 2002',
      'end 2002',
    ]);
  });

  it('calls onHeader once, before any row', async () => {
    const calls: string[] = [];
    await parseCustomerFile(
      { buffer: csvOf(5), filename: 'c.csv' },
      {
        onHeader: async (h) => {
          await sleep(5);
          calls.push(`header ${h.columns.length}`);
        },
        onAccepted: (b) => void calls.push(`rows ${b.length}`),
      },
    );
    expect(calls).toEqual(['header 28', 'rows 5']);
  });

  it('rejects with the abort reason when aborted', async () => {
    const controller = new AbortController();
    const promise = parseCustomerFile(
      { buffer: csvOf(20_000), filename: 'c.csv' },
      {
        batchSize: 100,
        signal: controller.signal,
        onAccepted: () => controller.abort(new Error('stop please')),
      },
    );
    await expect(promise).rejects.toThrow('stop please');
  });

  it('inspects the header and the first rows only', async () => {
    const path = join(dir, 'inspect.csv');
    await writeCsvFile(path, 100_000);
    const started = performance.now();
    const result = await inspectCustomerFile(
      { path, filename: 'inspect.csv' },
      { previewRows: 10 },
    );
    const elapsed = performance.now() - started;
    const summary = summaryOf(result);
    expect(summary).toMatchObject({ total_rows: 10, complete: false, total_columns: 28 });
    expect(summary.preview_rows).toHaveLength(10);
    expect(elapsed).toBeLessThan(500);

    const small = summaryOf(await inspectCustomerFile({ buffer: csvOf(4), filename: 'c.csv' }));
    expect(small).toMatchObject({ total_rows: 4, complete: true });
    const missing = await inspectCustomerFile({
      buffer: toCsvBuffer(customerTable(generateCustomers(1), { omit: ['age'] })),
      filename: 'c.csv',
    });
    expect(errorOf(missing).message).toBe('Missing required columns: age');
  });

  it('throws for programmer errors only', async () => {
    await expect(
      parseCustomerFile({ buffer: csvOf(1), filename: 'c.csv' }, { maxRows: 0 }),
    ).rejects.toThrow(RangeError);
    await expect(
      parseCustomerFile({ path: join(dir, 'nope.csv'), filename: 'nope.csv' }),
    ).rejects.toThrow(/ENOENT/);
  });
});
