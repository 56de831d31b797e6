import { PassThrough, type Readable } from 'node:stream';
import {
  EXPORT_MAX_ROWS,
  csvLine,
  escapeFormula,
  type CsvValue,
  type ExportFormat,
} from '@behavio/contract';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { badRequest } from '../errors/app-error.js';

/**
 * The list exports (docs/decisions/0007-list-tools.md): what a list shows, in its sort and with
 * its filters, as CSV or Excel, streamed to the client. Every text cell a spreadsheet would run
 * as a formula is escaped by the contract's escapeFormula (the rule of every CSV the product
 * writes); numbers stay numbers: plain in the CSV, numeric cells in the workbook.
 */

export interface ExportColumn<Row> {
  header: string;
  value: (row: Row) => CsvValue;
}

export interface ExportFile<Row> {
  /** The file name without extension, e.g. `who-to-call-2026-11-26`. */
  name: string;
  format: ExportFormat;
  columns: readonly ExportColumn<Row>[];
  rows: AsyncIterable<readonly Row[]>;
}

/** The media type and OpenAPI words of an export route's success. */
export const EXPORT_RESPONSE = {
  status: 200,
  mediaType: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  description: `The list as shown (sort and filters, every row, at most ${EXPORT_MAX_ROWS.toLocaleString('en-GB')}) as CSV (UTF-8) or Excel`,
};

const MEDIA_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Refuses an export of more than EXPORT_MAX_ROWS before anything is written. */
export function assertExportSize(rows: number): void {
  if (rows > EXPORT_MAX_ROWS) {
    throw badRequest(
      `An export holds at most ${EXPORT_MAX_ROWS.toLocaleString('en-GB')} rows; this list has ${rows.toLocaleString('en-GB')}. Narrow it with a search or filters first.`,
    );
  }
}

/** Answers the file as a download, written while it is sent. */
export function sendExport<Row>(reply: FastifyReply, file: ExportFile<Row>) {
  const body = file.format === 'csv' ? csvStream(file) : xlsxStream(file);
  return reply
    .type(MEDIA_TYPES[file.format])
    .header('content-disposition', `attachment; filename="${file.name}.${file.format}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

/** CSV with a byte-order mark first (Excel then reads UTF-8 names right) and CRLF records. */
function csvStream<Row>(file: ExportFile<Row>): Readable {
  const out = new PassThrough();
  void pump(out, async (write) => {
    await write(`\uFEFF${csvLine(file.columns.map((c) => c.header))}\r\n`);
    for await (const chunk of file.rows) {
      const lines = chunk.map((row) => `${csvLine(file.columns.map((c) => c.value(row)))}\r\n`);
      await write(lines.join(''));
    }
  });
  return out;
}

function xlsxStream<Row>(file: ExportFile<Row>): Readable {
  const out = new PassThrough();
  void pump(
    out,
    async () => {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: out,
        useStyles: false,
        useSharedStrings: false,
      });
      const sheet = workbook.addWorksheet('Export');
      sheet.addRow(file.columns.map((c) => c.header)).commit();
      for await (const chunk of file.rows) {
        for (const row of chunk)
          sheet.addRow(file.columns.map((c) => xlsxCell(c.value(row)))).commit();
      }
      sheet.commit();
      await workbook.commit();
    },
    false,
  );
  return out;
}

/** A workbook cell: numbers and booleans as they are, text escaped, nothing for null. */
function xlsxCell(value: CsvValue): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value;
  return escapeFormula(value);
}

/**
 * Runs `produce` into `out`, waiting for the client when the stream is full; a failure midway
 * ends the download with an error (the client sees a broken file, never a partial one as whole).
 */
async function pump(
  out: PassThrough,
  produce: (write: (text: string) => Promise<void>) => Promise<void>,
  end = true,
): Promise<void> {
  const write = (text: string) =>
    new Promise<void>((resolve) => {
      if (out.write(text)) resolve();
      else out.once('drain', resolve);
    });
  try {
    await produce(write);
    if (end) out.end();
  } catch (error) {
    out.destroy(error as Error);
  }
}

/**
 * The rows of `pageAt(offset)`, `size` at a time, until a page comes back short. Each page of a
 * sorted list sorts it again (top-N), so pages are large: at most 20 reads for the largest export.
 */
export async function* pagesOf<Row>(
  pageAt: (offset: number, size: number) => Promise<Row[]>,
  size = 5000,
): AsyncIterable<Row[]> {
  for (let offset = 0; ; offset += size) {
    const rows = await pageAt(offset, size);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
  }
}

/** Rows already read (an RM's list, a few thousand at most), as the one chunk of an export. */
export async function* oneChunk<Row>(rows: readonly Row[]): AsyncIterable<readonly Row[]> {
  yield rows;
}
