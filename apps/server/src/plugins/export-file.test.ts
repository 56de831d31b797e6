import { EXPORT_MAX_ROWS } from '@behavio/contract';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { exportedRows } from '../../test/exports.js';
import { AppError } from '../errors/app-error.js';
import { assertExportSize, pagesOf, sendExport, type ExportColumn } from './export-file.js';

/*
 * The export writer on its own: a long list in chunks comes out whole, in order, with every cell
 * a spreadsheet would run escaped and every number a number.
 */

interface Row {
  n: number;
  text: string | null;
}
const COLUMNS: ExportColumn<Row>[] = [
  { header: 'N', value: (row) => row.n },
  { header: 'Text', value: (row) => row.text },
];
const NASTY = ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tx', '\rx', 'plain, "quoted"', '-5', '+7'];

/** Rows 0..count-1: a negative number and a formula-looking text each. */
const rowAt = (i: number): Row => ({
  n: -i - 0.5,
  text: i === 3 ? null : NASTY[i % NASTY.length]!,
});

async function download(format: 'csv' | 'xlsx', count: number) {
  const app = Fastify();
  app.get('/export', (_request, reply) =>
    sendExport(reply, {
      name: `test-${new Date().toISOString().slice(0, 10)}`,
      format,
      columns: COLUMNS,
      rows: pagesOf(
        async (offset, size) =>
          Array.from({ length: Math.max(0, Math.min(size, count - offset)) }, (_, i) =>
            rowAt(offset + i),
          ),
        500,
      ),
    }),
  );
  const rows = await exportedRows(await app.inject({ method: 'GET', url: '/export' }), format);
  await app.close();
  return rows;
}

describe('sendExport', () => {
  it.each(['csv', 'xlsx'] as const)('writes a list of many chunks whole, as %s', async (format) => {
    const rows = await download(format, 2_345);
    expect(rows[0]).toEqual(['N', 'Text']);
    expect(rows).toHaveLength(2_346);
    const number = (i: number) => (format === 'csv' ? String(-i - 0.5) : -i - 0.5);
    expect(rows.slice(1).map((r) => r[0])).toEqual(
      Array.from({ length: 2_345 }, (_, i) => number(i)),
    );
  });

  it('escapes text a spreadsheet would run, and leaves numbers written as text alone', async () => {
    const csv = await download('csv', NASTY.length);
    expect(csv.slice(1).map((r) => r[1])).toEqual([
      "'=1+1",
      "'+SUM(A1)",
      "'-2+3",
      '',
      "'\tx",
      "'\rx",
      'plain, "quoted"',
      '-5',
      '+7',
    ]);
    const xlsx = await download('xlsx', NASTY.length);
    expect(xlsx.slice(1).map((r) => r[1])).toEqual([
      "'=1+1",
      "'+SUM(A1)",
      "'-2+3",
      null,
      "'\tx",
      // XML reads a carriage return as a line feed.
      "'\nx",
      'plain, "quoted"',
      '-5',
      '+7',
    ]);
  });

  it('writes the header alone for an empty list', async () => {
    expect(await download('csv', 0)).toEqual([['N', 'Text']]);
    expect(await download('xlsx', 0)).toEqual([['N', 'Text']]);
  });
});

describe('assertExportSize', () => {
  it(`allows ${EXPORT_MAX_ROWS} rows and refuses one more with a 400 saying what to do`, () => {
    expect(() => assertExportSize(EXPORT_MAX_ROWS)).not.toThrow();
    const refusal = (() => {
      try {
        assertExportSize(EXPORT_MAX_ROWS + 1);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).code).toBe('bad_request');
    expect((refusal as AppError).message).toBe(
      'An export holds at most 100,000 rows; this list has 100,001. Narrow it with a search or filters first.',
    );
  });
});
