/**
 * File type by name AND by content. The extension must be .csv, .xlsx or .xls (any case); the
 * first bytes must agree:
 * - .csv: text, UTF-8 (BOM allowed), UTF-16 with its BOM, or Windows-1252: no NUL byte (UTF-16
 *   aside), not a zip or OLE file, and when it is not UTF-8 no control byte either (tab, CR
 *   and LF aside).
 * - .xlsx/.xls: a zip (PK\x03\x04, read as .xlsx) or an OLE compound file (D0 CF 11 E0 A1 B1 1A
 *   E1, read as .xls). Excel files are often saved under the other Excel extension, so the
 *   content decides between the two; text named .xlsx or .xls is refused.
 */
import { extname } from 'node:path';
import { utf16ByBom } from './csv-text.js';
import { invalidFileType } from './errors.js';

export type CustomerFileType = 'csv' | 'xlsx' | 'xls';

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const startsWith = (head: Uint8Array, magic: number[]) =>
  head.length >= magic.length && magic.every((b, i) => head[i] === b);

/** The type the file name claims, or null when the extension is not accepted. */
export function fileTypeFromName(filename: string): CustomerFileType | null {
  switch (extname(filename).toLowerCase()) {
    case '.csv':
      return 'csv';
    case '.xlsx':
      return 'xlsx';
    case '.xls':
      return 'xls';
    default:
      return null;
  }
}

/** Control bytes no text file holds: C0 controls other than tab, LF and CR, and DEL. */
const hasControlBytes = (head: Uint8Array) =>
  head.some((b) => (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) || b === 0x7f);

/** Why the first bytes are not CSV text, or null when they are. */
export function binaryReason(head: Uint8Array): string | null {
  if (startsWith(head, ZIP_MAGIC)) return 'a zip file (maybe an .xlsx) named .csv';
  if (startsWith(head, OLE_MAGIC)) return 'an OLE file (maybe an .xls) named .csv';
  // UTF-16 text with its byte-order mark: NUL bytes are half its ASCII characters.
  if (utf16ByBom(head)) return null;
  if (head.includes(0)) return 'binary content (NUL bytes)';
  try {
    // stream: true tolerates a character cut at the end of the sample.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    // Not UTF-8: Windows-1252 text (see csv-text.ts), unless it holds bytes text never has.
    if (hasControlBytes(head)) return 'binary content (control bytes)';
  }
  return null;
}

/**
 * The file's type from its name and its first bytes (the more the better for CSV; 64 KB is
 * used by the parser). Throws CustomerFileError('invalid_file_type') with the spec's message.
 */
export function detectCustomerFileType(filename: string, head: Uint8Array): CustomerFileType {
  const claimed = fileTypeFromName(filename);
  if (claimed === null) throw invalidFileType(`extension ${JSON.stringify(extname(filename))}`);
  if (claimed === 'csv') {
    const reason = binaryReason(head);
    if (reason) throw invalidFileType(reason);
    return 'csv';
  }
  if (startsWith(head, ZIP_MAGIC)) return 'xlsx';
  if (startsWith(head, OLE_MAGIC)) return 'xls';
  throw invalidFileType(`${claimed} file that is neither a zip nor an OLE compound file`);
}
