/**
 * Header resolution and row validation, written by hand for speed (about 1-2 µs a row): no
 * schema library per row. Readers (CSV, Excel) push text cells row by row; this turns them
 * into accepted rows (typed record + COPY text), rejected rows (raw values + problems),
 * preview rows and counters.
 */
import {
  ALLOCATION_COLUMNS,
  ALLOCATION_TOLERANCE,
  OPTIONAL_COLUMNS,
  REQUIRED_COLUMNS,
  normaliseHeader,
  unescapeFormula,
  type ColumnKind,
  type CustomerRecord,
} from '@behavio/contract';
import { CustomerFileError, EMPTY_FILE_MESSAGE, NO_ROWS_MESSAGE, formatCount } from './errors.js';
import type { RowTarget } from './row-target.js';

// ---------------------------------------------------------------------------------------------
// Public types

export interface RowProblem {
  /** The row as a spreadsheet shows it: the header is row 1, the first data row is row 2. */
  row: number;
  /** The normalised column name (or a description for cross-column problems). */
  column: string;
  /** The raw cell text, cut to 200 characters. */
  value: string;
  /** Plain words, e.g. 'must be a number between 0 and 100', 'is required'. */
  reason: string;
}

export interface AcceptedRow {
  row: number;
  record: CustomerRecord;
  /**
   * The record as one line of PostgreSQL COPY text format (no trailing newline): the values of
   * COPY_COLUMNS, tab-separated, `\N` for null, numbers as the file wrote them (trimmed,
   * decimal comma turned into a point). Empty when the copyText option is false.
   */
  copyText: string;
}

export interface RejectedRow {
  row: number;
  /** The row's raw cells in header order (for a report of rejected rows). */
  values: string[];
  problems: RowProblem[];
}

export type PreviewValue = string | number | boolean | null;

export interface ColumnInfo {
  /** Normalised name (the key of preview rows). */
  name: string;
  /** The header text as written in the file. */
  header: string;
  required: boolean;
  /** The kind for known columns (required and optional), null for extra columns. */
  kind: ColumnKind | null;
}

export interface HeaderInfo {
  /** Spreadsheet row number of the header (1 unless blank rows come first). */
  row: number;
  columns: ColumnInfo[];
}

/** The columns of AcceptedRow.copyText, in order: `COPY customers (${COPY_COLUMNS}) FROM STDIN`. */
export const COPY_COLUMNS: readonly (keyof CustomerRecord)[] = [
  ...REQUIRED_COLUMNS.map((c) => c.name),
  ...OPTIONAL_COLUMNS.map((c) => c.name),
];

export interface RowSinkOptions {
  maxRows: number;
  /** Stop (without failing) after this many data rows; null for all. */
  rowCap: number | null;
  previewRows: number;
  batchSize: number;
  copyText: boolean;
  /** Accept "1,5" in numeric columns (semicolon-separated CSV). */
  decimalComma: boolean;
  maxColumns: number;
  maxCellChars: number;
  sampleProblems: number;
  /**
   * The file's header text (trimmed) → the column it holds, from a column mapping
   * (docs/ingestion.md, "Column mapping"). The header is then the first row holding every
   * mapped header, and other headers that name a known column are read as extra columns.
   */
  mapping?: ReadonlyMap<string, string>;
  onHeader?: (header: HeaderInfo) => void | Promise<void>;
  onAccepted?: (batch: AcceptedRow[]) => void | Promise<void>;
  onRejected?: (row: RejectedRow) => void | Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Cell parsing. Each parser returns a status and leaves the value and COPY text in scratch
// variables (no allocation per cell).

const OK = 0;
const EMPTY = 1;
const INVALID = 2;

let outValue: string | number | boolean = '';
let outText = '';

/** A character String.prototype.trim might remove: ASCII space/controls, or anything non-ASCII. */
const maybeSpace = (code: number) => code <= 32 || code > 126;

/** s.trim(), without the call when neither end can be white space (the common case). */
function trimmed(s: string): string {
  const n = s.length;
  if (n === 0) return s;
  return maybeSpace(s.charCodeAt(0)) || maybeSpace(s.charCodeAt(n - 1)) ? s.trim() : s;
}

/** Powers of ten that doubles hold exactly. */
const POW10 = Array.from({ length: 23 }, (_, k) => 10 ** k);

/**
 * A decimal number: optional sign, digits with an optional point, optional exponent. No hex,
 * no Infinity/NaN, no thousands separators, no inner spaces. Sets outValue/outText.
 *
 * Up to 15 digits without exponent, the value is computed as mantissa / 10^fraction: both are
 * exact doubles, so the division is correctly rounded and equals Number(s) (Clinger's fast
 * path); otherwise Number(s).
 */
function parseDecimal(raw: string, decimalComma: boolean, integer: boolean): number {
  let s = trimmed(raw);
  const n = s.length;
  if (n === 0) return EMPTY;
  if (decimalComma) {
    const comma = s.indexOf(',');
    if (comma >= 0) {
      if (s.indexOf('.') >= 0 || s.indexOf(',', comma + 1) >= 0) return INVALID;
      s = s.slice(0, comma) + '.' + s.slice(comma + 1);
    }
  }
  let i = 0;
  let c = s.charCodeAt(0);
  let canonical = true;
  let negative = false;
  if (c === 45 /* - */) {
    negative = true;
    i = 1;
  } else if (c === 43 /* + */) {
    canonical = false;
    i = 1;
  }
  let mantissa = 0;
  let digits = 0;
  let fraction = 0;
  for (; i < n; i++) {
    c = s.charCodeAt(i);
    if (c < 48 || c > 57) break;
    mantissa = mantissa * 10 + (c - 48);
    digits++;
  }
  if (i < n && c === 46 /* . */) {
    canonical = false;
    for (i++; i < n; i++) {
      c = s.charCodeAt(i);
      if (c < 48 || c > 57) break;
      mantissa = mantissa * 10 + (c - 48);
      digits++;
      fraction++;
    }
  }
  if (digits === 0) return INVALID;
  let exponent = false;
  if (i < n && (c === 101 || c === 69) /* e E */) {
    exponent = true;
    canonical = false;
    i++;
    c = s.charCodeAt(i);
    if (c === 45 || c === 43) i++;
    let expDigits = 0;
    for (; i < n; i++) {
      c = s.charCodeAt(i);
      if (c < 48 || c > 57) break;
      expDigits++;
    }
    if (expDigits === 0) return INVALID;
  }
  if (i !== n) return INVALID;
  let value: number;
  if (!exponent && digits <= 15) {
    value = fraction === 0 ? mantissa : mantissa / (POW10[fraction] as number);
    if (negative) value = -value;
  } else {
    value = Number(s);
    if (!Number.isFinite(value)) return INVALID;
  }
  if (integer && !Number.isInteger(value)) return INVALID;
  outValue = value === 0 ? 0 : value; // no -0
  // PostgreSQL reads the file's own text for numeric and float columns, but an integer column
  // refuses "12.0" and a float column refuses an exponent that underflows: canonicalise those.
  outText = (integer && !canonical) || exponent ? String(outValue) : s;
  return OK;
}

/** Digits grouped by thousands with commas, as Excel writes a formatted number: 1,250,000.5 */
const THOUSANDS = /^[+-]?\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;
/**
 * Digits grouped by thousands with points, in files with decimal commas (as spreadsheets in
 * most of Europe write them): 1.250.000 or 1.250,5. A single group without a comma (1.250)
 * reads as a decimal point, as it always has.
 */
const POINT_THOUSANDS = /^[+-]?\d{1,3}(?:\.\d{3})(?:(?:\.\d{3})+(?:,\d+)?|(?:,\d+))$/;
/** Digits grouped by (no-break) spaces or apostrophes: 1 250 000,5 (France), 1'250'000 (Switzerland). */
const SPACED_THOUSANDS = /^[+-]?\d{1,3}(?:[ \u00A0\u202F'’]\d{3})+(?:[.,]\d+)?$/;
const SPACES = /[ \u00A0\u202F'’]/g;
/** A currency sign or ISO code before or after an amount: $1,250,000, 250 €, USD 1,250,000. */
const CURRENCY = /^(?:[$£€¥]|[A-Z]{3}(?=[\s\d]))\s*|\s*(?:[$£€¥]|(?<=[\d\s])[A-Z]{3})$/;
/** Accounting brackets for a negative figure: (12.5). */
const BRACKETS = /^\(\s*([^()\-+]*?)\s*\)$/;

/** How a numeric column's values may be dressed by a spreadsheet's cell format. */
type NumberDress = 'percent' | 'money' | 'plain';

const dressOf = (column: string): NumberDress =>
  column.includes('_pct')
    ? 'percent'
    : column === 'aum' || column === 'revenue_12m'
      ? 'money'
      : 'plain';

/**
 * A number as spreadsheets format it, read when the plain form failed: a percent column's value
 * with its percent sign (`45%`, `-12.5 %`: the figure is already in percent), an amount (aum,
 * revenue_12m) with its currency sign or code (`$1,250,000`, `250 €`, `USD 100`), a negative
 * figure in accounting brackets (`(12.5)`) or with the Unicode minus sign (`−12.5`), and digits
 * grouped by thousands: with commas in files without decimal commas (`1,250,000`), with points
 * in files with them (`1.250.000,5`), with spaces or apostrophes in either. Anything else stays
 * invalid.
 */
function parseFormattedDecimal(
  raw: string,
  decimalComma: boolean,
  integer: boolean,
  dress: NumberDress,
): number {
  const written = trimmed(raw);
  let s = written.replace(/^\u2212/, '-');
  const bracketed = BRACKETS.exec(s);
  if (bracketed) s = `-${bracketed[1]}`;
  if (dress === 'percent' && s.endsWith('%')) s = s.slice(0, -1).trimEnd();
  else if (dress === 'money') s = s.replace(CURRENCY, '');
  if (!decimalComma && THOUSANDS.test(s)) s = s.replaceAll(',', '');
  else if (decimalComma && POINT_THOUSANDS.test(s)) s = s.replaceAll('.', '');
  else if (SPACED_THOUSANDS.test(s)) s = s.replace(SPACES, '');
  return s.length > 0 && s !== written ? parseDecimal(s, decimalComma, integer) : INVALID;
}

/** A cell's number as the validator reads it, or null when it is not one (tests, tools). */
export function readNumberCell(
  raw: string,
  options: { decimalComma?: boolean; integer?: boolean } = {},
): { value: number; copyText: string } | null {
  const status = parseDecimal(raw, options.decimalComma ?? false, options.integer ?? false);
  return status === OK ? { value: outValue as number, copyText: outText } : null;
}

function parseBoolean(raw: string): number {
  const s = trimmed(raw);
  switch (s) {
    case '':
      return EMPTY;
    case 'true':
    case 'TRUE':
    case 'True':
    case '1':
    case 'yes':
    case 'Yes':
    case 'YES':
    case 'y':
    case 'Y':
      outValue = true;
      outText = 'true';
      return OK;
    case 'false':
    case 'FALSE':
    case 'False':
    case '0':
    case 'no':
    case 'No':
    case 'NO':
    case 'n':
    case 'N':
      outValue = false;
      outText = 'false';
      return OK;
    default:
      break;
  }
  if (s.length > 5) return INVALID;
  switch (s.toLowerCase()) {
    case 'true':
    case 'yes':
      outValue = true;
      outText = 'true';
      return OK;
    case 'false':
    case 'no':
      outValue = false;
      outText = 'false';
      return OK;
    default:
      return INVALID;
  }
}

function parseCountry(raw: string): number {
  const s = trimmed(raw);
  if (s.length === 0) return EMPTY;
  if (s.length !== 3) return INVALID;
  let upper = true;
  for (let i = 0; i < 3; i++) {
    const c = s.charCodeAt(i);
    if (c >= 65 && c <= 90) continue;
    if (c >= 97 && c <= 122) {
      upper = false;
      continue;
    }
    return INVALID;
  }
  outValue = outText = upper ? s : s.toUpperCase();
  return OK;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

function parseText(raw: string, maxLength: number): number {
  const s = trimmed(raw);
  if (s.length === 0) return EMPTY;
  if (s.length > maxLength || CONTROL.test(s)) return INVALID;
  outValue = s;
  outText = s.includes('\\') ? s.replace(/\\/g, '\\\\') : s;
  return OK;
}

// ---------------------------------------------------------------------------------------------
// Column plan

const KIND_TEXT = 0;
const KIND_COUNTRY = 1;
const KIND_INTEGER = 2;
const KIND_NUMBER = 3;
const KIND_BOOLEAN = 4;
const KIND_CODES: Record<ColumnKind, number> = {
  text: KIND_TEXT,
  country: KIND_COUNTRY,
  integer: KIND_INTEGER,
  number: KIND_NUMBER,
  boolean: KIND_BOOLEAN,
};

interface Field {
  name: keyof CustomerRecord;
  kind: number;
  min: number;
  max: number;
  required: boolean;
  /** Index in the file's columns, or -1 for an optional column the file does not have. */
  index: number;
  /** What a spreadsheet may add to the column's numbers (a percent or currency sign). */
  dress: NumberDress;
  invalidReason: string;
}

const bound = (n: number) => (Math.abs(n) >= 1e6 ? formatCount(n) : String(n));

function invalidReason(kind: ColumnKind, min: number | undefined, max: number | undefined): string {
  switch (kind) {
    case 'text':
      return `must be text of at most ${max ?? 64} characters, without tabs or line breaks`;
    case 'country':
      return 'must be a 3-letter ISO country code, like GBR';
    case 'boolean':
      return 'must be true or false (yes/no, y/n and 1/0 work too)';
    case 'integer':
    case 'number': {
      const what = kind === 'integer' ? 'a whole number' : 'a number';
      if (min !== undefined && max !== undefined && max >= 1e12)
        return `must be ${what}, ${bound(min)} or more`;
      if (min !== undefined && max !== undefined)
        return `must be ${what} between ${bound(min)} and ${bound(max)}`;
      return `must be ${what}`;
    }
  }
}

/** Non-blank rows above the header that are skipped while looking for it. */
export const MAX_PREAMBLE_ROWS = 10;

const KNOWN = new Map<string, { kind: ColumnKind; required: boolean }>([
  ...REQUIRED_COLUMNS.map((c) => [c.name, { kind: c.kind, required: true }] as const),
  ...OPTIONAL_COLUMNS.map((c) => [c.name, { kind: c.kind, required: false }] as const),
]);

/**
 * A header's letters and digits only, lower-case, with `%` read as "pct": `Customer ID`,
 * `CustomerId`, `customer.id` and `CUSTOMER_ID` all give `customerid`, `Cash %` gives `cashpct`.
 */
export const looseKey = (header: string): string =>
  header
    .toLowerCase()
    .replace(/%/g, 'pct')
    .replace(/[^a-z0-9]/g, '');
/** True for the name of one of the 28 required columns. */
export const isKnownRequired = (name: string): boolean => KNOWN.get(name)?.required === true;

const KNOWN_BY_LOOSE_KEY = new Map([...KNOWN.keys()].map((name) => [looseKey(name), name]));

/**
 * The column a header names: its normalised form (trimmed, lower-case, spaces and hyphens as
 * underscores) when that is a known column, else the known column it spells in another way
 * (camel case, other punctuation, `%` for `pct`), else the normalised form as an extra column.
 */
export function columnNameOf(header: string): string {
  const name = normaliseHeader(header);
  return KNOWN.has(name) ? name : (KNOWN_BY_LOOSE_KEY.get(looseKey(name)) ?? name);
}

/** True when the row holds every header the mapping names (the header row of a mapped file). */
function holdsEveryHeader(cells: string[], mapping: ReadonlyMap<string, string>): boolean {
  const present = new Set(cells.map((c) => c.trim()));
  for (const header of mapping.keys()) if (!present.has(header)) return false;
  return true;
}

const PROBLEM_VALUE_CHARS = 200;
const cut = (s: string) =>
  s.length > PROBLEM_VALUE_CHARS ? `${s.slice(0, PROBLEM_VALUE_CHARS - 1)}…` : s;

/** A flat copy of a string: substrings of a big chunk would otherwise keep the chunk alive. */
const detach = (s: string) => (s.length < 13 ? s : (' ' + s).slice(1));

type Values = (string | number | boolean | null)[];

const I = Object.fromEntries(COPY_COLUMNS.map((name, i) => [name, i])) as Record<
  keyof CustomerRecord,
  number
>;

/**
 * The record from validated values in COPY_COLUMNS order. One object literal (a single
 * allocation with a fixed shape) rather than properties added in a loop: measurably less GC.
 * Type-checked against CustomerRecord, so a new contract column fails to compile here.
 */
function toRecord(v: Values): CustomerRecord {
  return {
    customer_id: v[I.customer_id] as string,
    country_iso: v[I.country_iso] as string,
    age: v[I.age] as number,
    risk_profile: v[I.risk_profile] as number,
    knowledge_quiz_score: v[I.knowledge_quiz_score] as number,
    experience_years: v[I.experience_years] as number,
    cash_pct: v[I.cash_pct] as number,
    etf_pct: v[I.etf_pct] as number,
    single_stock_pct: v[I.single_stock_pct] as number,
    days_since_last_trade: v[I.days_since_last_trade] as number,
    stop_loss_sell_cnt: v[I.stop_loss_sell_cnt] as number,
    days_since_loss_sell: v[I.days_since_loss_sell] as number,
    leverage_ratio: v[I.leverage_ratio] as number,
    home_country_weight_pct: v[I.home_country_weight_pct] as number,
    trade_turnover_30d_pct_peer: v[I.trade_turnover_30d_pct_peer] as number,
    anchor_price_gap_pct: v[I.anchor_price_gap_pct] as number,
    limit_orders_at_purchase_px: v[I.limit_orders_at_purchase_px] as boolean,
    social_hype_score: v[I.social_hype_score] as number,
    days_since_hype_peak: v[I.days_since_hype_peak] as number,
    positive_news_sentiment_7d: v[I.positive_news_sentiment_7d] as number,
    news_clicks_7d: v[I.news_clicks_7d] as number,
    gain_takes: v[I.gain_takes] as number,
    loss_takes: v[I.loss_takes] as number,
    rebalances_ytd: v[I.rebalances_ytd] as number,
    num_sub_accounts: v[I.num_sub_accounts] as number,
    averaging_down_trades: v[I.averaging_down_trades] as number,
    days_since_last_average_down: v[I.days_since_last_average_down] as number,
    max_drawdown_pct: v[I.max_drawdown_pct] as number,
    aum: v[I.aum] as number | null,
    revenue_12m: v[I.revenue_12m] as number | null,
  };
}

// ---------------------------------------------------------------------------------------------
// The sink

export class RowSink implements RowTarget {
  /** Set when reading must stop: a failure, or the row cap reached. */
  stopped = false;
  failure: CustomerFileError | null = null;
  /** True when the row cap stopped reading before the end of the file. */
  truncated = false;

  header: HeaderInfo | null = null;
  /** Accept "1,5" in numeric columns; set by the CSV reader for semicolon-separated files. */
  decimalComma: boolean;
  totalRows = 0;
  accepted = 0;
  rejected = 0;
  readonly previewRows: Record<string, PreviewValue>[] = [];
  readonly sampleProblems: RowProblem[] = [];

  private fields: Field[] = [];
  private columnNames: string[] = [];
  private allocation: [number, number, number] = [-1, -1, -1];
  private idField = 0;
  private readonly values: (string | number | boolean | null)[] = [];
  private readonly texts: string[] = [];
  private readonly status: number[] = [];
  private readonly seenIds = new Map<string, number>();
  private pendingAccepted: AcceptedRow[] = [];
  private pendingRejected: RejectedRow[] = [];
  private headerPromise: void | Promise<void> = undefined;
  /** Non-blank rows above the header (a title, an "exported on" line), while it is not found. */
  private readonly preamble: { cells: string[]; row: number }[] = [];

  constructor(private readonly o: RowSinkOptions) {
    this.decimalComma = o.decimalComma;
  }

  /** True when the caller should `await drain()` before reading on. */
  get needsDrain(): boolean {
    return (
      this.pendingAccepted.length >= this.o.batchSize ||
      this.pendingRejected.length > 0 ||
      this.headerPromise !== undefined
    );
  }

  fail(error: CustomerFileError): void {
    this.failure ??= error;
    this.stopped = true;
  }

  /**
   * Feed one row of text cells with its spreadsheet row number. `malformed` rejects the row
   * with that reason on top of any value problems (e.g. a misplaced quote in a CSV record).
   */
  push(cells: string[], rowNumber: number, malformed?: string): void {
    if (this.stopped) return;
    // Blank rows (nothing but empty or white-space cells, e.g. ",,,,") are skipped.
    let blank = true;
    for (let i = 0; i < cells.length; i++) {
      const c = cells[i] as string;
      if (c !== '' && trimmed(c) !== '') {
        blank = false;
        break;
      }
    }
    if (blank) return;
    if (cells.length > this.o.maxColumns) {
      this.fail(
        new CustomerFileError(
          'too_many_columns',
          `Row ${formatCount(rowNumber)} has more than ${formatCount(this.o.maxColumns)} columns: a customers file has about 30`,
          { row: rowNumber, columns: cells.length, limit: this.o.maxColumns },
        ),
      );
      return;
    }
    for (let i = 0; i < cells.length; i++) {
      if ((cells[i] as string).length > this.o.maxCellChars) {
        this.fail(
          new CustomerFileError(
            'value_too_long',
            `Row ${formatCount(rowNumber)} has a value longer than ${formatCount(this.o.maxCellChars)} characters`,
            {
              row: rowNumber,
              column: this.columnNames[i] ?? `column ${i + 1}`,
              limit: this.o.maxCellChars,
            },
          ),
        );
        return;
      }
    }
    if (this.header === null) {
      this.findHeader(cells, rowNumber);
      return;
    }
    if (this.o.rowCap !== null && this.totalRows >= this.o.rowCap) {
      this.truncated = true;
      this.stopped = true;
      return;
    }
    if (this.totalRows >= this.o.maxRows) {
      this.fail(
        new CustomerFileError(
          'too_many_rows',
          `The file has more than ${formatCount(this.o.maxRows)} customer rows: split it into smaller files`,
          { limit: this.o.maxRows },
        ),
      );
      return;
    }
    this.totalRows++;
    this.validate(cells, rowNumber, malformed);
  }

  /** Deliver pending accepted batches and rejected rows to the callbacks. */
  async drain(force = false): Promise<void> {
    if (this.headerPromise !== undefined) {
      const p = this.headerPromise;
      this.headerPromise = undefined;
      await p;
    }
    if (this.pendingRejected.length > 0) {
      const rejected = this.pendingRejected;
      this.pendingRejected = [];
      const onRejected = this.o.onRejected;
      if (onRejected) {
        for (const r of rejected) {
          const p = onRejected(r);
          if (p) await p;
        }
      }
    }
    // Batches of exactly batchSize rows (the last one may be smaller).
    const size = this.o.batchSize;
    while (this.pendingAccepted.length >= size || (force && this.pendingAccepted.length > 0)) {
      const pending = this.pendingAccepted;
      const batch = pending.length <= size ? pending : pending.slice(0, size);
      this.pendingAccepted = pending.length <= size ? [] : pending.slice(size);
      const p = this.o.onAccepted?.(batch);
      if (p) await p;
    }
  }

  /** The end of the file: flush everything and settle the file-level outcome. */
  async finish(): Promise<void> {
    const title = this.preamble[0];
    if (this.header === null && title && !this.failure) this.readHeader(title.cells, title.row);
    if (!this.failure) {
      if (this.header === null) {
        this.fail(new CustomerFileError('empty_file', EMPTY_FILE_MESSAGE));
      } else if (this.totalRows === 0 && !this.truncated) {
        this.fail(new CustomerFileError('no_rows', NO_ROWS_MESSAGE));
      }
    }
    if (this.failure) {
      // Rows of a failed file are not delivered; the caller's onHeader still settles (and
      // throws here if it failed, rather than as an unhandled rejection).
      this.pendingAccepted = [];
      this.pendingRejected = [];
      const p = this.headerPromise;
      this.headerPromise = undefined;
      await p;
      return;
    }
    await this.drain(true);
  }

  // -------------------------------------------------------------------------------------------

  /**
   * Exports often put a title or an "exported on" line above the header: the header is the first
   * row that names a required column, among the first MAX_PREAMBLE_ROWS + 1 non-blank rows.
   * When none does, the first row is read as the header, which then fails naming every missing
   * column, as it would have without the search.
   */
  private findHeader(cells: string[], rowNumber: number): void {
    const { mapping } = this.o;
    const namesAColumn = mapping
      ? holdsEveryHeader(cells, mapping)
      : cells.some((c) => isKnownRequired(columnNameOf(c)));
    if (namesAColumn) {
      this.readHeader(cells, rowNumber);
    } else if (this.preamble.length < MAX_PREAMBLE_ROWS) {
      this.preamble.push({ cells, row: rowNumber });
    } else {
      const title = this.preamble[0]!;
      this.readHeader(title.cells, title.row);
    }
  }

  private readHeader(cells: string[], rowNumber: number): void {
    // Trailing empty header cells are dropped; other empty ones get a placeholder name.
    let width = cells.length;
    while (width > 0 && trimmed(cells[width - 1] as string) === '') width--;
    const names: string[] = [];
    const columns: ColumnInfo[] = [];
    const firstIndex = new Map<string, number>();
    const duplicates: string[] = [];
    for (let i = 0; i < width; i++) {
      const header = cells[i] as string;
      const name = this.nameOf(header, firstIndex) || `column_${i + 1}`;
      if (firstIndex.has(name)) {
        if (!duplicates.includes(name)) duplicates.push(name);
      } else {
        firstIndex.set(name, i);
      }
      names.push(name);
      const known = KNOWN.get(name);
      columns.push({
        name,
        header: header.trim(),
        required: known?.required ?? false,
        kind: known?.kind ?? null,
      });
    }
    if (duplicates.length > 0) {
      this.fail(
        new CustomerFileError(
          'duplicate_columns',
          `Duplicate column names: ${duplicates.join(', ')}`,
          {
            duplicates,
          },
        ),
      );
      return;
    }
    const missing = REQUIRED_COLUMNS.filter((c) => !firstIndex.has(c.name)).map((c) => c.name);
    if (missing.length > 0) {
      this.fail(
        new CustomerFileError(
          'missing_columns',
          `Missing required columns: ${missing.join(', ')}`,
          {
            missing,
          },
        ),
      );
      return;
    }
    const specs = [...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS] as readonly {
      name: keyof CustomerRecord;
      kind: ColumnKind;
      min?: number;
      max?: number;
    }[];
    this.fields = specs.map((spec) => ({
      name: spec.name,
      kind: KIND_CODES[spec.kind],
      min: spec.min ?? -Infinity,
      max: spec.max ?? Infinity,
      required: KNOWN.get(spec.name)?.required ?? false,
      index: firstIndex.get(spec.name) ?? -1,
      dress: dressOf(spec.name),
      invalidReason: invalidReason(spec.kind, spec.min, spec.max),
    }));
    const fieldIndex = (name: string) => this.fields.findIndex((f) => f.name === name);
    this.allocation = ALLOCATION_COLUMNS.map(fieldIndex) as [number, number, number];
    this.idField = fieldIndex('customer_id');
    this.columnNames = names;
    this.header = { row: rowNumber, columns };
    const p = this.o.onHeader?.(this.header);
    if (p) this.headerPromise = p;
  }

  /**
   * The column a header holds: the one a mapping gives it (first occurrence), else the one it
   * names; with a mapping, a header naming a known column that the mapping gives to another
   * header is an extra column (`unmapped_<name>`), so it cannot take that column's place.
   */
  private nameOf(header: string, taken: ReadonlyMap<string, number>): string {
    const { mapping } = this.o;
    const name = columnNameOf(header);
    if (!mapping) return name;
    const mapped = mapping.get(header.trim());
    if (mapped !== undefined && !taken.has(mapped)) return mapped;
    return KNOWN.has(name) ? `unmapped_${name}` : name;
  }

  /**
   * One data row: every field read and checked, then the checks across fields (allocation sum,
   * a repeated customer_id, values beyond the header), then the row is accepted or rejected.
   */
  private validate(cells: string[], rowNumber: number, malformed: string | undefined): void {
    let problems: RowProblem[] | null =
      malformed === undefined
        ? null
        : [{ row: rowNumber, column: '(row)', value: cut(cells.join(' | ')), reason: malformed }];
    problems = this.readFields(cells, rowNumber, problems);
    problems = this.checkAllocation(rowNumber, problems);
    problems = this.checkRepeatedId(rowNumber, problems);
    problems = this.checkBeyondHeader(cells, rowNumber, problems);
    if (this.previewRows.length < this.o.previewRows) this.previewRows.push(this.previewRow(cells));
    if (problems === null) this.acceptRow(rowNumber);
    else this.rejectRow(cells, rowNumber, problems);
  }

  /** Reads each field into `values`, `texts` and `status`; adds a problem per bad field. */
  private readFields(
    cells: string[],
    rowNumber: number,
    problems: RowProblem[] | null,
  ): RowProblem[] | null {
    const { fields, values, texts, status } = this;
    for (let f = 0; f < fields.length; f++) {
      const field = fields[f] as Field;
      // unescapeFormula: a cell our own CSVs escaped ('=…, or '-38.1 from an older report) is
      // read as the text it was, so a rejected-rows report uploads back as it is.
      const raw = field.index >= 0 ? unescapeFormula(cells[field.index] ?? '') : '';
      const st = this.readCell(field, raw);
      status[f] = st;
      if (st === OK) {
        values[f] = outValue;
        texts[f] = outText;
      } else if (st === EMPTY && !field.required) {
        values[f] = null;
        texts[f] = '\\N';
        status[f] = OK;
      } else {
        values[f] = null;
        (problems ??= []).push({
          row: rowNumber,
          column: field.name,
          value: cut(raw),
          reason: st === EMPTY ? 'is required' : field.invalidReason,
        });
      }
    }
    return problems;
  }

  /** One cell by its column's kind: OK (value in outValue/outText), EMPTY or INVALID. */
  private readCell(field: Field, raw: string): number {
    const decimalComma = this.decimalComma;
    let st: number;
    switch (field.kind) {
      case KIND_NUMBER:
        st = parseDecimal(raw, decimalComma, false);
        if (st === INVALID) st = parseFormattedDecimal(raw, decimalComma, false, field.dress);
        break;
      case KIND_INTEGER:
        st = parseDecimal(raw, decimalComma, true);
        if (st === INVALID) st = parseFormattedDecimal(raw, decimalComma, true, field.dress);
        break;
      case KIND_BOOLEAN:
        return parseBoolean(raw);
      case KIND_COUNTRY:
        return parseCountry(raw);
      default:
        return parseText(raw, field.max);
    }
    // A number outside its column's range is invalid.
    if (st === OK) {
      const v = outValue as number;
      if (v < field.min || v > field.max) return INVALID;
    }
    return st;
  }

  /** The three allocation percentages cannot add up to more than the whole portfolio. */
  private checkAllocation(rowNumber: number, problems: RowProblem[] | null): RowProblem[] | null {
    const { values, texts, status } = this;
    const [a, b, c] = this.allocation;
    if (status[a] !== OK || status[b] !== OK || status[c] !== OK) return problems;
    const sum = (values[a] as number) + (values[b] as number) + (values[c] as number);
    if (sum <= 100 + ALLOCATION_TOLERANCE) return problems;
    (problems ??= []).push({
      row: rowNumber,
      column: ALLOCATION_COLUMNS.join(' + '),
      value: `${texts[a]} + ${texts[b]} + ${texts[c]}`,
      reason: `cash_pct, etf_pct and single_stock_pct add up to ${Math.round(sum * 100) / 100}, more than 100`,
    });
    return problems;
  }

  /** A customer_id seen before: the later rows are rejected (whatever the first row's fate). */
  private checkRepeatedId(rowNumber: number, problems: RowProblem[] | null): RowProblem[] | null {
    if (this.status[this.idField] !== OK) return problems;
    const id = this.values[this.idField] as string;
    const first = this.seenIds.get(id);
    if (first === undefined) {
      this.seenIds.set(detach(id), rowNumber);
      return problems;
    }
    (problems ??= []).push({
      row: rowNumber,
      column: 'customer_id',
      value: cut(id),
      reason: `duplicate customer_id (first seen on row ${formatCount(first)})`,
    });
    return problems;
  }

  /** Values beyond the header's last column (the first one is named). */
  private checkBeyondHeader(
    cells: string[],
    rowNumber: number,
    problems: RowProblem[] | null,
  ): RowProblem[] | null {
    const width = this.columnNames.length;
    for (let i = width; i < cells.length; i++) {
      if (trimmed(cells[i] as string) === '') continue;
      (problems ??= []).push({
        row: rowNumber,
        column: `column ${i + 1}`,
        value: cut(cells[i] as string),
        reason: `has a value beyond the ${width} columns of the header`,
      });
      break;
    }
    return problems;
  }

  private acceptRow(rowNumber: number): void {
    this.accepted++;
    this.pendingAccepted.push({
      row: rowNumber,
      record: toRecord(this.values),
      // join, not +=: the cons strings of += survive in the batch and triple the GC time.
      copyText: this.o.copyText ? this.texts.join('\t') : '',
    });
  }

  private rejectRow(cells: string[], rowNumber: number, problems: RowProblem[]): void {
    this.rejected++;
    for (const p of problems) {
      if (this.sampleProblems.length >= this.o.sampleProblems) break;
      this.sampleProblems.push(p);
    }
    if (this.o.onRejected) this.pendingRejected.push({ row: rowNumber, values: cells, problems });
  }

  private previewRow(cells: string[]): Record<string, PreviewValue> {
    const row: Record<string, PreviewValue> = {};
    const columns = this.header?.columns ?? [];
    const byIndex = new Map<number, number>();
    this.fields.forEach((field, f) => {
      if (field.index >= 0) byIndex.set(field.index, f);
    });
    for (let i = 0; i < columns.length; i++) {
      const raw = trimmed(cells[i] ?? '');
      const f = byIndex.get(i);
      const name = (columns[i] as ColumnInfo).name;
      if (raw === '') row[name] = null;
      else if (f !== undefined && this.status[f] === OK) row[name] = this.values[f] ?? null;
      else row[name] = raw;
    }
    return row;
  }
}
