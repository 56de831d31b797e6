import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import type { Readable } from 'node:stream';
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
} from '@behavio/contract';
import { scoreCustomerCompact } from '@behavio/insights';
import type { Logger } from 'pino';
import type { ImportConfig } from '../../config/env.js';
import type { DatabaseHandle } from '../../db/database.js';
import { AppError, badRequest, forbidden, notFound } from '../../errors/app-error.js';
import type { Principal } from '../../plugins/access.js';
import { FileStorage, type LocalFile } from '../files/file-storage.js';
import { countActiveFiles } from '../files/files.repository.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { recordAudit } from '../audit/audit.repository.js';
import * as repo from './ingestion.repository.js';
import {
  fileTypeFromName,
  inspectCustomerFile,
  parseCustomerFile,
  type AcceptedRow,
  type ColumnInfo,
} from './parse/index.js';
import { RejectedReport } from './rejected-report.js';
import { boundPreview } from './preview-bounds.js';
import { buildLoadTables, dropLoadTables, firmHasPartitions, loadTablesOf } from './load-tables.js';
import { CopyLines, openLoadWriter } from './load-writer.js';
import { insightsCopyText } from './insight-columns.js';
import type { RecommendationsService } from '../products/recommendations.service.js';
import { expectedRows } from './expected-rows.js';

export const IMPORT_QUEUE = 'import-customer-file';
const PREVIEW_ROWS = 10;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NO_VALID_ROWS = 'No row of the file is valid: see the problems and the error report';
const INTERRUPTED =
  'The import was interrupted (the server stopped) and could not be resumed. Please upload the file again.';
const REPORT_UNREADABLE =
  'The rejected-rows report of this file cannot be read. Please upload the file again.';
/** How long an import of a firm that is already importing waits before it looks again. */
const FIRM_BUSY_RETRY_SECONDS = 2;

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

  constructor(private readonly deps: Deps) {}

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
  ): Promise<UploadResponse> {
    const { storage, limits } = this.deps;
    const format = fileTypeFromName(file.filename);
    if (!format) {
      file.stream.resume();
      throw badRequest(INVALID_FILE_TYPE_MESSAGE, undefined, 'invalid_file_type');
    }
    await this.assertMayUpload(principal);

    const fileId = randomUUID();
    const key = FileStorage.key(principal.firmId, fileId);
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

    const inspected = await inspectCustomerFile(
      { path, filename: file.filename },
      { previewRows: PREVIEW_ROWS, maxRows: limits.maxRows },
    );
    if (!inspected.ok) {
      await storage.remove(key);
      const { error } = inspected;
      if (error.code === 'invalid_file_type')
        throw badRequest(INVALID_FILE_TYPE_MESSAGE, undefined, 'invalid_file_type');
      throw failedUpload(error.message, null, emptyPreview(file.filename, size, error.message));
    }
    const { summary } = inspected;

    try {
      // Kept (in PostgreSQL, with DATABASE_URL) before the job exists, so any worker can read it.
      await storage.keepUpload(key);
      await this.db.transaction().execute(async (trx) => {
        await repo.lockFirm(trx, principal.firmId);
        await this.assertMayUpload(principal, trx);
        await repo.insertFile(trx, {
          id: fileId,
          firmId: principal.firmId,
          uploadedBy: principal.userId,
          filename: file.filename,
          fileSize: size,
          format,
          storageKey: key,
          totalColumns: summary.total_columns,
          ...storedPreview(publicColumns(summary.columns_info), summary.preview_rows),
        });
        await recordAudit(trx, principal, {
          action: 'file.uploaded',
          subjectType: 'file',
          subjectId: fileId,
          after: { filename: file.filename, file_size: size, format },
        });
        await this.deps.queue.send<ImportJob>(
          IMPORT_QUEUE,
          { fileId, firmId: principal.firmId, requestId: context.requestId },
          { trx },
        );
      });
    } catch (error) {
      await storage.remove(key);
      throw error;
    }

    const record = await this.waitForImport(principal.firmId, fileId);
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

  private async assertMayUpload(principal: Principal, trx = this.db) {
    if (isPaidPlan(principal.plan)) return;
    const plan = await trx
      .selectFrom('firms')
      .select('plan')
      .where('id', '=', principal.firmId)
      .executeTakeFirstOrThrow();
    if (isPaidPlan(plan.plan)) return;
    if ((await countActiveFiles(trx, principal.firmId)) >= 1)
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
    const load = async (batch: AcceptedRow[]) => {
      const customers = new CopyLines(batch.length * 200);
      const insights = new CopyLines(batch.length * 600);
      for (const { copyText, record } of batch) {
        customers.push(copyText);
        // The customer line starts with the customer_id as COPY text, then a tab.
        insights.push(
          copyText.slice(0, copyText.indexOf('\t') + 1) +
            insightsCopyText(scoreCustomerCompact(record)),
        );
      }
      await writer.write({ customers, insights });
      read.accepted += batch.length;
      await repo.recordProgress(this.db, progress, { processed: read.accepted + read.rejected });
      log.debug({ rows: batch.length }, 'customer file batch loaded');
      if (imports.batchDelayMs > 0) await delay(imports.batchDelayMs);
    };
    const finishedWith = async (outcome: () => Promise<void>) => {
      await dropLoadTables(this.db, tables);
      await outcome();
    };
    let upload: LocalFile | undefined;
    try {
      const started = Date.now();
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
          batchSize: 2_000,
          sampleProblems: PROBLEMS_KEPT,
          onHeader: (header) => report.setHeader(header.columns.map((c) => c.header)),
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
      await writer.finish();
      if (await report.close()) await storage.keepReport(record.storage_key);
      if (!result.ok) {
        await finishedWith(() => repo.markFailed(this.db, job.fileId, result.error.message));
        return;
      }
      const { summary } = result;
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
    if (!result) throw notFound('File not found');
    await this.deps.storage.remove(result.storageKey);
    return { message: 'File deleted', file_id: fileId, removed_customers: result.removedCustomers };
  }

  async deleteLatestFile(principal: Principal): Promise<DeleteFileResponse> {
    const latest = await repo.latestFileId(this.db, principal.firmId);
    if (!latest) throw notFound('There is no uploaded file to remove');
    return this.deleteFile(principal, latest);
  }
}

function storedPreview(columns: FilePreview['columns_info'], rows: FilePreview['preview_rows']) {
  const bounded = boundPreview(columns, rows);
  return { columns_info: bounded.columns, preview_rows: bounded.rows };
}

function toPreview(record: Omit<repo.FileRecord, 'storage_key'>): FilePreview {
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
  return preview;
}
