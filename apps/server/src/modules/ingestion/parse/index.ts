/**
 * The parse-and-validate layer of the customer-file import (no database). See README.md.
 */
export {
  parseCustomerFile,
  inspectCustomerFile,
  sampleCustomerFile,
  type SampleResult,
  type CustomerFileInput,
  type ParseCustomerFileOptions,
  type InspectOptions,
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
  type HeaderInfo,
  type PreviewValue,
  columnNameOf,
  looseKey,
} from './rows.js';
export type { HeaderSample } from './header-sample.js';
export type { CsvEncoding } from './csv-text.js';
export {
  CustomerFileError,
  INVALID_FILE_TYPE_MESSAGE,
  EMPTY_FILE_MESSAGE,
  NO_ROWS_MESSAGE,
  type CustomerFileErrorCode,
} from './errors.js';
export { detectCustomerFileType, fileTypeFromName, type CustomerFileType } from './file-type.js';
export { detectDialect, type CsvDialect, type Delimiter } from './csv-reader.js';
export { resolveExcelWorkerUrl, type ExcelRunnerOptions } from './excel-runner.js';
export { LIMITS } from './limits.js';
