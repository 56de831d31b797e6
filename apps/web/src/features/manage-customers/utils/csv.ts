import { csvLine, type CsvValue } from '@behavio/contract';

/** CSV export: cells written by the contract's csvCell (formula-safe, RFC 4180), CRLF records. */

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvValue;
}

/** A header line and one line per row, CRLF-separated (no trailing line break). */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const lines = [csvLine(columns.map((column) => column.header))];
  for (const row of rows) lines.push(csvLine(columns.map((column) => column.value(row))));
  return lines.join('\r\n');
}

/** A file-name-safe slug of a name ("Jane O'Doe" → "jane-o-doe"). */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'export';
}

/** Today as YYYY-MM-DD in local time, for file names. */
export function fileDate(date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * Saves CSV text as a file. A UTF-8 byte-order mark goes first so Excel reads accented names
 * correctly.
 */
export function downloadCsv(fileName: string, csv: string): void {
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
