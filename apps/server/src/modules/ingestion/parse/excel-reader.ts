/**
 * Reads the rows of the first worksheet of an .xlsx (exceljs) or .xls (SheetJS) file as text
 * cells, in batches. This module runs inside the Excel worker thread in production (see
 * excel-worker.ts) and in-process when the server runs from TypeScript sources (tests, tsx).
 *
 * Cells become strings: numbers with String(n), booleans TRUE/FALSE, dates as ISO text (so a
 * date in a numeric column fails validation), rich text joined, formulas as their cached
 * result, errors as their code (#N/A). Blank rows are skipped. Validation happens elsewhere.
 */
import { readFile, stat } from 'node:fs/promises';
import { posix } from 'node:path';
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { CustomerFileError, formatCount } from './errors.js';
import { LIMITS } from './limits.js';
import { ZipArchive, type ZipEntryInfo } from './zip.js';

export type ExcelKind = 'xlsx' | 'xls';

export interface ExcelJob {
  kind: ExcelKind;
  path: string;
  /** Stop after this many non-blank rows (header included); null reads everything. */
  rowCap: number | null;
  batchRows: number;
  maxColumns: number;
}

export interface RowBatch {
  /** Cells as text, trailing empty cells trimmed. */
  rows: string[][];
  /** The spreadsheet row number of each row (1-based). */
  numbers: number[];
}

export function readExcelRows(job: ExcelJob): AsyncGenerator<RowBatch, void, undefined> {
  return job.kind === 'xlsx' ? readXlsxRows(job) : readXlsRows(job);
}

const tooManyColumns = (count: number | string, maxColumns: number) =>
  new CustomerFileError(
    'too_many_columns',
    `The sheet has more than ${formatCount(maxColumns)} columns: a customers file has about 30`,
    { columns: count, limit: maxColumns },
  );

const unreadable = (reason: string) =>
  new CustomerFileError(
    'unreadable',
    'The Excel file could not be read: it may be damaged. Save it again in Excel, or as CSV UTF-8, and upload it again',
    { reason },
  );

// ---------------------------------------------------------------------------------------------
// Cell values to text

function numberText(n: number): string {
  return String(n);
}

/**
 * Whether a number format shows the value as a percentage: an unquoted, unescaped `%` makes
 * Excel multiply by 100 (`0%`, `0.0%`); `0"%"` or `0\%` only print the sign.
 */
export function isPercentFormat(format: string | undefined): boolean {
  return format !== undefined && format.replace(/"[^"]*"|\\./g, '').includes('%');
}

/**
 * A percent-formatted number as the sheet shows it: 0.45 → "45%", as a CSV saved by Excel
 * writes it, so both read the same (a percent column takes the figure, any other column
 * refuses it). 15 significant digits drop the binary noise of the multiplication.
 */
const percentText = (n: number): string => `${numberText(Number((n * 100).toPrecision(15)))}%`;

/** A cell's text, reading a percent-formatted number as a percentage. */
const formattedNumberText = (n: number, format: string | undefined): string =>
  isPercentFormat(format) ? percentText(n) : numberText(n);

function dateText(d: Date): string {
  if (Number.isNaN(d.getTime())) return 'Invalid date';
  const iso = d.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.replace('.000Z', 'Z');
}

/** exceljs cell value → text. */
export function exceljsCellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      return numberText(value);
    case 'boolean':
      return value ? 'TRUE' : 'FALSE';
    default:
      break;
  }
  if (value instanceof Date) return dateText(value);
  if (typeof value !== 'object') return String(value);
  const o = value as Record<string, unknown>;
  if (Array.isArray(o.richText)) {
    let s = '';
    for (const part of o.richText as { text?: unknown }[])
      s += typeof part.text === 'string' ? part.text : '';
    return s;
  }
  if ('formula' in o || 'sharedFormula' in o) return exceljsCellText(o.result);
  if (typeof o.error === 'string') return o.error;
  if ('text' in o) return exceljsCellText(o.text);
  return '';
}

// ---------------------------------------------------------------------------------------------
// .xlsx: a vetted zip (zip.ts) fed to exceljs's streaming parsers, first worksheet only.

/**
 * The parts of exceljs's stream.xlsx.WorkbookReader used here. They are not in its typings:
 * WorkbookReader.parse() reads the zip forward-only (spooling sheets to temp files when they
 * come before the shared strings, decoding UTF-8 per chunk, with no size guard), so this module
 * does the zip part itself and calls the per-part parsers. Checked at runtime below; pinned by
 * the exceljs 4.4 tests in this folder.
 */
interface WorkbookReaderInternals {
  workbookRels?: { Id?: string; Type?: string; Target?: string }[];
  model?: { sheets?: { name?: string; rId?: string; state?: string }[] };
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(
    iterator: AsyncIterable<string>,
    sheetNo: string,
  ): Generator<{ eventType: string; value: WorksheetReaderInternals }>;
}

interface WorksheetReaderInternals {
  parse(): AsyncGenerator<{ eventType: string; value: unknown }[]>;
}

interface ExcelJsRow {
  number: number;
  values: unknown[] | Record<string, unknown>;
  /** The cell's number format comes from the cached styles. */
  getCell(column: number): { numFmt?: string };
}

function workbookReader(path: string): WorkbookReaderInternals {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  }) as unknown as WorkbookReaderInternals;
  for (const method of [
    '_parseRels',
    '_parseWorkbook',
    '_parseSharedStrings',
    '_parseStyles',
    '_parseWorksheet',
  ] as const) {
    if (typeof reader[method] !== 'function') {
      throw new Error(
        `exceljs WorkbookReader.${method} is missing: this exceljs version is not supported`,
      );
    }
  }
  return reader;
}

const REL_WORKSHEET = /\/worksheet$/;
const REL_SHARED_STRINGS = /\/sharedStrings$/;
const REL_STYLES = /\/styles$/;

function resolveTarget(baseDir: string, target: string): string {
  if (target.startsWith('/')) return posix.normalize(target.slice(1));
  return posix.normalize(posix.join(baseDir, target));
}

/** Column letters → number (A → 1); Infinity when absurd. */
function columnNumber(letters: string): number {
  let n = 0;
  for (let i = 0; i < letters.length; i++) {
    n = n * 26 + (letters.charCodeAt(i) - 64);
    if (n > 1e9) return Infinity;
  }
  return n;
}

/** The <dimension ref="A1:AB100"/> of a sheet's XML head, as its last column number. */
export function dimensionColumns(head: string): number | null {
  const sheetData = head.indexOf('sheetData');
  const scope = sheetData >= 0 ? head.slice(0, sheetData) : head;
  const m = /<(?:\w+:)?dimension\s[^>]*?ref\s*=\s*"([A-Za-z]+)\d*(?::([A-Za-z]+)\d*)?"/.exec(scope);
  if (!m) return null;
  const last = (m[2] ?? m[1] ?? '').toUpperCase();
  return columnNumber(last);
}

async function* textChunks(stream: Readable): AsyncGenerator<string> {
  try {
    for await (const chunk of stream) yield chunk as string;
  } finally {
    stream.destroy();
  }
}

async function* readXlsxRows(job: ExcelJob): AsyncGenerator<RowBatch, void, undefined> {
  const info = await stat(job.path);
  if (info.size > LIMITS.maxXlsxBytes) {
    throw new CustomerFileError(
      'file_too_large',
      `The Excel file is larger than ${formatCount(LIMITS.maxXlsxBytes / 1024 / 1024)} MB: save it as CSV UTF-8 and upload that`,
      { bytes: info.size, limitBytes: LIMITS.maxXlsxBytes },
    );
  }
  const zip = await ZipArchive.open(job.path);
  try {
    yield* readXlsxSheet(zip, job);
  } catch (error) {
    if (error instanceof CustomerFileError) throw error;
    throw unreadable(error instanceof Error ? error.message : String(error));
  } finally {
    await zip.close();
  }
}

async function* readXlsxSheet(
  zip: ZipArchive,
  job: ExcelJob,
): AsyncGenerator<RowBatch, void, undefined> {
  const small = LIMITS.maxSmallPartBytes;
  const need = (name: string): ZipEntryInfo => {
    const entry = zip.get(name);
    if (!entry) throw unreadable(`missing ${name}`);
    return entry;
  };
  let workbookPath = 'xl/workbook.xml';
  if (!zip.get(workbookPath)) {
    const found = [...zip.entries.keys()].find((n) => n.endsWith('/workbook.xml'));
    if (!found) throw unreadable('no workbook.xml: not a spreadsheet');
    workbookPath = found;
  }
  const baseDir = posix.dirname(workbookPath);
  const relsPath = `${baseDir}/_rels/${posix.basename(workbookPath)}.rels`;

  const reader = workbookReader(job.path);
  await reader._parseRels(await zip.openText(need(relsPath), { maxBytes: small }));
  await reader._parseWorkbook(await zip.openText(need(workbookPath), { maxBytes: small }));
  const rels = reader.workbookRels ?? [];
  const relTarget = (type: RegExp) => {
    const rel = rels.find((r) => type.test(r.Type ?? ''));
    return rel?.Target ? resolveTarget(baseDir, rel.Target) : undefined;
  };

  // The first worksheet in tab order (chart sheets and dialog sheets are not worksheets).
  let sheetPath: string | undefined;
  for (const sheet of reader.model?.sheets ?? []) {
    const rel = rels.find((r) => r.Id === sheet.rId);
    if (rel?.Target && REL_WORKSHEET.test(rel.Type ?? '')) {
      sheetPath = resolveTarget(baseDir, rel.Target);
      break;
    }
  }
  if (!sheetPath) throw unreadable('the workbook has no worksheet');
  const sheetEntry = need(sheetPath);

  // Fail fast on an absurd sheet before reading anything big.
  const declared = dimensionColumns(await zip.peekText(sheetEntry, 64 * 1024));
  if (declared !== null && declared > job.maxColumns)
    throw tooManyColumns(declared, job.maxColumns);

  const stylesEntry = zip.get(relTarget(REL_STYLES) ?? `${baseDir}/styles.xml`);
  if (stylesEntry) await reader._parseStyles(await zip.openText(stylesEntry, { maxBytes: small }));
  const sharedEntry = zip.get(relTarget(REL_SHARED_STRINGS) ?? `${baseDir}/sharedStrings.xml`);
  if (sharedEntry) {
    const stream = await zip.openText(sharedEntry, { maxBytes: LIMITS.maxSharedStringsBytes });
    for await (const _ of reader._parseSharedStrings(stream)) {
      // 'cache' mode: the strings are kept on the reader; nothing is yielded.
    }
  }

  const sheetStream = await zip.openText(sheetEntry, { maxBytes: sheetEntry.uncompressedSize });
  const sheetNo = /(\d+)\.xml$/.exec(sheetPath)?.[1] ?? '1';
  const created = reader._parseWorksheet(textChunks(sheetStream), sheetNo).next();
  const worksheet = created.done ? undefined : created.value.value;
  if (!worksheet) throw unreadable('exceljs did not open the worksheet');
  let rows: string[][] = [];
  let numbers: number[] = [];
  let nonBlank = 0;
  let lastNumber = 0;
  try {
    for await (const events of worksheet.parse()) {
      for (const event of events) {
        if (event.eventType !== 'row') continue;
        const row = event.value as ExcelJsRow;
        const number = Number.isFinite(row.number) && row.number > 0 ? row.number : lastNumber + 1;
        lastNumber = number;
        const values = row.values;
        if (!Array.isArray(values)) continue;
        const cells: string[] = [];
        let last = 0;
        for (let c = 1; c < values.length; c++) {
          const value = values[c];
          const text =
            typeof value === 'number'
              ? formattedNumberText(value, row.getCell(c).numFmt)
              : exceljsCellText(value);
          cells.push(text);
          if (text !== '' && text.trim() !== '') last = c;
        }
        if (last === 0) continue; // blank row
        if (last > job.maxColumns) throw tooManyColumns(last, job.maxColumns);
        cells.length = last;
        rows.push(cells);
        numbers.push(number);
        nonBlank++;
        if (job.rowCap !== null && nonBlank >= job.rowCap) {
          yield { rows, numbers };
          return;
        }
      }
      if (rows.length >= job.batchRows) {
        yield { rows, numbers };
        rows = [];
        numbers = [];
      }
    }
  } finally {
    sheetStream.destroy();
  }
  if (rows.length > 0) yield { rows, numbers };
}

// ---------------------------------------------------------------------------------------------
// .xls: SheetJS reads the whole file; callers bound it (size limit, worker heap and timeout).

interface SheetJsCell {
  t?: string;
  v?: unknown;
  w?: string;
  /** The number format (read with cellNF). */
  z?: string;
}

function sheetJsCellText(cell: SheetJsCell | undefined): string {
  if (!cell) return '';
  const v = cell.v;
  switch (cell.t) {
    case 'n':
      return typeof v === 'number' ? formattedNumberText(v, cell.z) : '';
    case 's':
      return typeof v === 'string' ? v : String(v ?? '');
    case 'b':
      return v ? 'TRUE' : 'FALSE';
    case 'd':
      return v instanceof Date ? dateText(v) : String(v ?? '');
    case 'e':
      return cell.w ?? '#ERROR';
    default:
      return v === undefined || v === null ? '' : String(v);
  }
}

async function* readXlsRows(job: ExcelJob): AsyncGenerator<RowBatch, void, undefined> {
  const info = await stat(job.path);
  if (info.size > LIMITS.maxXlsBytes) {
    throw new CustomerFileError(
      'file_too_large',
      `.xls files are limited to ${formatCount(LIMITS.maxXlsBytes / 1024 / 1024)} MB: save the file as .xlsx or CSV UTF-8 and upload that`,
      { bytes: info.size, limitBytes: LIMITS.maxXlsBytes },
    );
  }
  const XLSX = await import('@e965/xlsx');
  const buffer = await readFile(job.path);
  let sheet: Record<string, unknown> | undefined;
  try {
    const workbook = XLSX.read(buffer, {
      type: 'buffer',
      dense: true,
      cellDates: true,
      cellFormula: false,
      cellHTML: false,
      cellNF: true,
      cellStyles: false,
      cellText: false,
      sheets: 0,
      // Slack for blank rows: the loop below stops at rowCap non-blank rows.
      ...(job.rowCap !== null ? { sheetRows: job.rowCap + 1_000 } : {}),
    });
    const name = workbook.SheetNames[0];
    sheet =
      name === undefined
        ? undefined
        : (workbook.Sheets[name] as Record<string, unknown> | undefined);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (/password|encrypt/i.test(reason)) {
      throw new CustomerFileError(
        'unreadable',
        'The Excel file is password-protected: remove the password and upload it again',
        {
          reason,
        },
      );
    }
    throw unreadable(reason);
  }
  if (!sheet) throw unreadable('the workbook has no sheet');
  const ref = typeof sheet['!ref'] === 'string' ? sheet['!ref'] : undefined;
  const data = sheet['!data'] as (SheetJsCell[] | undefined)[] | undefined;
  if (!ref) return; // an empty sheet
  if (!data) {
    // SheetJS returns no data (and no error) for a sheet it could not hold: never pretend empty.
    throw unreadable(`the sheet declares ${ref} but no cells were read`);
  }
  let rows: string[][] = [];
  let numbers: number[] = [];
  let nonBlank = 0;
  for (let r = 0; r < data.length; r++) {
    const row = data[r];
    if (!row) continue;
    const cells: string[] = [];
    let last = 0;
    for (let c = 0; c < row.length; c++) {
      const text = sheetJsCellText(row[c]);
      cells.push(text);
      if (text !== '' && text.trim() !== '') last = c + 1;
    }
    if (last === 0) continue;
    if (last > job.maxColumns) throw tooManyColumns(last, job.maxColumns);
    cells.length = last;
    rows.push(cells);
    numbers.push(r + 1);
    nonBlank++;
    if (job.rowCap !== null && nonBlank >= job.rowCap) break;
    if (rows.length >= job.batchRows) {
      yield { rows, numbers };
      rows = [];
      numbers = [];
    }
  }
  if (rows.length > 0) yield { rows, numbers };
}
