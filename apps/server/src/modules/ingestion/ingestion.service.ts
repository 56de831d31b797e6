import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  FREE_PLAN_UPLOAD_MESSAGE,
  INVALID_FILE_TYPE_MESSAGE,
  PROBLEMS_KEPT,
  isPaidPlan,
  type DeleteFileResponse,
  type FilePreview,
  type FileSummary,
  type ListFilesQuery,
  type PreviewFileResponse,
  type UploadResponse,
  MAPPING_SAMPLE_ROWS,
  type ColumnMapping,
  type DeleteMappingResponse,
  type SavedMapping,
  type UploadAnswer,
  type Plan,
} from '@behavio/contract';
import type { Logger } from 'pino';
import type { ImportConfig } from '../../config/env.js';
import type { DatabaseHandle } from '../../db/database.js';
import { AppError, badRequest, forbidden, notFound } from '../../errors/app-error.js';
import type { Principal } from '../../plugins/access.js';
import { FileStorage, type LocalFile } from '../files/file-storage.js';
import { countActiveFiles } from '../files/files.repository.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { recordAudit, type AuditActor } from '../audit/audit.repository.js';
import type { Executor } from '../../db/executor.js';
import * as repo from './ingestion.repository.js';
import {
  fileTypeFromName,
  inspectCustomerFile,
  parseCustomerFile,
  sampleCustomerFile,
  type AcceptedRow,
  type ColumnInfo,
  type ParseSummary,
} from './parse/index.js';
import {
  cancelPendingFile,
  deletePendingFile,
  expirePendingFiles,
  deleteSavedMapping,
  listSavedMappings,
  findPendingFile,
  findSavedMapping,
  insertPendingFile,
  saveMapping,
  touchSavedMapping,
} from './mapping/mapping.repository.js';
import {
  NOT_WAITING_FOR_MAPPING,
  WAITING_FILE_MAX_DAYS,
  WAITING_FILE_SWEEPER,
  holdForMapping,
  isUnknownHeader,
  readingOf,
  type AppliedMapping,
  type StoredUpload,
} from './mapping/pending.js';
import { headerToColumn, resolveMapping } from './mapping/resolve.js';
import { RejectedReport } from './rejected-report.js';
import { boundPreview } from './preview-bounds.js';
import {
  EMBEDDED_BEFORE_LOAD,
  buildLoadTables,
  dropLoadTables,
  firmHasPartitions,
  loadTablesOf,
} from './load-tables.js';
import { openLoadWriter } from './load-writer.js';
import { CopyLines } from './copy-lines.js';
import { openScorer, resolveScoringWorker } from './scoring/scoring-pool.js';
import { WarmThreads } from './scoring/warm-threads.js';
import type { RecommendationsService } from '../products/recommendations.service.js';
import { expectedRows } from './expected-rows.js';
import { FileFixesService, REPORT_UNREADABLE } from './fixes/fixes.service.js';
import { reportWithout } from './fixes/report-rows.js';

export const IMPORT_QUEUE = 'import-customer-file';
export type FileRecord = repo.FileRecord;
const PREVIEW_ROWS = 10;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NO_VALID_ROWS = 'No row of the file is valid: see the problems and the error report';
const INTERRUPTED =
  'The import was interrupted (the server stopped) and could not be resumed. Please upload the file again.';
/** How long an import of a firm that is already importing waits before it looks again. */
const FIRM_BUSY_RETRY_SECONDS = 2;

/**
 * Who sends a file: an employee through the upload, or a firm's system through an API key (the
 * feed, docs/api-feed.md). Both go through the same checks, storage and import job.
 */
export interface Uploader {
  firmId: string;
  plan: Plan;
  /** The employee; null for the feed. */
  userId: string | null;
  /** Who the audit log names. */
  actor: AuditActor;
  /** The key that sent a feed request; null for an upload. */
  apiKeyId: string | null;
}

export const uploaderOf = (principal: Principal): Uploader => ({
  firmId: principal.firmId,
  plan: principal.plan,
  userId: principal.userId,
  actor: principal,
  apiKeyId: null,
});

/** What the feed adds to an import: no one to confirm a mapping, and its Idempotency-Key. */
export interface ImportOptions {
  /** Keep a file whose headers need a mapping until the admin confirms one (uploads only). */
  mayHold: boolean;
  /**
   * Run first in the transaction that records the file, under the firm's lock: the feed claims
   * its Idempotency-Key there, so two identical requests record one file.
   */
  beforeRecord?: (trx: Executor, fileId: string) => Promise<void>;
}

export interface ImportJob {
  fileId: string;
  firmId: string;
  /** The upload request's id, so the import's log lines can be found from it (absent on old jobs). */
  requestId?: string;
}

interface Deps {
  database: DatabaseHandle;
  queue: JobQueue;
  /** Asked, in the import's final transaction, to recompute the firm's recommendations. */
  recommendations: Pick<RecommendationsService, 'request'>;
  storage: FileStorage;
  logger: Logger;
  limits: { maxRows: number; maxUploadBytes: number };
  /** How long an upload waits for its import before answering `processing`. */
  uploadWaitMs: number;
  imports: ImportConfig;
  /** The insights scoring worker's file, when not next to this module (tests: a built one). */
  scoringWorker?: URL;
  /** Tests only: runs after each loaded batch, so a test can act while an import runs. */
  afterBatch?: () => Promise<void>;
}

const publicColumns = (columns: ColumnInfo[]) =>
  columns.map((c) => ({ name: c.name, required: c.required, kind: c.kind ?? ('extra' as const) }));

/** A failed upload answers 422 with the upload shape, so the screen can show what failed. */
function failedUpload(message: string, fileId: string | null, preview: FilePreview): AppError {
  const body: Omit<UploadResponse, 'message'> = {
    status: 'failed',
    job_status: 'failed',
    file_id: fileId,
    preview,
  };
  return new AppError('upload_failed', message, undefined, undefined, body);
}

function emptyPreview(filename: string, fileSize: number, error: string): FilePreview {
  return {
    filename,
    total_rows: null,
    total_columns: 0,
    file_size: fileSize,
    preview_rows: [],
    columns_info: [],
    accepted_rows: null,
    rejected_rows: null,
    problems: [],
    error,
  };
}

export class IngestionService {
  /** Files whose import runs in this process: never stalled, whatever their heartbeat says. */
  private readonly running = new Set<string>();
  /**
   * The scoring threads imports take and give back, kept warm between imports; null: imports
   * score in their own thread (IMPORT_SCORING_THREADS=0, or run from sources).
   */
  private readonly scoringThreads: WarmThreads | null;
  /** Fixing the rejected rows of completed imports in place. */
  readonly fixes: FileFixesService;

  constructor(private readonly deps: Deps) {
    const { concurrency, scoringThreads } = deps.imports;
    // Checked at start-up: a build without the worker file fails here, not at the first import.
    const worker = resolveScoringWorker(scoringThreads, deps.scoringWorker);
    this.scoringThreads = worker && new WarmThreads(worker, concurrency * scoringThreads);
    this.fixes = new FileFixesService(deps);
  }

  /** Ends the scoring threads kept between imports: at shutdown, once no import runs. */
  close(): Promise<void> {
    return this.scoringThreads?.close() ?? Promise.resolve();
  }

  private get db() {
    return this.deps.database.db;
  }

  /**
   * Stores the upload, checks its type, header and first rows, records it and enqueues the
   * import in one transaction, then waits a little so small files answer complete.
   */
  async upload(
    principal: Principal,
    file: { filename: string; stream: Readable; truncated: () => boolean },
    context: { requestId?: string } = {},
  ): Promise<UploadAnswer> {
    const uploader = uploaderOf(principal);
    // Refused before the file is read; checked again, under the firm's lock, as it is recorded.
    if (fileTypeFromName(file.filename)) await this.assertMayUpload(uploader);
    const stored = await this.store(uploader, file);
    return this.importStored(uploader, stored, context, { mayHold: true });
  }

  /**
   * Checks the file's type, then writes the upload to storage (not yet kept). The plan is
   * checked as the file is recorded (`importStored`): the feed first looks whether the same
   * request was already imported (docs/api-feed.md, "Retries").
   */
  async store(
    uploader: Uploader,
    file: { filename: string; stream: Readable; truncated: () => boolean },
  ): Promise<StoredUpload> {
    const { storage } = this.deps;
    const format = fileTypeFromName(file.filename);
    if (!format) {
      file.stream.resume();
      throw badRequest(INVALID_FILE_TYPE_MESSAGE, undefined, 'invalid_file_type');
    }
    const fileId = randomUUID();
    const key = FileStorage.key(uploader.firmId, fileId);
    const path = storage.uploadPath(key);
    try {
      await storage.write(path, file.stream);
    } catch (error) {
      await storage.remove(key);
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' || file.truncated())
        throw this.tooLarge();
      throw error;
    }
    if (file.truncated()) {
      await storage.remove(key);
      throw this.tooLarge();
    }
    const { size } = await stat(path);
    return { id: fileId, key, filename: file.filename, size, format };
  }

  /** The local path of a stored upload (before it is kept), for the feed to hash it. */
  uploadPathOf(stored: StoredUpload): string {
    return this.deps.storage.uploadPath(stored.key);
  }

  /** Forgets a stored upload that will not be imported. */
  async discard(stored: StoredUpload): Promise<void> {
    await this.deps.storage.remove(stored.key);
  }

  /**
   * Checks a stored upload's header and first rows, then records it and enqueues its import
   * (or, for an upload whose headers need a mapping, keeps it until one is confirmed).
   */
  async importStored(
    uploader: Uploader,
    stored: StoredUpload,
    context: { requestId?: string },
    options: ImportOptions,
  ): Promise<UploadAnswer> {
    const { storage } = this.deps;
    const path = storage.uploadPath(stored.key);
    const inspected = await this.inspect(path, stored.filename);
    const held =
      !inspected.ok && inspected.error.code === 'missing_columns'
        ? await this.mapOrHold(uploader, stored, path, context, options)
        : undefined;
    if (held) return held;
    if (!inspected.ok) {
      await storage.remove(stored.key);
      const { error } = inspected;
      if (error.code === 'invalid_file_type')
        throw badRequest(INVALID_FILE_TYPE_MESSAGE, undefined, 'invalid_file_type');
      throw failedUpload(
        error.message,
        null,
        emptyPreview(stored.filename, stored.size, error.message),
      );
    }
    const applied = { source: 'headers' } as const;
    return this.startImport(uploader, stored, inspected.summary, applied, context, options);
  }

  /** The header and first rows of a stored upload, read with a column mapping when it has one. */
  private inspect(path: string, filename: string, mapping?: ColumnMapping) {
    return inspectCustomerFile(
      { path, filename },
      {
        previewRows: PREVIEW_ROWS,
        maxRows: this.deps.limits.maxRows,
        mapping: mapping && headerToColumn(mapping),
      },
    );
  }

  /**
   * A file missing required columns whose headers do not all name our columns: imported at
   * once with the firm's saved mapping for these headers, else kept, waiting for the admin to
   * confirm a mapping (docs/ingestion.md, "Column mapping"). Undefined when every header is
   * one of our columns: nothing could hold the missing ones, and the file fails as it is.
   */
  private async mapOrHold(
    uploader: Uploader,
    stored: StoredUpload,
    path: string,
    context: { requestId?: string },
    options: ImportOptions,
  ): Promise<UploadAnswer | undefined> {
    const { storage } = this.deps;
    const sampled = await sampleCustomerFile(
      { path, filename: stored.filename },
      { sampleRows: MAPPING_SAMPLE_ROWS },
    );
    if (!sampled.ok) {
      await storage.remove(stored.key);
      const { message } = sampled.error;
      throw failedUpload(message, null, emptyPreview(stored.filename, stored.size, message));
    }
    const { sample, reading } = sampled;
    const headers = sample.headers.map((h) => h.header);
    if (!headers.some(isUnknownHeader)) return undefined;
    const saved = await findSavedMapping(this.db, uploader.firmId, headers);
    if (saved) {
      const inspected = await this.inspect(path, stored.filename, saved.mapping);
      // A saved mapping that no longer reads the file (its values moved) is asked for again.
      if (inspected.ok) {
        await touchSavedMapping(this.db, uploader.firmId, saved.id);
        const applied = { source: 'saved', mapping: saved.mapping } as const;
        return this.startImport(uploader, stored, inspected.summary, applied, context, options);
      }
    }
    // The feed has no one to confirm a mapping: its file fails on its missing columns.
    if (!options.mayHold) return undefined;
    const held = holdForMapping(stored, sample, reading);
    try {
      await storage.keepUpload(stored.key);
      await insertPendingFile(this.db, {
        ...held.pending,
        firmId: uploader.firmId,
        uploadedBy: uploader.userId,
      });
    } catch (error) {
      await storage.remove(stored.key);
      throw error;
    }
    return held.answer;
  }

  /**
   * POST /content/file-mapping/{file_id}: the admin's mapping for a file waiting for one,
   * checked against its headers, then the import starts as an upload's would; `save` keeps
   * the mapping for the firm's next files with these headers.
   */
  async confirmMapping(
    principal: Principal,
    fileId: string,
    body: { mapping: ColumnMapping; save: boolean },
    context: { requestId?: string } = {},
  ): Promise<UploadResponse> {
    const pending = UUID.test(fileId)
      ? await findPendingFile(this.db, principal.firmId, fileId)
      : undefined;
    if (!pending) throw notFound(NOT_WAITING_FOR_MAPPING);
    const headers = pending.headers.map((h) => h.header);
    const mapping = resolveMapping(headers, body.mapping);
    const stored: StoredUpload = {
      id: pending.id,
      key: pending.storage_key,
      filename: pending.filename,
      size: Number(pending.file_size),
      format: pending.format,
      pending: true,
    };
    const upload = await this.deps.storage.openUpload(stored.key);
    let inspected: Awaited<ReturnType<IngestionService['inspect']>>;
    try {
      inspected = await this.inspect(upload.path, stored.filename, mapping);
    } finally {
      await upload.release();
    }
    if (!inspected.ok) {
      const { message } = inspected.error;
      throw failedUpload(message, null, emptyPreview(stored.filename, stored.size, message));
    }
    const applied = { source: 'confirmed', mapping, save: body.save, headers } as const;
    return this.startImport(uploaderOf(principal), stored, inspected.summary, applied, context, {
      mayHold: false,
    });
  }

  /**
   * Records the file (a kept upload, or one that waited for its mapping) and enqueues its
   * import in one transaction, then waits a little so small files answer complete.
   */
  private async startImport(
    uploader: Uploader,
    stored: StoredUpload,
    summary: ParseSummary,
    applied: AppliedMapping,
    context: { requestId?: string },
    options: ImportOptions,
  ): Promise<UploadResponse> {
    const { storage } = this.deps;
    const fileId = stored.id;
    try {
      // Kept (in PostgreSQL, with DATABASE_URL) before the job exists, so any worker can read it.
      if (!stored.pending) await storage.keepUpload(stored.key);
      await this.db.transaction().execute(async (trx) => {
        await repo.lockFirm(trx, uploader.firmId);
        await options.beforeRecord?.(trx, fileId);
        await this.assertMayUpload(uploader, trx);
        if (stored.pending && !(await deletePendingFile(trx, uploader.firmId, fileId)))
          throw notFound(NOT_WAITING_FOR_MAPPING);
        await repo.insertFile(trx, {
          id: fileId,
          firmId: uploader.firmId,
          uploadedBy: uploader.userId,
          apiKeyId: uploader.apiKeyId,
          filename: stored.filename,
          fileSize: stored.size,
          format: stored.format,
          storageKey: stored.key,
          totalColumns: summary.total_columns,
          ...storedPreview(publicColumns(summary.columns_info), summary.preview_rows),
          reading: readingOf(summary, applied),
        });
        if (applied.source === 'confirmed' && applied.save && uploader.userId) {
          const mappingId = await saveMapping(trx, {
            firmId: uploader.firmId,
            userId: uploader.userId,
            headers: applied.headers,
            mapping: applied.mapping,
          });
          await recordAudit(trx, uploader.actor, {
            action: 'mapping.saved',
            subjectType: 'column_mapping',
            subjectId: mappingId,
            after: { headers: applied.headers, mapping: applied.mapping, file_id: fileId },
          });
        }
        await recordAudit(trx, uploader.actor, {
          action: 'file.uploaded',
          subjectType: 'file',
          subjectId: fileId,
          after: { filename: stored.filename, file_size: stored.size, format: stored.format },
        });
        await this.deps.queue.send<ImportJob>(
          IMPORT_QUEUE,
          { fileId, firmId: uploader.firmId, requestId: context.requestId },
          { trx },
        );
      });
    } catch (error) {
      // A pending file keeps its upload: the admin may confirm again once the plan allows.
      if (!stored.pending) await storage.remove(stored.key);
      throw error;
    }

    const record = await this.waitForImport(uploader.firmId, fileId);
    const preview = toPreview(record);
    if (record.status === 'failed')
      throw failedUpload(record.error ?? NO_VALID_ROWS, fileId, preview);
    return {
      message:
        record.status === 'completed'
          ? 'File uploaded successfully'
          : 'File uploaded; the import is in progress',
      status: record.status,
      job_status: record.status,
      file_id: fileId,
      preview,
    };
  }

  private tooLarge() {
    return new AppError(
      'file_too_large',
      `The file is larger than the ${Math.round(this.deps.limits.maxUploadBytes / 1024 / 1024)} MB limit.`,
    );
  }

  /** 403 `upload_limit_reached` for a free firm that already has its one file. */
  async assertMayUpload(uploader: Uploader, trx: Executor = this.db) {
    if (isPaidPlan(uploader.plan)) return;
    if (isPaidPlan(await repo.firmPlan(trx, uploader.firmId))) return;
    if ((await countActiveFiles(trx, uploader.firmId)) >= 1)
      throw forbidden(FREE_PLAN_UPLOAD_MESSAGE, 'upload_limit_reached');
  }

  private async waitForImport(firmId: string, fileId: string) {
    const deadline = Date.now() + this.deps.uploadWaitMs;
    for (;;) {
      const record = await repo.findFile(this.db, firmId, fileId);
      if (!record) throw notFound('File not found');
      if (record.status !== 'processing' || Date.now() >= deadline) return record;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /**
   * The background import job: claims the file (one import per firm at a time; a busy firm's
   * job comes back in a moment and leaves its slot to other firms), keeps its heartbeat while
   * the import runs, and runs it (docs/ingestion.md).
   */
  async runImport(
    job: ImportJob,
    attempt: { id: string; retryCount: number; retryLimit: number },
  ): Promise<void> {
    const { queue, imports } = this.deps;
    const claim = this.running.has(job.fileId)
      ? 'busy'
      : await this.db.transaction().execute((trx) =>
          repo.claimImport(trx, {
            ...job,
            jobId: attempt.id,
            staleSeconds: imports.staleSeconds,
          }),
        );
    if (claim === 'done') return;
    if (claim === 'busy') {
      // The firm is importing another file: this job gives its slot to other firms' imports.
      await queue.send<ImportJob>(IMPORT_QUEUE, job, { startAfter: FIRM_BUSY_RETRY_SECONDS });
      return;
    }
    this.running.add(job.fileId);
    const heartbeat = setInterval(
      () => {
        repo.beatImport(this.db, job.fileId, attempt.id).catch((error: unknown) => {
          this.deps.logger.warn({ err: error, fileId: job.fileId }, 'import heartbeat failed');
        });
      },
      (imports.staleSeconds * 1000) / 3,
    );
    try {
      await this.importClaimed(job, attempt);
    } finally {
      clearInterval(heartbeat);
      this.running.delete(job.fileId);
    }
  }

  /**
   * Imports whose worker is gone (killed mid-import: no heartbeat for IMPORT_STALE_SECONDS):
   * their load tables are dropped and their job failed, so pg-boss retries it after its
   * backoff; with no try left, the file fails with a reason. Any process running workers
   * checks, at start and every third of that time.
   */
  async recoverStalledImports(): Promise<void> {
    const { queue, logger, imports } = this.deps;
    for (const file of await repo.stalledImports(this.db, imports.staleSeconds)) {
      if (this.running.has(file.id)) continue;
      await dropLoadTables(this.db, loadTablesOf(file.id));
      const jobId = file.import_job_id;
      const retried =
        jobId !== null &&
        (await queue.failAbandoned(IMPORT_QUEUE, jobId, 'the worker running the import is gone'));
      if (retried) await repo.releaseImport(this.db, file.id, jobId);
      else await repo.markFailed(this.db, file.id, INTERRUPTED);
      logger.warn(
        { fileId: file.id, firmId: file.firm_id, retried },
        'an import whose worker was gone was recovered',
      );
    }
  }

  /**
   * The import itself, for a job that holds the file's claim: parse, score and COPY into the
   * file's load tables, then, in one short transaction, attach them as the firm's partitions
   * (a firm's first file, indexed in bulk beforehand) or merge them into the firm's customers.
   * Two imports of one firm can still
   * overlap (a stalled worker that comes back after its file was taken over), so the final
   * transaction copes with a partition attached meanwhile (load-tables.test.ts).
   */
  async importClaimed(
    job: ImportJob,
    attempt: { id: string; retryCount: number; retryLimit: number },
  ): Promise<void> {
    const { database, storage, logger, limits, imports } = this.deps;
    const record = await repo.findFile(this.db, job.firmId, job.fileId);
    if (!record || record.status !== 'processing') return;
    const log = logger.child({ fileId: job.fileId, firmId: job.firmId, reqId: job.requestId });
    const tables = loadTablesOf(job.fileId);
    // An earlier attempt that died may have left its tables behind.
    await dropLoadTables(this.db, tables);
    const bulk = !(await firmHasPartitions(this.db, job.firmId));
    const report = new RejectedReport(storage.reportPath(record.storage_key));
    const writer = await openLoadWriter(database, {
      tables,
      firmId: job.firmId,
      fileId: job.fileId,
      logged: bulk,
    });
    // Rows read so far, written with each batch for the progress the web shows while it runs.
    const progress = { fileId: job.fileId, jobId: attempt.id };
    const read = { accepted: 0, rejected: 0 };
    const scorer = openScorer(this.scoringThreads, imports.scoringThreads);
    let scored: { scoringSeconds: number } | undefined;
    // Parsed batches whose insights are being scored, oldest first, written in that order. The
    // parser runs at most two batches per scoring thread ahead of the load: memory stays bounded.
    const scoring: { customers: Uint8Array; insights: Promise<Uint8Array>; rows: number }[] = [];
    const aheadAtMost = 2 * imports.scoringThreads;
    const writeOldest = async () => {
      const { customers, insights, rows } = scoring.shift()!;
      await writer.write({ customers, insights: await insights });
      read.accepted += rows;
      await repo.recordProgress(this.db, progress, { processed: read.accepted + read.rejected });
      log.debug({ rows }, 'customer file batch loaded');
      // On PGlite, other firms' requests and imports go first between two batches.
      await database.pace();
      await this.deps.afterBatch?.();
    };
    const load = async (batch: AcceptedRow[]) => {
      const customers = new CopyLines(batch.length * 200);
      for (const { copyText } of batch) customers.push(copyText);
      const insights = scorer.score(batch.map((accepted) => accepted.record));
      // Awaited in turn by writeOldest; failing before that turn is not an unhandled rejection.
      insights.catch(() => undefined);
      scoring.push({ customers: customers.bytes(), insights, rows: batch.length });
      while (scoring.length > aheadAtMost) await writeOldest();
    };
    const finishedWith = async (outcome: () => Promise<void>) => {
      await dropLoadTables(this.db, tables);
      await outcome();
    };
    let upload: LocalFile | undefined;
    try {
      const started = Date.now();
      const cpuStarted = process.cpuUsage();
      // On PGlite, keys and indexes on the empty tables: each batch adds to them (load-tables.ts).
      if (bulk && !database.pool)
        await buildLoadTables(database, tables, job.firmId, EMBEDDED_BEFORE_LOAD);
      upload = await storage.openUpload(record.storage_key);
      await repo.recordProgress(this.db, progress, {
        processed: 0,
        expected: await expectedRows(upload.path, record.format),
      });
      const result = await parseCustomerFile(
        { path: upload.path, filename: record.filename },
        {
          maxRows: limits.maxRows,
          previewRows: PREVIEW_ROWS,
          // On PGlite a batch's COPY holds the server's thread: half the rows, half as long.
          batchSize: database.pool ? 2_000 : 1_000,
          sampleProblems: PROBLEMS_KEPT,
          mapping: record.column_mapping ? headerToColumn(record.column_mapping) : undefined,
          // A mapped file's report names our columns, so it uploads back with no mapping.
          onHeader: (header) =>
            report.setHeader(
              header.columns.map((c) => (record.column_mapping ? c.name : c.header)),
            ),
          onAccepted: load,
          onRejected: (row) => {
            read.rejected++;
            return report.add(row);
          },
        },
      );
      // The local copy is only read by the parser: gone before the file is marked done.
      await upload.release();
      upload = undefined;
      while (scoring.length > 0) await writeOldest();
      scored = await scorer.close();
      await writer.finish();
      if (await report.close()) await storage.keepReport(record.storage_key);
      if (!result.ok) {
        await finishedWith(() => repo.markFailed(this.db, job.fileId, result.error.message));
        return;
      }
      const { summary } = result;
      await repo.recordEncoding(this.db, job.fileId, summary.encoding);
      const counts = {
        total: summary.total_rows,
        accepted: summary.accepted,
        rejected: summary.rejected,
        problems: summary.sample_problems,
      };
      if (summary.accepted === 0) {
        await finishedWith(() => repo.markFailed(this.db, job.fileId, NO_VALID_ROWS, counts));
        return;
      }
      const loaded = Date.now();
      if (bulk) await buildLoadTables(database, tables, job.firmId);
      const built = Date.now();
      const outcome = await this.db.transaction().execute(async (trx) => {
        const done = await repo.completeImport(trx, {
          fileId: job.fileId,
          firmId: job.firmId,
          counts,
          tables,
          bulk,
        });
        // The products follow in a background job: scoring them here would make a million-row
        // import minutes longer (docs/products.md, "Keeping recommendations current").
        if (done !== 'gone') await this.deps.recommendations.request(trx, job.firmId);
        return done;
      });
      if (outcome === 'gone') await dropLoadTables(this.db, tables);
      log.info(
        {
          ...counts,
          problems: undefined,
          outcome,
          parseAndLoadSeconds: (loaded - started) / 1000,
          // Busy time of the scoring threads (or of this thread's scoring), within parse and load.
          scoringSeconds: scored?.scoringSeconds,
          // This process's CPU time over the whole import, every thread.
          cpuSeconds: cpuSecondsSince(cpuStarted),
          indexSeconds: (built - loaded) / 1000,
          completeSeconds: (Date.now() - built) / 1000,
        },
        'customer file imported',
      );
    } catch (error) {
      await writer.abort();
      await report.close().catch(() => false);
      await dropLoadTables(this.db, tables).catch(() => undefined);
      log.error({ err: error, attempt: attempt.retryCount }, 'customer file import failed');
      if (attempt.retryCount >= attempt.retryLimit) {
        await repo.markFailed(
          this.db,
          job.fileId,
          'The import failed unexpectedly. Please upload the file again.',
        );
        return;
      }
      throw error;
    } finally {
      await scorer.close();
      await upload?.release();
    }
  }

  async listFiles(principal: Principal, page: ListFilesQuery): Promise<FileSummary[]> {
    const rows = await repo.listFiles(this.db, principal.firmId, page);
    return rows.map((r) => ({
      file_id: r.id,
      filename: r.filename,
      file_size: Number(r.file_size),
      job_status: r.status,
      uploaded_at: r.created_at.toISOString(),
      completed_at: r.completed_at ? r.completed_at.toISOString() : null,
      total_rows: r.total_rows,
      accepted_rows: r.accepted_rows,
      rejected_rows: r.rejected_rows,
      rows_processed: r.rows_processed,
      rows_expected: r.rows_expected,
      rows_per_second: r.rows_per_second,
      error: r.error,
      preview: toPreview(r),
    }));
  }

  private async fileOf(principal: Principal, fileId: string) {
    // A malformed id is as unknown as an id of another firm's file: 404 either way.
    const record = UUID.test(fileId)
      ? await repo.findFile(this.db, principal.firmId, fileId)
      : undefined;
    if (!record) throw notFound('File not found');
    return record;
  }

  /** One of the firm's files, whoever sent it (the feed reads its imports with it). */
  async findFile(firmId: string, fileId: string): Promise<FileRecord | undefined> {
    return UUID.test(fileId) ? repo.findFile(this.db, firmId, fileId) : undefined;
  }

  async previewFile(principal: Principal, fileId: string): Promise<PreviewFileResponse> {
    const record = await this.fileOf(principal, fileId);
    return {
      file_id: record.id,
      job_status: record.status,
      rows_processed: record.rows_processed,
      rows_expected: record.rows_expected,
      rows_per_second: record.rows_per_second,
      preview: toPreview(record),
    };
  }

  /**
   * The rejected rows of a file as CSV; a header-only CSV when none was rejected. A file with
   * rejected rows whose report cannot be read (lost from DATA_DIR, unreadable) is an error,
   * logged, never an empty report that would say every row was imported.
   */
  async report(
    principal: Principal,
    fileId: string,
  ): Promise<{ filename: string; body: Readable | string }> {
    const record = await this.fileOf(principal, fileId);
    const filename = `${record.filename.replace(/\.[^.]+$/, '')}-rejected-rows.csv`;
    if (!record.rejected_rows) return { filename, body: 'row,reason\r\n' };
    let stored: Readable | undefined;
    try {
      stored = await this.deps.storage.readReport(record.storage_key);
    } catch (error) {
      this.deps.logger.error({ err: error, fileId }, 'rejected-rows report cannot be read');
      throw new AppError(500, REPORT_UNREADABLE);
    }
    // Rows fixed since are skipped here too, until the report is rewritten without them.
    if (stored && record.fixed_rows.length > 0)
      return { filename, body: Readable.from(reportWithout(stored, new Set(record.fixed_rows))) };
    if (stored) return { filename, body: stored };
    // The import rejected rows, so their report must exist: an empty answer would hide the loss.
    this.deps.logger.error({ fileId }, 'rejected-rows report is missing');
    throw new AppError(500, REPORT_UNREADABLE);
  }

  async deleteFile(principal: Principal, fileId: string): Promise<DeleteFileResponse> {
    if (!UUID.test(fileId)) throw notFound('File not found');
    const result = await this.db.transaction().execute(async (trx) => {
      const deleted = await repo.deleteFileAndOrphans(trx, principal.firmId, fileId);
      if (deleted) {
        await recordAudit(trx, principal, {
          action: 'file.deleted',
          subjectType: 'file',
          subjectId: fileId,
          before: { filename: deleted.filename },
          after: { removed_customers: deleted.removedCustomers },
        });
      }
      return deleted;
    });
    if (!result) return this.cancelWaitingFile(principal, fileId);
    await this.deps.storage.remove(result.storageKey);
    return { message: 'File deleted', file_id: fileId, removed_customers: result.removedCustomers };
  }

  /** delete-file of a file waiting for its mapping: it goes with its upload, before any import. */
  private async cancelWaitingFile(
    principal: Principal,
    fileId: string,
  ): Promise<DeleteFileResponse> {
    const cancelled = await this.db.transaction().execute(async (trx) => {
      const pending = await cancelPendingFile(trx, principal.firmId, fileId);
      if (pending) {
        await recordAudit(trx, principal, {
          action: 'file.deleted',
          subjectType: 'file',
          subjectId: fileId,
          before: { filename: pending.filename, waiting_for_mapping: true },
          after: { removed_customers: 0 },
        });
      }
      return pending;
    });
    if (!cancelled) throw notFound('File not found');
    await this.deps.storage.remove(cancelled.storage_key);
    return { message: 'File deleted', file_id: fileId, removed_customers: 0 };
  }

  /**
   * Files that waited for their mapping longer than WAITING_FILE_MAX_DAYS go, with their
   * uploads (nightly, in the maintenance job); each removal is in its firm's audit log.
   */
  async sweepWaitingFiles(): Promise<number> {
    const expired = await this.db.transaction().execute(async (trx) => {
      const removed = await expirePendingFiles(trx, WAITING_FILE_MAX_DAYS);
      for (const file of removed) {
        await recordAudit(
          trx,
          { firmId: file.firm_id, system: WAITING_FILE_SWEEPER },
          {
            action: 'file.deleted',
            subjectType: 'file',
            subjectId: file.id,
            before: {
              filename: file.filename,
              waiting_for_mapping: true,
              uploaded_at: file.created_at.toISOString(),
            },
          },
        );
      }
      return removed;
    });
    for (const file of expired) await this.deps.storage.remove(file.storage_key);
    return expired.length;
  }

  async listMappings(principal: Principal): Promise<SavedMapping[]> {
    const rows = await listSavedMappings(this.db, principal.firmId);
    return rows.map((m) => ({
      mapping_id: m.id,
      headers: m.headers,
      mapping: m.mapping,
      created_at: m.created_at.toISOString(),
      last_used_at: m.last_used_at.toISOString(),
    }));
  }

  async deleteMapping(principal: Principal, mappingId: string): Promise<DeleteMappingResponse> {
    const deleted =
      UUID.test(mappingId) &&
      (await this.db.transaction().execute(async (trx) => {
        const forgotten = await deleteSavedMapping(trx, principal.firmId, mappingId);
        if (forgotten) {
          await recordAudit(trx, principal, {
            action: 'mapping.forgotten',
            subjectType: 'column_mapping',
            subjectId: mappingId,
            before: forgotten,
          });
        }
        return forgotten;
      }));
    if (!deleted) throw notFound('Mapping not found');
    return { message: 'Mapping forgotten', mapping_id: mappingId };
  }

  async deleteLatestFile(principal: Principal): Promise<DeleteFileResponse> {
    const latest = await repo.latestFileId(this.db, principal.firmId);
    if (!latest) throw notFound('There is no uploaded file to remove');
    return this.deleteFile(principal, latest);
  }
}

function cpuSecondsSince(start: NodeJS.CpuUsage): number {
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1e6;
}

function storedPreview(columns: FilePreview['columns_info'], rows: FilePreview['preview_rows']) {
  const bounded = boundPreview(columns, rows);
  return { columns_info: bounded.columns, preview_rows: bounded.rows };
}

function toPreview(record: Omit<repo.FileRecord, 'storage_key' | 'fixed_rows'>): FilePreview {
  const preview: FilePreview = {
    filename: record.filename,
    total_rows: record.total_rows,
    total_columns: record.total_columns,
    file_size: Number(record.file_size),
    // Bounded when stored; bounded again for files stored before the bound.
    ...storedPreview(
      record.columns_info as FilePreview['columns_info'],
      record.preview_rows as FilePreview['preview_rows'],
    ),
    accepted_rows: record.accepted_rows,
    rejected_rows: record.rejected_rows,
    problems: (record.problems ?? []) as FilePreview['problems'],
  };
  if (record.error) preview.error = record.error;
  if (record.mapping_source) {
    preview.reading = {
      encoding: record.encoding,
      delimiter: record.delimiter,
      mapping: record.column_mapping,
      mapping_source: record.mapping_source,
    };
  }
  return preview;
}
