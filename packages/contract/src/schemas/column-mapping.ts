import { z } from 'zod';
import { OPTIONAL_COLUMNS, REQUIRED_COLUMNS } from './customer-columns.js';
import { columnMappingSchema, uploadResponseSchema } from './files.js';

/**
 * Column mapping (docs/ingestion.md, "Column mapping"): a file whose headers do not all name our
 * columns is kept and waits until the admin says which header holds which column.
 */

/** The columns a mapping can name: the 28 required ones and the optional amounts. */
export const MAPPABLE_COLUMNS = [
  ...REQUIRED_COLUMNS.map((c) => c.name),
  ...OPTIONAL_COLUMNS.map((c) => c.name),
] as const;
export type MappableColumn = (typeof MAPPABLE_COLUMNS)[number];

/** Headers and values the mapping screen and API show, cut to keep answers small. */
export const MAPPING_SAMPLE_ROWS = 5;

export const mappingSuggestionSchema = z.object({
  column: z.string(),
  /** The header suggested for the column; null when nothing fits. */
  header: z.string().nullable(),
  /** 0-1: 1 for the column's own name, about 0.9 for a known synonym, less for a guess. */
  confidence: z.number().min(0).max(1),
  required: z.boolean(),
});
export type MappingSuggestion = z.infer<typeof mappingSuggestionSchema>;

export const fileHeaderSchema = z.object({
  header: z.string(),
  /** The first values under the header, as the file writes them. */
  samples: z.array(z.string()),
});
export type FileHeader = z.infer<typeof fileHeaderSchema>;

/** The upload's answer for a file that waits for its mapping (not yet counted as uploaded). */
export const needsMappingResponseSchema = z.object({
  message: z.string(),
  status: z.literal('needs_mapping'),
  job_status: z.literal('needs_mapping'),
  file_id: z.string(),
  filename: z.string(),
  mapping_suggestions: z.array(mappingSuggestionSchema),
  /** Headers no suggestion uses. */
  unmatched_headers: z.array(z.string()),
  /** Every header of the file in order, with sample values. */
  headers: z.array(fileHeaderSchema),
  /** What the file was read as: its text encoding and separator (null for spreadsheets). */
  encoding: z.string().nullable(),
  delimiter: z.string().nullable(),
});
export type NeedsMappingResponse = z.infer<typeof needsMappingResponseSchema>;

export const fileMappingBodySchema = z.object({
  mapping: columnMappingSchema,
  /** Remember the mapping for the firm's next files with the same headers (default true). */
  save: z.boolean().default(true),
});
export type FileMappingBody = z.input<typeof fileMappingBodySchema>;

export const savedMappingSchema = z.object({
  mapping_id: z.string(),
  headers: z.array(z.string()),
  mapping: columnMappingSchema,
  created_at: z.string(),
  /** The last time a file used it, or when it was saved. */
  last_used_at: z.string(),
});
export type SavedMapping = z.infer<typeof savedMappingSchema>;

export const listMappingsResponseSchema = z.object({ mappings: z.array(savedMappingSchema) });
export type ListMappingsResponse = z.infer<typeof listMappingsResponseSchema>;

export const mappingIdParamsSchema = z.object({ mapping_id: z.string().max(200) });

export const deleteMappingResponseSchema = z.object({
  message: z.string(),
  mapping_id: z.string(),
});
export type DeleteMappingResponse = z.infer<typeof deleteMappingResponseSchema>;

/** The upload's 201: a stored file with its import status, or a file waiting for its mapping. */
export const uploadAnswerSchema = z.union([uploadResponseSchema, needsMappingResponseSchema]);
export type UploadAnswer = z.infer<typeof uploadAnswerSchema>;
