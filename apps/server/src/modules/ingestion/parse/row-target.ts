import type { CustomerFileError } from './errors.js';

/**
 * What the readers (CSV, Excel) feed rows to: the validating RowSink of an import, or the
 * HeaderSampler that reads a file's headers and first values for its column mapping.
 */
export interface RowTarget {
  /** Accept "1,5" in numeric columns; set by the CSV reader for semicolon-separated files. */
  decimalComma: boolean;
  /** Set when reading must stop. */
  readonly stopped: boolean;
  /** True when the reader should `await drain()` before reading on. */
  readonly needsDrain: boolean;
  push(cells: string[], rowNumber: number, malformed?: string): void;
  fail(error: CustomerFileError): void;
  drain(): Promise<void>;
}
