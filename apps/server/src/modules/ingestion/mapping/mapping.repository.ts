import { createHash } from 'node:crypto';
import type { ColumnMapping, FileHeader, MappingSuggestion } from '@behavio/contract';
import { sql } from 'kysely';
import type { Executor } from '../../../db/executor.js';
import { withoutFirmScope } from '../../../db/firm-scope.js';
import type { FileFormat } from '../../../db/schema.js';

/**
 * The key a saved mapping is found by: the file's headers, trimmed, compared without case and
 * in any order (an export that moves a column still uses its saved mapping).
 */
export function headersKey(headers: readonly string[]): string {
  const normalised = headers.map((h) => h.trim().toLowerCase()).sort();
  return createHash('sha256').update(JSON.stringify(normalised)).digest('hex');
}

export interface PendingFile {
  id: string;
  firmId: string;
  uploadedBy: string | null;
  filename: string;
  fileSize: number;
  format: FileFormat;
  storageKey: string;
  headers: FileHeader[];
  suggestions: MappingSuggestion[];
  encoding: string | null;
  delimiter: string | null;
}

export async function insertPendingFile(db: Executor, file: PendingFile): Promise<void> {
  await db
    .insertInto('pending_files')
    .values({
      id: file.id,
      firm_id: file.firmId,
      uploaded_by: file.uploadedBy,
      filename: file.filename,
      file_size: file.fileSize,
      format: file.format,
      storage_key: file.storageKey,
      headers: JSON.stringify(file.headers),
      suggestions: JSON.stringify(file.suggestions),
      encoding: file.encoding,
      delimiter: file.delimiter,
    })
    .execute();
}

export async function findPendingFile(db: Executor, firmId: string, fileId: string) {
  return db
    .selectFrom('pending_files')
    .selectAll()
    .where('firm_id', '=', firmId)
    .where('id', '=', fileId)
    .executeTakeFirst();
}

/** Cancels one of the firm's waiting files: what was removed, or undefined when none. */
export async function cancelPendingFile(db: Executor, firmId: string, fileId: string) {
  return db
    .deleteFrom('pending_files')
    .where('firm_id', '=', firmId)
    .where('id', '=', fileId)
    .returning(['storage_key', 'filename'])
    .executeTakeFirst();
}

/** Removes the waiting files older than `days`, of every firm: what was removed. */
export async function expirePendingFiles(db: Executor, days: number) {
  return withoutFirmScope(db, 'the daily sweep removes every firm’s expired waiting files')
    .deleteFrom('pending_files')
    .where('created_at', '<', sql<Date>`now() - make_interval(days => ${days})`)
    .returning(['id', 'firm_id', 'storage_key', 'filename', 'created_at'])
    .execute();
}

/** Removes the pending file; false when another request took it first. */
export async function deletePendingFile(
  db: Executor,
  firmId: string,
  fileId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('pending_files')
    .where('firm_id', '=', firmId)
    .where('id', '=', fileId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

const MAPPING_COLUMNS = ['id', 'headers', 'mapping', 'created_at', 'last_used_at'] as const;

export async function findSavedMapping(db: Executor, firmId: string, headers: readonly string[]) {
  return db
    .selectFrom('column_mappings')
    .select(MAPPING_COLUMNS)
    .where('firm_id', '=', firmId)
    .where('headers_key', '=', headersKey(headers))
    .executeTakeFirst();
}

export async function touchSavedMapping(
  db: Executor,
  firmId: string,
  mappingId: string,
): Promise<void> {
  await db
    .updateTable('column_mappings')
    .set({ last_used_at: new Date() })
    .where('firm_id', '=', firmId)
    .where('id', '=', mappingId)
    .execute();
}

/** Saves the firm's mapping for these headers, replacing the one it had for them: its id. */
export async function saveMapping(
  db: Executor,
  entry: { firmId: string; userId: string; headers: readonly string[]; mapping: ColumnMapping },
): Promise<string> {
  const now = new Date();
  const saved = await db
    .insertInto('column_mappings')
    .values({
      firm_id: entry.firmId,
      headers_key: headersKey(entry.headers),
      headers: JSON.stringify(entry.headers),
      mapping: JSON.stringify(entry.mapping),
      created_by: entry.userId,
      last_used_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['firm_id', 'headers_key']).doUpdateSet({
        headers: JSON.stringify(entry.headers),
        mapping: JSON.stringify(entry.mapping),
        created_by: entry.userId,
        last_used_at: now,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return saved.id;
}

export async function listSavedMappings(db: Executor, firmId: string) {
  return db
    .selectFrom('column_mappings')
    .select(MAPPING_COLUMNS)
    .where('firm_id', '=', firmId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** Forgets one of the firm's saved mappings: what it was, or undefined when it has none with that id. */
export async function deleteSavedMapping(db: Executor, firmId: string, mappingId: string) {
  return db
    .deleteFrom('column_mappings')
    .where('firm_id', '=', firmId)
    .where('id', '=', mappingId)
    .returning(['headers', 'mapping'])
    .executeTakeFirst();
}
