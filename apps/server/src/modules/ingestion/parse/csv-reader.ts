/**
 * Streaming CSV: UTF-8, UTF-16 or Windows-1252 decoded chunk by chunk (csv-text.ts),
 * papaparse's core Parser driven directly (strings only, no dynamicTyping), the separator and
 * line break detected from the first lines. Rows go to a RowSink; the caller's callbacks are awaited between chunks, so the
 * file is read no faster than the rows are consumed.
 */
import Papa from 'papaparse';
import { CsvTextDecoder } from './csv-text.js';
import { CustomerFileError, formatCount } from './errors.js';
import { LIMITS } from './limits.js';
import type { CsvEncoding } from './csv-text.js';
import type { RowTarget } from './row-target.js';

export type Delimiter = ',' | ';' | '\t';
export type Newline = '\n' | '\r\n' | '\r';

export interface CsvDialect {
  delimiter: Delimiter;
  newline: Newline;
}

/** What a CSV file was read as: its dialect and text encoding (ASCII-only text reads as UTF-8). */
export interface CsvReading extends CsvDialect {
  encoding: CsvEncoding;
}

/** Lines read to find the separator: the header may sit below a title (see RowSink). */
const DIALECT_LINES = 11;

/**
 * The dialect of the file: the separator is the most frequent of , ; and tab outside quotes
 * (ties: comma, then semicolon, then tab) in the line, among the first DIALECT_LINES non-blank
 * ones, that has the most of one separator (the header, not a title above it; ties: the
 * earlier line); the line break is the one that ends the first non-blank line.
 */
export function detectDialect(text: string): CsvDialect {
  let best = { ',': 0, ';': 0, '\t': 0 };
  let bestMax = -1;
  let counts = { ',': 0, ';': 0, '\t': 0 };
  let lines = 0;
  let inQuotes = false;
  let lineHasContent = false;
  let newline: Newline | null = null;
  const endLine = () => {
    const max = Math.max(counts[','], counts[';'], counts['\t']);
    if (max > bestMax) {
      best = counts;
      bestMax = max;
    }
    counts = { ',': 0, ';': 0, '\t': 0 };
    lines++;
    lineHasContent = false;
  };
  const n = text.length;
  for (let i = 0; i < n && lines < DIALECT_LINES; i++) {
    const ch = text[i];
    if (ch === '"') {
      inQuotes = !inQuotes;
      lineHasContent = true;
      continue;
    }
    if (inQuotes) continue;
    if (ch === '\n' || ch === '\r') {
      if (!lineHasContent) continue; // blank lines
      newline ??= ch === '\n' ? '\n' : text[i + 1] === '\n' ? '\r\n' : '\r';
      endLine();
      continue;
    }
    if (ch === ',' || ch === ';' || ch === '\t') {
      counts[ch]++;
      lineHasContent = true;
    } else if (ch !== ' ') {
      lineHasContent = true;
    }
  }
  if (lineHasContent) endLine();
  let delimiter: Delimiter = ',';
  if (best[';'] > best[delimiter]) delimiter = ';';
  if (best['\t'] > best[delimiter]) delimiter = '\t';
  return { delimiter, newline: newline ?? '\n' };
}

/**
 * Excel's separator directive: a first line `sep=;` names the separator, and Excel does not
 * show it as a row, so it is not one here either (row numbers start at the header below it).
 */
const SEP_DIRECTIVE = /^sep=([,;\t])(?:\r\n|\n|\r)/i;

interface PapaResult {
  data: string[][];
  errors: { code: string; row?: number }[];
  meta: { cursor: number };
}

const MISPLACED_QUOTE = 'has a misplaced quote (") so its columns cannot be trusted';

const notUtf8 = (offset: number) =>
  new CustomerFileError(
    'malformed_csv',
    "The file mixes UTF-8 with another encoding: save it as 'CSV UTF-8 (Comma delimited)' and upload it again",
    { byteOffset: offset },
  );

/**
 * Read CSV chunks into the sink until the end, a failure or the sink's row cap. Returns the
 * dialect and encoding used. The first chunk must be at least LIMITS.sniffBytes long unless the file is
 * shorter (the dialect is read from it).
 */
export async function readCsv(
  chunks: AsyncIterable<Uint8Array>,
  sink: RowTarget,
  signal?: AbortSignal,
): Promise<CsvReading | null> {
  const decoder = new CsvTextDecoder();
  let dialect: CsvDialect | null = null;
  let parser: Papa.Parser | null = null;
  let partial = '';
  let rowNumber = 0;
  let bytes = 0;

  const feed = (chunkText: string, last: boolean): void => {
    let text = chunkText;
    if (!dialect) {
      const directive = SEP_DIRECTIVE.exec(text);
      if (directive) text = text.slice(directive[0].length);
      dialect = detectDialect(text);
      if (directive) dialect.delimiter = directive[1] as Delimiter;
      // European Excel writes ';' files with decimal commas ("1,5"); in ',' files a comma
      // inside a number is ambiguous (a thousands separator?) and stays invalid.
      sink.decimalComma = dialect.delimiter === ';';
      parser = new Papa.Parser({
        delimiter: dialect.delimiter,
        newline: dialect.newline,
        quoteChar: '"',
        escapeChar: '"',
        header: false,
        dynamicTyping: false,
        skipEmptyLines: false,
        comments: false,
      });
    }
    const input = partial === '' ? text : partial + text;
    const result = (parser as Papa.Parser).parse(input, 0, !last) as PapaResult;
    const rows = result.data;
    let badQuotes: Set<number> | null = null;
    for (const error of result.errors) {
      if (error.code === 'MissingQuotes') {
        sink.fail(
          new CustomerFileError(
            'malformed_csv',
            `A quoted value on row ${formatCount(rowNumber + (error.row ?? 0) + 1)} is never closed: a closing quote (") is missing`,
            { row: rowNumber + (error.row ?? 0) + 1 },
          ),
        );
        return;
      }
      if (error.code === 'InvalidQuotes' && error.row !== undefined)
        (badQuotes ??= new Set()).add(error.row);
    }
    for (let r = 0; r < rows.length; r++) {
      rowNumber++;
      const cells = rows[r] as string[];
      // A quote after a closing quote ("a"b): the columns of that row cannot be trusted.
      sink.push(cells, rowNumber, badQuotes?.has(r) ? MISPLACED_QUOTE : undefined);
      if (sink.stopped) return;
    }
    partial = last ? '' : input.slice(result.meta.cursor);
    if (partial.length > LIMITS.maxRecordChars) {
      sink.fail(
        new CustomerFileError(
          'value_too_long',
          `Row ${formatCount(rowNumber + 1)} is longer than ${formatCount(LIMITS.maxRecordChars)} characters: a quote (") is probably not closed`,
          { row: rowNumber + 1, limit: LIMITS.maxRecordChars },
        ),
      );
    }
  };

  for await (const chunk of chunks) {
    signal?.throwIfAborted();
    let text: string;
    try {
      text = decoder.decode(chunk);
    } catch {
      sink.fail(notUtf8(bytes));
      break;
    }
    bytes += chunk.byteLength;
    if (text.length > 0) feed(text, false);
    if (sink.needsDrain) await sink.drain();
    if (sink.stopped) break;
  }
  if (!sink.stopped) {
    let text = '';
    try {
      text = decoder.end();
    } catch {
      sink.fail(notUtf8(bytes));
    }
    if (!sink.stopped && (text.length > 0 || partial.length > 0)) feed(text, true);
  }
  const found = dialect as CsvDialect | null;
  return found && { ...found, encoding: decoder.encoding ?? 'utf-8' };
}
