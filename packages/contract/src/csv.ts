/**
 * CSV cells safe to open in a spreadsheet and to upload back: one rule for the server's
 * rejected-rows report and every CSV the web app exports.
 *
 * - Formula injection (CWE-1236): text that a spreadsheet would run as a formula (it starts
 *   with `=`, `+`, `-`, `@`, a tab or a carriage return) is prefixed with a single quote, which
 *   Excel, LibreOffice and Google Sheets read as "this is text". A plain number such as `-38.1`,
 *   `+5`, `-0,25` or `-12%` is not a formula and is written as it is: prefixing it would turn it
 *   into text, and the file would no longer upload.
 * - RFC 4180: a cell holding a comma, a double quote, CR or LF, or starting or ending with a
 *   space, is wrapped in double quotes with its double quotes doubled.
 */

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
/** A number as spreadsheets and our import read it: sign, digits, one decimal point or comma, exponent, percent. */
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:[eE][+-]?\d+)?%?$/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** `text` as a spreadsheet shows it rather than runs it. */
export function escapeFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/**
 * The reverse of escapeFormula, for a file that comes back: `'=SUM(A1)` is `=SUM(A1)` again,
 * and `'-38.1` (a report written before numbers were left alone) is the number -38.1. A quote
 * before anything else is the cell's own text and stays.
 */
export function unescapeFormula(text: string): string {
  return text.charCodeAt(0) === 39 && FORMULA_START.test(text.slice(1, 2)) ? text.slice(1) : text;
}

/** One cell, neutralised and quoted as needed. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text =
    typeof value === 'number'
      ? Number.isFinite(value)
        ? String(value)
        : ''
      : escapeFormula(String(value));
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record (no line break). */
export function csvLine(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(',');
}
