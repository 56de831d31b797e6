import { csvLine, EXAMPLE_CUSTOMER, OPTIONAL_COLUMNS, REQUIRED_COLUMNS } from '@behavio/contract';

export const TEMPLATE_FILENAME = 'customers-template.csv';

const REQUIRED_NAMES = REQUIRED_COLUMNS.map((column) => column.name);
const OPTIONAL_NAMES = OPTIONAL_COLUMNS.map((column) => column.name);

/** The CSV example of the upload screen: the 28 required columns and one plausible customer. */
export function exampleCsv(): string {
  const row = REQUIRED_NAMES.map((name) => EXAMPLE_CUSTOMER[name]);
  return `${REQUIRED_NAMES.join(',')}\n${csvLine(row)}`;
}

/**
 * The downloadable template: the header only (the required columns, then the optional ones),
 * so no sample customer is imported by mistake.
 */
export function templateCsv(): string {
  return `${[...REQUIRED_NAMES, ...OPTIONAL_NAMES].join(',')}\r\n`;
}

/** Saves text as a file through a temporary object URL. */
export function saveTextFile(text: string, filename: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
