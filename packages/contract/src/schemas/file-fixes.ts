import { z } from 'zod';
import { errorBodySchema } from '../errors.js';
import { MAPPABLE_COLUMNS } from './column-mapping.js';
import { rowProblemSchema } from './files.js';

/**
 * Fixing rejected rows in place (docs/ingestion.md, "Fixing rejected rows"): the rejected rows
 * of a completed import are listed a page at a time with their problems; the admin corrects
 * them and sends them back, and they are validated and imported as an upload's rows would be.
 */

/** Rejected rows a page of the fix view holds at most (and the default page). */
export const FIX_ROWS_PAGE_MAX = 100;
export const FIX_ROWS_PAGE_DEFAULT = 25;
/** Rows one fix may send. */
export const FIX_ROWS_MAX = 500;
/**
 * The longest cell a fix may send: the longest valid value of any column (a customer_id, 64
 * characters; numbers, codes and flags are shorter, with room for the spaces around them).
 */
export const FIX_CELL_MAX_CHARS = 64;
/**
 * The longest row a fix can send, in bytes of JSON as JSON.stringify writes it: the largest row
 * number and every column at FIX_CELL_MAX_CHARS of the costliest character (a control
 * character, written `\u001f`: 6 bytes).
 */
export const FIX_ROW_MAX_BYTES = JSON.stringify({
  row: Number.MAX_SAFE_INTEGER,
  values: Object.fromEntries(MAPPABLE_COLUMNS.map((c) => [c, '\u001f'.repeat(FIX_CELL_MAX_CHARS)])),
}).length;
/**
 * The fix route's body limit: FIX_ROWS_MAX rows of FIX_ROW_MAX_BYTES, with their commas and
 * `{"rows":[]}` (about 6 MB). Any body the schema takes fits (written without indentation); a
 * larger one is refused with 413 `payload_too_large` before it is read (docs/ingestion.md).
 */
export const FIX_BODY_MAX_BYTES =
  JSON.stringify({ rows: [] }).length + FIX_ROWS_MAX * (FIX_ROW_MAX_BYTES + 1);

export const FIX_MESSAGES = {
  fixed: (n: number) =>
    `${n.toLocaleString('en-US')} ${n === 1 ? 'row' : 'rows'} fixed and imported`,
  stillInvalid:
    'Some rows still have problems: correct the highlighted cells and save again. Nothing was imported.',
  notCompleted: 'Only the rejected rows of a completed import can be fixed.',
  alreadyFixed:
    'Some of these rows were fixed meanwhile by someone else: reload the list to see what is left.',
  notRejected: 'is not a rejected row of this file',
  unknownColumn: 'is not one of our columns',
  cellTooLong: `A cell can be at most ${FIX_CELL_MAX_CHARS} characters: no valid value is longer.`,
} as const;

export const fileFixesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(FIX_ROWS_PAGE_MAX).default(FIX_ROWS_PAGE_DEFAULT),
  offset: z.coerce.number().int().min(0).default(0),
});
export type FileFixesQuery = z.infer<typeof fileFixesQuerySchema>;

/** One rejected row: its row number in the file, its cells by column name and its problems. */
export const fixableRowSchema = z.object({
  row: z.number().int(),
  values: z.record(z.string(), z.string()),
  problems: z.array(rowProblemSchema),
});
export type FixableRow = z.infer<typeof fixableRowSchema>;

export const fileFixesPageSchema = z.object({
  file_id: z.string(),
  filename: z.string(),
  /** The columns a row holds, in the order of the file's template. */
  columns: z.array(z.string()),
  rows: z.array(fixableRowSchema),
  /** The file's counts now; `rejected_rows` is also the number of rows to page through. */
  accepted_rows: z.number().int(),
  rejected_rows: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type FileFixesPage = z.infer<typeof fileFixesPageSchema>;

export const fileFixesBodySchema = z.object({
  rows: z
    .array(
      z.object({
        /** The row number the problems name (the header is row 1). */
        row: z.number().int().min(1),
        /** The whole corrected row, by column name (a column left out is empty). */
        values: z.record(
          z.string().max(64),
          z.string().max(FIX_CELL_MAX_CHARS, FIX_MESSAGES.cellTooLong),
        ),
      }),
    )
    .min(1)
    .max(FIX_ROWS_MAX),
});
export type FileFixesBody = z.infer<typeof fileFixesBodySchema>;

export const fileFixesResponseSchema = z.object({
  message: z.string(),
  file_id: z.string(),
  /** Rows imported by this fix. */
  fixed_rows: z.number().int(),
  accepted_rows: z.number().int(),
  rejected_rows: z.number().int(),
});
export type FileFixesResponse = z.infer<typeof fileFixesResponseSchema>;

/** A 400 of a fix: with `problems` when rows are still invalid (`rows_still_invalid`). */
export const fileFixesErrorBodySchema = errorBodySchema.extend({
  problems: z.array(rowProblemSchema).optional(),
});
export type FileFixesErrorBody = z.infer<typeof fileFixesErrorBodySchema>;
