/**
 * The parse-and-validate layer of the customer-file import (no database). See README.md.
 */
export {
  parseCustomerFile,
  inspectCustomerFile,
  sampleCustomerFile,
  type CustomerFileInput,
  type ParseCustomerFileOptions,
  type ParseResult,
  type ParseSummary,
} from './parse-customer-file.js';
export {
  COPY_COLUMNS,
  RowSink,
  type AcceptedRow,
  type RejectedRow,
  type RowProblem,
  type ColumnInfo,
  columnNameOf,
  looseKey,
} from './rows.js';
export type { HeaderSample } from './header-sample.js';
export {
  CustomerFileError,
  INVALID_FILE_TYPE_MESSAGE,
  EMPTY_FILE_MESSAGE,
  NO_ROWS_MESSAGE,
} from './errors.js';
export { detectCustomerFileType, fileTypeFromName } from './file-type.js';
export { detectDialect } from './csv-reader.js';
export { resolveExcelWorkerUrl, type ExcelRunnerOptions } from './excel-runner.js';
export { LIMITS } from './limits.js';
