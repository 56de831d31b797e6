import type { FeedCustomer } from '@behavio/contract';
import { COPY_COLUMNS } from '../ingestion/parse/index.js';

/** The name a JSON feed request's rows are stored under, as a file of the firm. */
export const FEED_JSON_FILENAME = 'api-feed.csv';

const cell = (value: string | number | boolean | null | undefined): string => {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/**
 * A JSON feed request's customers as the CSV file they are stored and imported as: a header of
 * every column, then one line per customer in order, so `customers[i]` is row i + 2 of the file
 * (row 1 is the header), as the row problems number it. A value left out is an empty cell,
 * which the import's own rules then judge, exactly as for an uploaded file.
 */
export function feedCsv(customers: readonly FeedCustomer[]): Buffer {
  const lines = [COPY_COLUMNS.join(',')];
  for (const customer of customers)
    lines.push(COPY_COLUMNS.map((c) => cell(customer[c])).join(','));
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}
