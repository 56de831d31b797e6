import {
  ALLOCATION_COLUMNS,
  ALLOCATION_TOLERANCE,
  OPTIONAL_COLUMNS,
  REQUIRED_COLUMNS,
  type CustomerRecord,
} from '@behavio/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  customerTable,
  generateCustomers,
  minimalXlsx,
  sheetXml,
  toCsvBuffer,
  type Cell,
  type CsvOptions,
} from '../../../../test/fixtures/customer-files.js';
import {
  CustomerFileError,
  parseCustomerFile,
  type AcceptedRow,
  type ParseResult,
  type RejectedRow,
} from './index.js';
import { readNumberCell } from './rows.js';

const HEADER_LINE = REQUIRED_COLUMNS.map((c) => c.name).join(',');

/** The invariants every result must keep. */
function checkResult(result: ParseResult, accepted: AcceptedRow[], rejected: RejectedRow[]): void {
  if (!result.ok) {
    expect(result.error).toBeInstanceOf(CustomerFileError);
    expect(result.error.message.length).toBeGreaterThan(0);
    return;
  }
  const s = result.summary;
  expect(s.accepted + s.rejected).toBe(s.total_rows);
  expect(accepted).toHaveLength(s.accepted);
  expect(rejected).toHaveLength(s.rejected);
  for (const r of rejected) expect(r.problems.length).toBeGreaterThan(0);
  const rows = [...accepted.map((a) => a.row), ...rejected.map((r) => r.row)].sort((a, b) => a - b);
  expect(new Set(rows).size).toBe(rows.length);
  expect(rows.every((r) => r > s.header_row)).toBe(true);
  for (const a of accepted) checkRecord(a.record);
  const ids = accepted.map((a) => a.record.customer_id);
  expect(new Set(ids).size).toBe(ids.length);
}

/** An independent check of an accepted record against the contract's column definitions. */
function checkRecord(record: CustomerRecord): void {
  const r = record as unknown as Record<string, unknown>;
  for (const c of [...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS]) {
    const v = r[c.name];
    const optional = OPTIONAL_COLUMNS.some((o) => o.name === c.name);
    if (optional && v === null) continue;
    switch (c.kind) {
      case 'text':
        expect(typeof v === 'string' && v.length > 0 && v.length <= 64 && v === v.trim()).toBe(
          true,
        );
        break;
      case 'country':
        expect(v).toMatch(/^[A-Z]{3}$/);
        break;
      case 'boolean':
        expect(typeof v).toBe('boolean');
        break;
      default: {
        expect(typeof v === 'number' && Number.isFinite(v)).toBe(true);
        const n = v as number;
        if (c.kind === 'integer') expect(Number.isInteger(n)).toBe(true);
        if ('min' in c && c.min !== undefined) expect(n).toBeGreaterThanOrEqual(c.min);
        if ('max' in c && c.max !== undefined) expect(n).toBeLessThanOrEqual(c.max);
      }
    }
  }
  const sum = ALLOCATION_COLUMNS.reduce((t, k) => t + (r[k] as number), 0);
  expect(sum).toBeLessThanOrEqual(100 + ALLOCATION_TOLERANCE);
}

async function run(buffer: Uint8Array, filename: string) {
  const accepted: AcceptedRow[] = [];
  const rejected: RejectedRow[] = [];
  const result = await parseCustomerFile(
    { buffer, filename },
    {
      maxRows: 500,
      batchSize: 7,
      excel: { mode: 'in-process' },
      onAccepted: (b) => void accepted.push(...b),
      onRejected: (r) => void rejected.push(r),
    },
  );
  checkResult(result, accepted, rejected);
  return { result, accepted, rejected };
}

const tricky = fc.constantFrom<Cell>(
  '',
  ' ',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e400',
  '1e-400',
  '-0',
  '0x1F',
  '１２',
  '12.0',
  '1,5',
  '1.2.3',
  '+',
  '-',
  'TRUE',
  'no',
  'gbr',
  'G B',
  '"',
  '""',
  'a"b',
  '\n',
  '\r\n',
  ',',
  ';',
  '\t',
  '\\',
  '\u0000',
  'é€🙂',
  'x'.repeat(70),
  '999999999999999999999',
  '0.1',
  '100.4',
);

describe('properties', () => {
  it('random bytes never throw: a result, ok or failure, whatever the name', async () => {
    const prefixes = [
      new Uint8Array(),
      new TextEncoder().encode(`${HEADER_LINE}\n`),
      new Uint8Array([0x50, 0x4b, 0x03, 0x04]),
      new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      new Uint8Array([0xef, 0xbb, 0xbf]),
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...prefixes),
        fc.uint8Array({ maxLength: 3_000 }),
        fc.constantFrom('f.csv', 'f.xlsx', 'f.xls', 'f.CSV'),
        async (prefix, bytes, filename) => {
          const buffer = new Uint8Array([...prefix, ...bytes]);
          await run(buffer, filename);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('random text in CSV shape never throws and keeps the counters consistent', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({
          unit: fc.constantFrom('a', '1', '.', ',', ';', '\t', '"', '\n', '\r', ' ', 'é', '-'),
          maxLength: 2_000,
        }),
        async (body) => {
          await run(new TextEncoder().encode(`${HEADER_LINE}\n${body}`), 'f.csv');
        },
      ),
      { numRuns: 300 },
    );
  });

  it('almost-valid rows: consistent counters, only valid records accepted, in every dialect', async () => {
    const names = [...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS].map((c) => c.name);
    const mutation = fc.record({
      row: fc.nat({ max: 29 }),
      column: fc.constantFrom(...names),
      value: tricky,
    });
    const dialect = fc.record<CsvOptions>({
      delimiter: fc.constantFrom(',', ';', '\t'),
      bom: fc.boolean(),
      newline: fc.constantFrom('\n', '\r\n'),
      quote: fc.constantFrom('minimal', 'all'),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 1_000 }),
        fc.array(mutation, { maxLength: 12 }),
        dialect,
        fc.boolean(),
        async (count, seed, mutations, csv, asXlsx) => {
          const records = generateCustomers(count, { seed, optional: true });
          const table = customerTable(records, { optional: true });
          for (const m of mutations) {
            const row = table.rows[m.row % count];
            const c = table.header.indexOf(m.column);
            if (row) row[c] = m.value;
          }
          const { result, accepted, rejected } = asXlsx
            ? await run(minimalXlsx(sheetXml(table)), 'f.xlsx')
            : await run(toCsvBuffer(table, csv), 'f.csv');
          // Mutations may shift columns (a bare separator) or add rows (a bare line break) in CSV,
          // so only untouched files have a known row count.
          if (mutations.length === 0) {
            expect(result.ok && result.summary.total_rows).toBe(count);
            expect(rejected).toEqual([]);
            expect(accepted.map((a) => a.record)).toEqual(records);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('the fast decimal path reads exactly what Number() reads', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
          fc.double({ min: -1e6, max: 1e6, noNaN: true }).map((d) => d.toFixed(6)),
          fc
            .tuple(fc.integer({ min: -1e9, max: 1e9 }), fc.nat({ max: 999_999 }))
            .map(([a, b]) => `${a}.${b}`),
          fc.stringMatching(/^[+-]?\d{1,17}(\.\d{0,17})?$/),
        ),
        (text) => {
          const read = readNumberCell(text);
          const expected = Number(text);
          if (!Number.isFinite(expected)) {
            expect(read).toBeNull();
          } else {
            expect(read?.value).toBe(expected === 0 ? 0 : expected);
          }
        },
      ),
      { numRuns: 5_000 },
    );
  });
});
