import { z } from 'zod';
import { errorCodeSchema } from '../error-code-schema.js';

export const INVALID_FILE_TYPE_MESSAGE = 'Invalid file type: Please upload only CSV or Excel files';
export const FREE_PLAN_UPLOAD_MESSAGE =
  'You have already uploaded 1 file, purchase a subscription to upload more.';
export const ACCEPTED_FILE_EXTENSIONS = ['.csv', '.xlsx', '.xls'] as const;
export const PROBLEMS_KEPT = 100;

export const jobStatusSchema = z.enum(['processing', 'completed', 'failed']);
export type JobStatus = z.infer<typeof jobStatusSchema>;

export const cellValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type CellValue = z.infer<typeof cellValueSchema>;

export const columnInfoSchema = z.object({
  name: z.string(),
  required: z.boolean(),
  kind: z.enum(['text', 'country', 'integer', 'number', 'boolean', 'extra']),
});
export type ColumnInfo = z.infer<typeof columnInfoSchema>;

/** One rejected value: the row as a spreadsheet numbers it (the header is row 1). */
export const rowProblemSchema = z.object({
  row: z.number().int(),
  column: z.string(),
  value: z.string(),
  reason: z.string(),
});
export type RowProblem = z.infer<typeof rowProblemSchema>;

/** Header texts longer than this are cut in mapping answers and refused in mappings. */
export const MAPPING_HEADER_MAX_CHARS = 200;

/** Column name → the file's header text that holds it (docs/ingestion.md, "Column mapping"). */
export const columnMappingSchema = z.record(
  z.string().max(64),
  z.string().max(MAPPING_HEADER_MAX_CHARS),
);
export type ColumnMapping = z.infer<typeof columnMappingSchema>;

/** How the columns of a file were found: its own headers, a saved mapping, or one confirmed for it. */
export const mappingSourceSchema = z.enum(['headers', 'saved', 'confirmed']);
export type MappingSource = z.infer<typeof mappingSourceSchema>;

/** What the import understood of a file, shown on its tab. */
export const fileReadingSchema = z.object({
  /** utf-8, utf-16le, utf-16be or windows-1252; null for spreadsheets and older files. */
  encoding: z.string().nullable(),
  /** The CSV separator; null for spreadsheets and older files. */
  delimiter: z.string().nullable(),
  /** Column → header for the columns a mapping found (saved or confirmed); null otherwise. */
  mapping: columnMappingSchema.nullable(),
  mapping_source: mappingSourceSchema.nullable(),
});
export type FileReading = z.infer<typeof fileReadingSchema>;

export const filePreviewSchema = z.object({
  filename: z.string(),
  total_rows: z.number().int().nullable(),
  total_columns: z.number().int(),
  file_size: z.number().int(),
  preview_rows: z.array(z.record(z.string(), cellValueSchema)),
  columns_info: z.array(columnInfoSchema),
  accepted_rows: z.number().int().nullable(),
  rejected_rows: z.number().int().nullable(),
  problems: z.array(rowProblemSchema),
  error: z.string().optional(),
  /** Optional: files imported before it was recorded have none. */
  reading: fileReadingSchema.optional(),
});
export type FilePreview = z.infer<typeof filePreviewSchema>;

export const uploadResponseSchema = z.object({
  message: z.string(),
  status: jobStatusSchema,
  job_status: jobStatusSchema,
  file_id: z.string().nullable(),
  preview: filePreviewSchema,
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/** A file that cannot be imported (422): the upload shape, its text also in `error` (product-rules: API calls). */
export const failedUploadResponseSchema = uploadResponseSchema.extend({
  error: z.string(),
  code: errorCodeSchema,
});

/**
 * The import's progress (docs/ingestion.md, "Progress"). Null for files imported before
 * progress was recorded; optional, so clients written without them keep working.
 */
export const importProgressSchema = z.object({
  /** Rows read so far, accepted and rejected; `total_rows` once the import has ended. */
  rows_processed: z.number().int().nullable().optional(),
  /** The rows the file should hold, estimated before the import starts; null when unknown (spreadsheets). */
  rows_expected: z.number().int().nullable().optional(),
  /** Rows read a second since the import started; null unless it is running and has read some. */
  rows_per_second: z.number().int().nullable().optional(),
});
export type ImportProgress = z.infer<typeof importProgressSchema>;

export const fileSummarySchema = z.object({
  file_id: z.string(),
  filename: z.string(),
  file_size: z.number().int(),
  job_status: jobStatusSchema,
  uploaded_at: z.string(),
  completed_at: z.string().nullable(),
  total_rows: z.number().int().nullable(),
  accepted_rows: z.number().int().nullable(),
  rejected_rows: z.number().int().nullable(),
  ...importProgressSchema.shape,
  error: z.string().nullable(),
  /** product-rules: Entities and fields File: the preview, as the upload answered it. */
  preview: filePreviewSchema,
});
export type FileSummary = z.infer<typeof fileSummarySchema>;

export const listFilesResponseSchema = z.object({ files: z.array(fileSummarySchema) });
export type ListFilesResponse = z.infer<typeof listFilesResponseSchema>;

export const previewFileResponseSchema = z.object({
  file_id: z.string(),
  job_status: jobStatusSchema,
  ...importProgressSchema.shape,
  preview: filePreviewSchema,
});
export type PreviewFileResponse = z.infer<typeof previewFileResponseSchema>;

export const deleteFileResponseSchema = z.object({
  message: z.string(),
  file_id: z.string(),
  removed_customers: z.number().int(),
});
export type DeleteFileResponse = z.infer<typeof deleteFileResponseSchema>;

export const fileIdParamsSchema = z.object({
  file_id: z.string().max(200),
});

/**
 * What a stored preview keeps, so each file's entry in the file list stays small whatever the
 * file holds (up to 1,000 columns of 10,000 characters): the known columns plus this many
 * others, each text cut to this many characters (an ellipsis marks the cut).
 */
export const PREVIEW_EXTRA_COLUMNS = 8;
export const PREVIEW_TEXT_MAX_CHARS = 100;
/** The file list is paged: `limit` files from `offset`, oldest first. */
export const FILES_PAGE_MAX = 100;
export const listFilesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(FILES_PAGE_MAX).default(FILES_PAGE_MAX),
  offset: z.coerce.number().int().min(0).default(0),
});
export type ListFilesQuery = z.infer<typeof listFilesQuerySchema>;
