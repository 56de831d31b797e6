/**
 * parseCustomerFile: an uploaded customers file (path, stream or buffer) → validated rows,
 * streamed to callbacks in batches, plus a summary with a preview. inspectCustomerFile: the
 * same, stopping after the first rows (to answer the upload before the full import).
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { readCsv, type Delimiter } from './csv-reader.js';
import type { CsvEncoding } from './csv-text.js';
import { CustomerFileError, EMPTY_FILE_MESSAGE, formatCount, invalidFileType } from './errors.js';
import { excelRows, type ExcelRunnerOptions } from './excel-runner.js';
import { detectCustomerFileType, fileTypeFromName, type CustomerFileType } from './file-type.js';
import { HeaderSampler, type HeaderSample } from './header-sample.js';
import { LIMITS } from './limits.js';
import type { RowTarget } from './row-target.js';
import {
  MAX_PREAMBLE_ROWS,
  RowSink,
  type AcceptedRow,
  type ColumnInfo,
  type HeaderInfo,
  type PreviewValue,
  type RejectedRow,
  type RowProblem,
} from './rows.js';

export type CustomerFileInput =
  | { path: string; filename: string }
  | { stream: Readable | AsyncIterable<Uint8Array>; filename: string }
  | { buffer: Uint8Array; filename: string };

export interface ParseCustomerFileOptions {
  /** Fail when the file has more data rows than this (default 2,000,000). */
  maxRows?: number;
  /** Rows in summary.preview_rows (default 5). */
  previewRows?: number;
  /** Stop reading after this many data rows, without failing (summary.complete is false). */
  rowCap?: number | null;
  /** Accepted rows per onAccepted call (default 1,000). */
  batchSize?: number;
  /** Build AcceptedRow.copyText (default true). */
  copyText?: boolean;
  /** Problems kept in summary.sample_problems (default 100). */
  sampleProblems?: number;
  /** The file's header text → the column it holds (a confirmed or saved column mapping). */
  mapping?: ReadonlyMap<string, string>;
  /** Called once, when the header is known and valid, before any row. */
  onHeader?: (header: HeaderInfo) => void | Promise<void>;
  /** Accepted rows in batches; awaited before reading on (back-pressure for COPY). */
  onAccepted?: (batch: AcceptedRow[]) => void | Promise<void>;
  /** Each rejected row with its raw values and problems; awaited. */
  onRejected?: (row: RejectedRow) => void | Promise<void>;
  /** Aborting rejects the call with the signal's reason. */
  signal?: AbortSignal;
  /** How Excel files are read (worker thread or in-process). */
  excel?: ExcelRunnerOptions;
  /** Where a streamed Excel upload is spooled (default os.tmpdir()). Removed afterwards. */
  tempDir?: string;
}

export interface ParseSummary {
  file_type: CustomerFileType;
  /** The CSV separator found in the header line; null for Excel. */
  delimiter: Delimiter | null;
  /** The CSV text encoding (ASCII-only text reads as UTF-8); null for Excel. */
  encoding: CsvEncoding | null;
  /** Spreadsheet row number of the header. */
  header_row: number;
  /** Data rows read (blank rows not counted). */
  total_rows: number;
  accepted: number;
  rejected: number;
  total_columns: number;
  columns_info: ColumnInfo[];
  /** The first rows keyed by column name, typed where the column is known, empty → null. */
  preview_rows: Record<string, PreviewValue>[];
  /** False when rowCap stopped reading before the end of the file. */
  complete: boolean;
  /** The first problems of rejected rows. */
  sample_problems: RowProblem[];
}

export type ParseResult =
  { ok: true; summary: ParseSummary } | { ok: false; error: CustomerFileError };

const DEFAULT_BATCH_SIZE = 1_000;
const DEFAULT_PREVIEW_ROWS = 5;
const DEFAULT_SAMPLE_PROBLEMS = 100;
const STREAM_CHUNK = 64 * 1024;

/** The head of the input (for type sniffing) and the whole input as chunks. */
interface Source {
  head: Uint8Array;
  /** Every chunk from the start; the first one holds at least the head. */
  chunks: () => AsyncIterable<Uint8Array>;
  path: string | null;
  close: () => Promise<void>;
}

async function openSource(input: CustomerFileInput): Promise<Source> {
  if ('path' in input) {
    const fh = await open(input.path, 'r');
    try {
      const head = Buffer.alloc(LIMITS.sniffBytes);
      const { bytesRead } = await fh.read(head, 0, head.length, 0);
      return {
        head: head.subarray(0, bytesRead),
        chunks: () => createReadStream(input.path, { highWaterMark: STREAM_CHUNK }),
        path: input.path,
        close: async () => {},
      };
    } finally {
      await fh.close();
    }
  }
  if ('buffer' in input) {
    const buffer = input.buffer;
    return {
      head: buffer.subarray(0, LIMITS.sniffBytes),
      chunks: async function* () {
        for (let i = 0; i < buffer.length; i += STREAM_CHUNK)
          yield buffer.subarray(i, i + STREAM_CHUNK);
      },
      path: null,
      close: async () => {},
    };
  }
  // A stream can be read once: gather the head, then replay it before the rest.
  const iterator = input.stream[Symbol.asyncIterator]() as AsyncIterator<Uint8Array | string>;
  const first: Uint8Array[] = [];
  let length = 0;
  let done = false;
  while (length < LIMITS.sniffBytes) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    first.push(chunk);
    length += chunk.byteLength;
  }
  const head = Buffer.concat(first);
  let used = false;
  return {
    head,
    chunks: async function* () {
      if (used) throw new Error('a stream input can be read once');
      used = true;
      if (head.length > 0) yield head;
      if (done) return;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
      }
    },
    path: null,
    close: async () => {
      if (!done) await iterator.return?.();
    },
  };
}

/** Spool an Excel upload to a temp file (random access, worker), refusing oversized files. */
async function spool(source: Source, type: 'xlsx' | 'xls', dir: string): Promise<string> {
  const limit = type === 'xls' ? LIMITS.maxXlsBytes : LIMITS.maxXlsxBytes;
  const path = join(dir, `upload.${type}`);
  const fh = await open(path, 'w');
  let size = 0;
  try {
    for await (const chunk of source.chunks()) {
      size += chunk.byteLength;
      if (size > limit) {
        throw new CustomerFileError(
          'file_too_large',
          type === 'xls'
            ? `.xls files are limited to ${formatCount(limit / 1024 / 1024)} MB: save the file as .xlsx or CSV UTF-8 and upload that`
            : `The Excel file is larger than ${formatCount(limit / 1024 / 1024)} MB: save it as CSV UTF-8 and upload that`,
          { limitBytes: limit },
        );
      }
      await fh.write(chunk);
    }
  } finally {
    await fh.close();
  }
  return path;
}

/** The row limits of a call, checked: a bad value is a programmer error. */
function rowLimits(options: ParseCustomerFileOptions): { maxRows: number; rowCap: number | null } {
  const maxRows = options.maxRows ?? LIMITS.maxRows;
  if (!(Number.isInteger(maxRows) && maxRows > 0))
    throw new RangeError('maxRows must be a positive integer');
  const rowCap = options.rowCap ?? null;
  if (rowCap !== null && !(Number.isInteger(rowCap) && rowCap >= 0)) {
    throw new RangeError('rowCap must be a non-negative integer or null');
  }
  return { maxRows, rowCap };
}

function createSink(
  options: ParseCustomerFileOptions,
  limits: { maxRows: number; rowCap: number | null },
): RowSink {
  return new RowSink({
    ...limits,
    previewRows: Math.max(0, options.previewRows ?? DEFAULT_PREVIEW_ROWS),
    batchSize: Math.max(1, options.batchSize ?? DEFAULT_BATCH_SIZE),
    copyText: options.copyText ?? true,
    decimalComma: false,
    maxColumns: LIMITS.maxColumns,
    maxCellChars: LIMITS.maxCellChars,
    sampleProblems: options.sampleProblems ?? DEFAULT_SAMPLE_PROBLEMS,
    mapping: options.mapping,
    onHeader: options.onHeader,
    onAccepted: options.onAccepted,
    onRejected: options.onRejected,
  });
}

/** A file-level refusal thrown by a step becomes the call's answer; anything else is thrown on. */
function asFileError(error: unknown): CustomerFileError {
  if (error instanceof CustomerFileError) return error;
  throw error;
}

/**
 * Feeds an Excel file's rows to the sink, read by the worker from a file: a streamed upload is
 * spooled to a temp folder first (refused when oversized), removed afterwards. Answers the
 * refusal of an oversized file; the sink holds any other failure.
 */
async function readExcel(
  source: Source,
  type: 'xlsx' | 'xls',
  sink: RowTarget,
  options: ParseCustomerFileOptions,
  limits: { maxRows: number; rowCap: number | null },
): Promise<CustomerFileError | null> {
  let tempDir: string | null = null;
  try {
    let path = source.path;
    if (path === null) {
      tempDir = await mkdtemp(join(options.tempDir ?? tmpdir(), 'behavio-upload-'));
      try {
        path = await spool(source, type, tempDir);
      } catch (error) {
        return asFileError(error);
      }
    }
    // Header + rows up to the cap or the limit, + 1 to notice that there are more.
    const dataRows = Math.min(limits.rowCap ?? limits.maxRows, limits.maxRows);
    const job = {
      kind: type,
      path,
      rowCap: dataRows + 2,
      batchRows: LIMITS.workerBatchRows,
      maxColumns: LIMITS.maxColumns,
    };
    try {
      for await (const { rows, numbers } of excelRows(job, options.excel, options.signal)) {
        for (let i = 0; i < rows.length && !sink.stopped; i++)
          sink.push(rows[i] as string[], numbers[i] as number);
        if (sink.stopped) break;
        if (sink.needsDrain) await sink.drain();
      }
    } catch (error) {
      sink.fail(asFileError(error));
    }
    return null;
  } finally {
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  }
}

/** How a file was read: its type and, for CSV, its separator and encoding. */
interface Reading {
  type: CustomerFileType;
  delimiter: Delimiter | null;
  encoding: CsvEncoding | null;
}

function summaryOf(sink: RowSink, reading: Reading): ParseSummary {
  const header = sink.header as HeaderInfo;
  return {
    file_type: reading.type,
    delimiter: reading.delimiter,
    encoding: reading.encoding,
    header_row: header.row,
    total_rows: sink.totalRows,
    accepted: sink.accepted,
    rejected: sink.rejected,
    total_columns: header.columns.length,
    columns_info: header.columns,
    preview_rows: sink.previewRows,
    complete: !sink.truncated,
    sample_problems: sink.sampleProblems,
  };
}

/**
 * Parse and validate a customers file. File-level problems come back as `{ ok: false, error }`
 * (error.message is the text for the user); row problems go to onRejected and the counters.
 * Rows already passed to onAccepted before a failure (e.g. too many rows) must be discarded by
 * the caller (roll the COPY transaction back). Throws only for programmer errors, I/O errors
 * of the input itself, and aborts (the signal's reason).
 */
export async function parseCustomerFile(
  input: CustomerFileInput,
  options: ParseCustomerFileOptions = {},
): Promise<ParseResult> {
  const limits = rowLimits(options);
  const sink = createSink(options, limits);
  const read = await readInto(input, sink, options, limits);
  if (read instanceof CustomerFileError) return { ok: false, error: read };
  options.signal?.throwIfAborted();
  await sink.finish();
  if (sink.failure) return { ok: false, error: sink.failure };
  return { ok: true, summary: summaryOf(sink, read) };
}

/**
 * Opens the input, tells its type and feeds its rows to the target (CSV streamed, Excel read
 * by the worker). Answers how the file was read, or a file-level refusal found before reading.
 */
async function readInto(
  input: CustomerFileInput,
  target: RowTarget,
  options: ParseCustomerFileOptions,
  limits: { maxRows: number; rowCap: number | null },
): Promise<Reading | CustomerFileError> {
  const { signal } = options;
  signal?.throwIfAborted();
  if (fileTypeFromName(input.filename) === null)
    return invalidFileType(`extension ${JSON.stringify(extname(input.filename))}`);
  const source = await openSource(input);
  try {
    if (source.head.length === 0) return new CustomerFileError('empty_file', EMPTY_FILE_MESSAGE);
    let type: CustomerFileType;
    try {
      type = detectCustomerFileType(input.filename, source.head);
    } catch (error) {
      return asFileError(error);
    }
    if (type === 'csv') {
      const csv = await readCsv(source.chunks(), target, signal);
      return { type, delimiter: csv?.delimiter ?? null, encoding: csv?.encoding ?? null };
    }
    const refused = await readExcel(source, type, target, options, limits);
    return refused ?? { type, delimiter: null, encoding: null };
  } finally {
    await source.close();
  }
}

export type SampleResult =
  { ok: true; sample: HeaderSample; reading: Reading } | { ok: false; error: CustomerFileError };

/**
 * The header and first values of a file, read as the import reads it (encoding, separator,
 * spreadsheet), for its column mapping. Reads a few rows only.
 */
export async function sampleCustomerFile(
  input: CustomerFileInput,
  options: Pick<ParseCustomerFileOptions, 'signal' | 'excel' | 'tempDir'> & {
    sampleRows: number;
  },
): Promise<SampleResult> {
  const sampler = new HeaderSampler(options.sampleRows);
  const rowCap = MAX_PREAMBLE_ROWS + options.sampleRows + 1;
  const read = await readInto(input, sampler, options, { maxRows: rowCap, rowCap });
  if (read instanceof CustomerFileError) return { ok: false, error: read };
  const sample = sampler.result();
  if (sample instanceof CustomerFileError) return { ok: false, error: sample };
  return { ok: true, sample, reading: read };
}

export interface InspectOptions extends Pick<
  ParseCustomerFileOptions,
  'signal' | 'excel' | 'tempDir' | 'maxRows' | 'mapping'
> {
  /** Data rows to read and preview (default 5). */
  previewRows?: number;
}

/**
 * Read the header and the first rows only: file type, columns, missing columns and a preview,
 * fast, for the upload answer. Counters cover the rows read; summary.complete tells whether
 * that was the whole file.
 */
export function inspectCustomerFile(
  input: CustomerFileInput,
  options: InspectOptions = {},
): Promise<ParseResult> {
  const previewRows = options.previewRows ?? DEFAULT_PREVIEW_ROWS;
  return parseCustomerFile(input, {
    ...options,
    previewRows,
    rowCap: previewRows,
    copyText: false,
  });
}
