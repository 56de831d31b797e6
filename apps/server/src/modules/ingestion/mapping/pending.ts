import {
  PREVIEW_TEXT_MAX_CHARS,
  type ColumnMapping,
  type FileReading,
  type NeedsMappingResponse,
} from '@behavio/contract';
import type { FileFormat } from '../../../db/schema.js';
import { columnNameOf, type HeaderSample, type ParseSummary } from '../parse/index.js';
import type { PendingFile } from './mapping.repository.js';
import { isMappable } from './resolve.js';
import { suggestMapping } from './suggest.js';

/**
 * Days a file waits for its column mapping before the nightly sweep removes it with its upload
 * (an admin who left the mapping step is unlikely to come back after a week).
 */
export const WAITING_FILE_MAX_DAYS = 7;
/** Who the audit log names for what the nightly sweep removes. */
export const WAITING_FILE_SWEEPER = 'nightly-sweep';

export const NOT_WAITING_FOR_MAPPING = 'File not found, or it is not waiting for a column mapping';
export const NEEDS_MAPPING_MESSAGE =
  'Some columns of the file do not have our names: choose which column holds each field, then confirm to import it';

/** An upload kept in storage, before it becomes a file. */
export interface StoredUpload {
  id: string;
  key: string;
  filename: string;
  size: number;
  format: FileFormat;
  /** It waited for its mapping: its upload is already kept, its pending row must go. */
  pending?: boolean;
}

/** How the file's columns were found, recorded with it and shown on its tab. */
export type AppliedMapping =
  | { source: 'headers' }
  | { source: 'saved'; mapping: ColumnMapping }
  | { source: 'confirmed'; mapping: ColumnMapping; save: boolean; headers: string[] };

/** A header that is none of our columns: it may hold one under another name. */
export const isUnknownHeader = (header: string): boolean => !isMappable(columnNameOf(header));

const cut = (s: string) =>
  s.length > PREVIEW_TEXT_MAX_CHARS ? `${s.slice(0, PREVIEW_TEXT_MAX_CHARS - 1)}…` : s;

/** The pending file to keep and the upload's answer, with suggestions for every column. */
export function holdForMapping(
  stored: StoredUpload,
  sample: HeaderSample,
  reading: Pick<ParseSummary, 'encoding' | 'delimiter'>,
): {
  pending: Omit<PendingFile, 'firmId' | 'uploadedBy'>;
  answer: NeedsMappingResponse;
} {
  const headers = sample.headers.map((h) => ({ header: h.header, samples: h.samples.map(cut) }));
  const suggestions = suggestMapping(headers);
  const used = new Set(suggestions.map((s) => s.header));
  return {
    pending: {
      id: stored.id,
      filename: stored.filename,
      fileSize: stored.size,
      format: stored.format,
      storageKey: stored.key,
      headers,
      suggestions,
      encoding: reading.encoding,
      delimiter: reading.delimiter,
    },
    answer: {
      message: NEEDS_MAPPING_MESSAGE,
      status: 'needs_mapping',
      job_status: 'needs_mapping',
      file_id: stored.id,
      filename: stored.filename,
      mapping_suggestions: suggestions,
      unmatched_headers: headers.map((h) => h.header).filter((h) => !used.has(h)),
      headers,
      encoding: reading.encoding,
      delimiter: reading.delimiter,
    },
  };
}

/** What the file's tab shows of how the file was read. */
export function readingOf(
  summary: Pick<ParseSummary, 'encoding' | 'delimiter'>,
  applied: AppliedMapping,
): FileReading {
  return {
    encoding: summary.encoding,
    delimiter: summary.delimiter,
    mapping: applied.source === 'headers' ? null : applied.mapping,
    mapping_source: applied.source,
  };
}
