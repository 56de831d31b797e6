/**
 * The header and first values of a file whose headers do not all name our columns, for the
 * column mapping (docs/ingestion.md, "Column mapping"). Reads a few rows and stops.
 */
import { CustomerFileError, EMPTY_FILE_MESSAGE } from './errors.js';
import type { RowTarget } from './row-target.js';
import { MAX_PREAMBLE_ROWS, columnNameOf, isKnownRequired } from './rows.js';

export interface HeaderSample {
  /** Spreadsheet row number of the header. */
  row: number;
  /** Each non-empty header (trimmed) in file order, with its first values. */
  headers: { header: string; samples: string[] }[];
}

/**
 * Collects the first non-blank rows, then picks the header as RowSink would: the first row that
 * names a required column; when none does (every header renamed), the first row with the most
 * filled cells among the first MAX_PREAMBLE_ROWS + 1 (a title above the header fills one cell).
 */
export class HeaderSampler implements RowTarget {
  decimalComma = false;
  stopped = false;
  failure: CustomerFileError | null = null;
  readonly needsDrain = false;
  private readonly rows: { cells: string[]; row: number }[] = [];

  constructor(private readonly sampleRows: number) {}

  push(cells: string[], rowNumber: number): void {
    if (this.stopped || cells.every((c) => c.trim() === '')) return;
    this.rows.push({ cells, row: rowNumber });
    if (this.rows.length > MAX_PREAMBLE_ROWS + this.sampleRows) this.stopped = true;
  }

  fail(error: CustomerFileError): void {
    this.failure ??= error;
    this.stopped = true;
  }

  async drain(): Promise<void> {}

  /** The sample, or the file-level failure (an empty file fails as the import would). */
  result(): HeaderSample | CustomerFileError {
    if (this.failure) return this.failure;
    const candidates = this.rows.slice(0, MAX_PREAMBLE_ROWS + 1);
    if (candidates.length === 0) return new CustomerFileError('empty_file', EMPTY_FILE_MESSAGE);
    const filled = (cells: string[]) => cells.filter((c) => c.trim() !== '').length;
    const most = Math.max(...candidates.map((r) => filled(r.cells)));
    const at = candidates.findIndex((r) => r.cells.some((c) => isKnownRequired(columnNameOf(c))));
    const headerIndex = at >= 0 ? at : candidates.findIndex((r) => filled(r.cells) === most);
    const header = this.rows[headerIndex] as { cells: string[]; row: number };
    const data = this.rows.slice(headerIndex + 1, headerIndex + 1 + this.sampleRows);
    const headers: HeaderSample['headers'] = [];
    header.cells.forEach((cell, i) => {
      const text = cell.trim();
      if (text === '') return;
      headers.push({ header: text, samples: data.map((r) => (r.cells[i] ?? '').trim()) });
    });
    return { row: header.row, headers };
  }
}
