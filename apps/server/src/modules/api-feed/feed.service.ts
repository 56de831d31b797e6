import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import {
  API_KEY_MESSAGES,
  PROBLEMS_KEPT,
  type FeedCustomersRequest,
  type FeedImportResponse,
  type ImportStatusResponse,
  type RowProblem,
  type UploadAnswer,
  type UploadResponse,
} from '@behavio/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest, notFound } from '../../errors/app-error.js';
import type { ApiKeyPrincipal } from '../../plugins/access.js';
import type { FileRecord, IngestionService, Uploader } from '../ingestion/ingestion.service.js';
import { parseCustomerFile } from '../ingestion/parse/index.js';
import type { StoredUpload } from '../ingestion/mapping/pending.js';
import { FEED_JSON_FILENAME, feedCsv } from './feed-csv.js';
import {
  claimIdempotencyKey,
  findIdempotencyKey,
  reusedIdempotencyKey as reusedKey,
} from '../idempotency/idempotency.service.js';

/** A feed answer, and whether it repeats an import an earlier request with its key started. */
export interface FeedAnswer {
  body: FeedImportResponse;
  replayed: boolean;
}

/** What the rows of a JSON body came to, known before anything is stored. */
interface Checked {
  accepted: number;
  rejected: number;
  problems: RowProblem[];
}

/** The same request (its Idempotency-Key) was imported already: answer that import. */
class AlreadyImported extends Error {
  constructor(readonly fileId: string) {
    super('already imported');
  }
}

const uploaderOf = (key: ApiKeyPrincipal): Uploader => ({
  firmId: key.firmId,
  plan: key.plan,
  userId: null,
  actor: { firmId: key.firmId, apiKey: { id: key.keyId, name: key.name, prefix: key.prefix } },
  apiKeyId: key.keyId,
});

const sha256 = (...parts: (string | Buffer)[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('hex');
};

async function hashFile(path: string, filename: string): Promise<string> {
  const hash = createHash('sha256').update(`file\n${filename}\n`);
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * The customer feed (docs/api-feed.md): a firm's system sends customers with an API key, as
 * JSON or as a file; either way they become an ordinary file of the firm (`source: api`) and go
 * through the one import (validation, upsert, insights and all that follows an import).
 */
export class FeedService {
  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      ingestion: IngestionService;
      maxRows: number;
    },
  ) {}

  /**
   * A JSON body: its rows are checked by the import's own rules before anything is stored, so
   * the answer says at once what was accepted and rejected; none valid answers 400 with the
   * problems and stores nothing.
   */
  async importJson(
    key: ApiKeyPrincipal,
    body: FeedCustomersRequest,
    idempotencyKey: string | undefined,
    context: { requestId?: string },
  ): Promise<FeedAnswer> {
    const csv = feedCsv(body.customers);
    const checked = await this.check(csv);
    const requestHash = sha256('json\n', csv);
    const earlier = await this.earlierImport(key, idempotencyKey, requestHash);
    if (earlier) return this.replay(key, earlier, checked);
    if (checked.accepted === 0) {
      throw new AppError(
        'no_valid_rows',
        API_KEY_MESSAGES.noValidRows,
        checked.problems.map((p) => ({
          path: `customers.${p.row - 2}.${p.column}`,
          msg: p.reason,
        })),
        undefined,
        { problems: checked.problems },
      );
    }
    const uploader = uploaderOf(key);
    const stored = await this.deps.ingestion.store(uploader, {
      filename: FEED_JSON_FILENAME,
      stream: Readable.from([csv]),
      truncated: () => false,
    });
    return this.start(key, stored, { idempotencyKey, requestHash }, context, checked);
  }

  /** A CSV or Excel file, as the upload takes it; its counts are known once its import ends. */
  async importFile(
    key: ApiKeyPrincipal,
    file: { filename: string; stream: Readable; truncated: () => boolean },
    idempotencyKey: string | undefined,
    context: { requestId?: string },
  ): Promise<FeedAnswer> {
    const { ingestion } = this.deps;
    // Refused before the file is read, unless it may be a retry of the firm's one import.
    if (!idempotencyKey) await ingestion.assertMayUpload(uploaderOf(key));
    const stored = await ingestion.store(uploaderOf(key), file);
    let requestHash: string;
    let earlier: string | undefined;
    try {
      requestHash = await hashFile(ingestion.uploadPathOf(stored), stored.filename);
      earlier = await this.earlierImport(key, idempotencyKey, requestHash);
    } catch (error) {
      await ingestion.discard(stored);
      throw error;
    }
    if (earlier) {
      await ingestion.discard(stored);
      return this.replay(key, earlier);
    }
    return this.start(key, stored, { idempotencyKey, requestHash }, context);
  }

  /** GET /api/v1/imports/{import_id}: one of the firm's feed imports. */
  async status(key: ApiKeyPrincipal, importId: string): Promise<ImportStatusResponse> {
    const record = await this.feedImport(key, importId);
    return {
      ...importOf(record),
      total_rows: record.total_rows,
      rows_processed: record.rows_processed,
      created_at: record.created_at.toISOString(),
      completed_at: record.completed_at?.toISOString() ?? null,
      error: record.error,
    };
  }

  private async check(csv: Buffer): Promise<Checked> {
    const parsed = await parseCustomerFile(
      { buffer: csv, filename: FEED_JSON_FILENAME },
      {
        maxRows: this.deps.maxRows,
        previewRows: 0,
        copyText: false,
        sampleProblems: PROBLEMS_KEPT,
      },
    );
    // The CSV is ours, with every column in its header: it always reads.
    if (!parsed.ok) throw badRequest(parsed.error.message);
    const { summary } = parsed;
    return {
      accepted: summary.accepted,
      rejected: summary.rejected,
      problems: summary.sample_problems,
    };
  }

  /** The import this Idempotency-Key started, when it carried the same request; 422 otherwise. */
  private async earlierImport(
    key: ApiKeyPrincipal,
    idempotencyKey: string | undefined,
    requestHash: string,
  ): Promise<string | undefined> {
    if (!idempotencyKey) return undefined;
    const used = await findIdempotencyKey(this.deps.db, feedClaim(key, idempotencyKey));
    if (!used) return undefined;
    if (used.request_hash !== requestHash) throw reusedKey();
    return used.file_id ?? undefined;
  }

  private async start(
    key: ApiKeyPrincipal,
    stored: StoredUpload,
    request: { idempotencyKey: string | undefined; requestHash: string },
    context: { requestId?: string },
    checked?: Checked,
  ): Promise<FeedAnswer> {
    const { idempotencyKey, requestHash } = request;
    let answer: UploadAnswer;
    try {
      answer = await this.deps.ingestion.importStored(uploaderOf(key), stored, context, {
        mayHold: false,
        // Under the firm's lock: of two identical requests at once, the second finds the first's.
        beforeRecord: async (trx, fileId) => {
          if (!idempotencyKey) return;
          const used = await claimIdempotencyKey(trx, {
            ...feedClaim(key, idempotencyKey),
            requestHash,
            fileId,
          });
          if (!used) return;
          if (used.request_hash !== requestHash) throw reusedKey();
          throw new AlreadyImported(used.file_id!);
        },
      });
    } catch (error) {
      if (error instanceof AlreadyImported) return this.replay(key, error.fileId, checked);
      throw asFeedError(error);
    }
    // The feed never holds a file for a mapping, so the answer is an import.
    const response = answer as UploadResponse;
    return {
      replayed: false,
      body: {
        message: messageOf(response.job_status),
        import_id: response.file_id!,
        job_status: response.job_status,
        ...(checked ?? {
          accepted: response.preview.accepted_rows,
          rejected: response.preview.rejected_rows,
          problems: response.preview.problems,
        }),
      },
    };
  }

  /** The earlier import, as it stands now; a JSON body's counts as its check found them. */
  private async replay(
    key: ApiKeyPrincipal,
    fileId: string,
    checked?: Checked,
  ): Promise<FeedAnswer> {
    const record = await this.feedImport(key, fileId);
    const current = importOf(record);
    return {
      replayed: true,
      body: { message: messageOf(current.job_status), ...current, ...(checked ?? {}) },
    };
  }

  private async feedImport(key: ApiKeyPrincipal, importId: string) {
    const record = await this.deps.ingestion.findFile(key.firmId, importId);
    // Only what came through the feed: a key reads nothing an employee uploaded.
    if (!record || record.source !== 'api') throw notFound(API_KEY_MESSAGES.importNotFound);
    return record;
  }
}

/** The feed's keys are the firm's, whichever of its API keys sends them. */
const feedClaim = (key: ApiKeyPrincipal, idempotencyKey: string) => ({
  firmId: key.firmId,
  scope: 'feed' as const,
  userId: null,
  key: idempotencyKey,
});

const messageOf = (status: string) =>
  status === 'completed'
    ? 'Customers imported'
    : status === 'failed'
      ? 'The import failed'
      : 'Customers received; the import is in progress';

function importOf(record: FileRecord) {
  return {
    import_id: record.id,
    job_status: record.status,
    accepted: record.accepted_rows,
    rejected: record.rejected_rows,
    problems: (record.problems ?? []) as RowProblem[],
  };
}

/**
 * A file the import refused answers as the upload does (422 `upload_failed`), in the feed's
 * shape: the import, when there is one, and its rows' problems.
 */
function asFeedError(error: unknown): unknown {
  if (!(error instanceof AppError) || error.code !== 'upload_failed') return error;
  const extra = error.extra as Partial<UploadResponse> | undefined;
  return new AppError('upload_failed', error.message, undefined, undefined, {
    ...(extra?.file_id ? { import_id: extra.file_id } : {}),
    problems: extra?.preview?.problems ?? [],
  });
}
