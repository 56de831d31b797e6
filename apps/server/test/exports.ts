import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/*
 * Reading the list exports back as a spreadsheet would: the CSV's records and the workbook's
 * typed cells.
 */

/** RFC 4180 records of a CSV (after its byte-order mark). */
export function parseCsv(text: string): string[][] {
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 1; i < text.length; i++) {
    const char = text[i]!;
    if (quoted && char === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && char === '"') {
      quoted = false;
    } else if (quoted) {
      cell += char;
    } else if (char === '"') {
      quoted = true;
    } else if (char === ',') {
      record.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      records.push([...record, cell]);
      record = [];
      cell = '';
      i++;
    } else {
      cell += char;
    }
  }
  if (cell !== '' || record.length > 0) records.push([...record, cell]);
  return records;
}

/** The first worksheet's rows as exceljs reads them (numbers as numbers, text as text). */
export async function readXlsx(body: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow({ includeEmpty: false }, (row) => {
    const values = row.values as unknown[];
    rows.push(Array.from(values.slice(1), (value) => value ?? null));
  });
  // A row ends at its last written cell: empty cells after it are read back as empty.
  const width = rows[0]?.length ?? 0;
  return rows.map((row) => [...row, ...Array<null>(Math.max(0, width - row.length)).fill(null)]);
}

/** Asserts an export download of `format` and answers its records. */
export async function exportedRows(
  res: LightMyRequestResponse,
  format: 'csv' | 'xlsx',
): Promise<unknown[][]> {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-disposition']).toMatch(
    new RegExp(`^attachment; filename="[a-z-]+-\\d{4}-\\d{2}-\\d{2}\\.${format}"$`),
  );
  if (format === 'csv') {
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    return parseCsv(res.body);
  }
  expect(res.headers['content-type']).toBe(
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  );
  return readXlsx(res.rawPayload);
}
