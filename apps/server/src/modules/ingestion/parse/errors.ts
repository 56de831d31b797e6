/** The message of product-rules: Error messages for a file that is not CSV or Excel (by name or by content). */
export const INVALID_FILE_TYPE_MESSAGE = 'Invalid file type: Please upload only CSV or Excel files';
export const EMPTY_FILE_MESSAGE = 'The file is empty';
export const NO_ROWS_MESSAGE = 'The file has no customer rows';

/** Every file-level failure the parser reports. Row problems are not failures. */
export type CustomerFileErrorCode =
  /** Not .csv/.xlsx/.xls, or the content does not match (text named .xlsx, binary named .csv). */
  | 'invalid_file_type'
  /** Zero bytes. */
  | 'empty_file'
  /** A header but no data rows (or nothing but blank lines). */
  | 'no_rows'
  /** Required columns absent from the header; details.missing lists them. */
  | 'missing_columns'
  /** Two header cells normalise to the same name; details.duplicates lists them. */
  | 'duplicate_columns'
  /** More data rows than the maxRows option. */
  | 'too_many_rows'
  /** More than LIMITS.maxColumns columns in the header, a row or a sheet's dimension. */
  | 'too_many_columns'
  /** A cell longer than LIMITS.maxCellChars or a CSV record longer than LIMITS.maxRecordChars. */
  | 'value_too_long'
  /** A CSV that is not UTF-8 past its first bytes, or whose quotes never close. */
  | 'malformed_csv'
  /** Over the size limit for its type (.xls read whole, .xlsx on disk). */
  | 'file_too_large'
  /** An .xlsx whose zip expands too much (zip bomb) or lies about its sizes. */
  | 'zip_bomb'
  /** A damaged, encrypted or otherwise unreadable Excel file, or one over the reader's limits. */
  | 'unreadable';

/**
 * A user-facing, file-level failure. `message` is the text to show; `details` carries
 * structured data for the UI or the logs. Returned inside `{ ok: false, error }`; thrown only
 * by the helpers documented as throwing (e.g. `assertCustomerFileType`).
 */
export class CustomerFileError extends Error {
  override readonly name = 'CustomerFileError';
  constructor(
    readonly code: CustomerFileErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }

  toJSON(): { code: CustomerFileErrorCode; message: string; details: Record<string, unknown> } {
    return { code: this.code, message: this.message, details: this.details };
  }
}

export const invalidFileType = (reason: string): CustomerFileError =>
  new CustomerFileError('invalid_file_type', INVALID_FILE_TYPE_MESSAGE, { reason });

export const formatCount = (n: number): string => n.toLocaleString('en-GB');
