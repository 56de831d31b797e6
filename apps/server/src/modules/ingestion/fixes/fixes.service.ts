import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  FIX_MESSAGES,
  MAPPABLE_COLUMNS,
  type FieldError,
  type FileFixesBody,
  type FileFixesPage,
  type FileFixesQuery,
  type FileFixesResponse,
  type RowProblem,
} from '@behavio/contract';
import type { Logger } from 'pino';
import type { DatabaseHandle } from '../../../db/database.js';
import { AppError, badRequest, conflict, notFound } from '../../../errors/app-error.js';
import type { Principal } from '../../../plugins/access.js';
import { recordAudit } from '../../audit/audit.repository.js';
import {
  lockFirmCustomers,
  refreshCustomerListIndex,
} from '../../customers/customer-list-index.js';
import type { FileStorage } from '../../files/file-storage.js';
import type { RecommendationsService } from '../../products/recommendations.service.js';
import { CopyLines } from '../copy-lines.js';
import { findFile, mergeLoadTables, type FileRecord } from '../ingestion.repository.js';
import { dropLoadTables, loadTablesOf, type TablePair } from '../load-tables.js';
import { openLoadWriter } from '../load-writer.js';
import type { AcceptedRow } from '../parse/index.js';
import { openScorer } from '../scoring/scoring-pool.js';
import { fixedRowsOf, lockFileForFix, recordFix } from './fixes.repository.js';
import { readRejectedRows, rewriteReport } from './report-rows.js';
import { validateFixes } from './validate-fixes.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAPPABLE = new Set<string>(MAPPABLE_COLUMNS);
export const REPORT_UNREADABLE =
  'The rejected-rows report of this file cannot be read. Please upload the file again.';

interface Deps {
  database: DatabaseHandle;
  storage: FileStorage;
  logger: Logger;
  recommendations: Pick<RecommendationsService, 'request'>;
}

/**
 * Fixing the rejected rows of a completed import in place (docs/ingestion.md, "Fixing rejected
 * rows"): they are read from the file's rejected-rows report, and corrected ones go through the
 * upload's validator, into load tables and the import's merge, in one transaction under the
 * firm's customer lock and the file's row lock.
 */
export class FileFixesService {
  constructor(private readonly deps: Deps) {}

  private get db() {
    return this.deps.database.db;
  }

  /** A page of the rows still rejected, with their problems. */
  async listRejected(
    principal: Principal,
    fileId: string,
    page: FileFixesQuery,
  ): Promise<FileFixesPage> {
    const file = await this.completedFile(principal, fileId);
    const rows = file.rejected_rows
      ? await this.readReport(file, (source) =>
          readRejectedRows(source, { fixed: new Set(file.fixed_rows), ...page }),
        )
      : [];
    return {
      file_id: file.id,
      filename: file.filename,
      columns: [...MAPPABLE_COLUMNS],
      rows,
      accepted_rows: file.accepted_rows ?? 0,
      rejected_rows: file.rejected_rows ?? 0,
      limit: page.limit,
      offset: page.offset,
    };
  }

  /**
   * Imports corrected rows: all of them or, when any is still invalid, none (400 with every
   * problem). Each must be a row the file still has rejected.
   */
  async fix(principal: Principal, fileId: string, body: FileFixesBody): Promise<FileFixesResponse> {
    const file = await this.completedFile(principal, fileId);
    checkShape(body);
    const numbers = new Set(body.rows.map((r) => r.row));
    const found = file.rejected_rows
      ? await this.readReport(file, (source) =>
          readRejectedRows(source, { fixed: new Set(file.fixed_rows), wanted: numbers }),
        )
      : [];
    const known = new Set(found.map((r) => r.row));
    const unknown = body.rows.flatMap((r, i) =>
      known.has(r.row)
        ? []
        : [{ path: `rows.${i}.row`, msg: `Row ${r.row} ${FIX_MESSAGES.notRejected}` }],
    );
    if (unknown.length > 0) throw badRequest(unknown[0]!.msg, unknown);

    const validated = await validateFixes(body.rows, { decimalComma: file.delimiter === ';' });
    if (validated.failure) throw badRequest(validated.failure);
    if (validated.problems.length > 0) throw stillInvalid(body, validated.problems);

    const tables = loadTablesOf(randomUUID());
    try {
      await this.load(tables, file, validated.accepted);
      const counts = await this.db.transaction().execute(async (trx) => {
        await lockFirmCustomers(trx, principal.firmId);
        const locked = await lockFileForFix(trx, principal.firmId, fileId);
        if (!locked) throw notFound('File not found');
        if (locked.status !== 'completed')
          throw conflict(FIX_MESSAGES.notCompleted, 'file_not_completed');
        if (locked.fixed_rows.some((row) => numbers.has(row)))
          throw conflict(FIX_MESSAGES.alreadyFixed, 'rows_already_fixed');
        await mergeLoadTables(trx, {
          fileId,
          firmId: principal.firmId,
          tables,
          accepted: validated.accepted.length,
        });
        await dropLoadTables(trx, tables);
        const problems = ((locked.problems ?? []) as RowProblem[]).filter(
          (p) => !numbers.has(p.row),
        );
        const updated = await recordFix(trx, principal.firmId, fileId, {
          rows: [...numbers],
          problems,
        });
        await refreshCustomerListIndex(trx, principal.firmId);
        await this.deps.recommendations.request(trx, principal.firmId);
        await recordAudit(trx, principal, {
          action: 'file.rows_fixed',
          subjectType: 'file',
          subjectId: fileId,
          after: {
            rows: [...numbers],
            accepted_rows: updated.accepted_rows,
            rejected_rows: updated.rejected_rows,
          },
        });
        return updated;
      });
      await this.compactReport(file);
      const fixed = numbers.size;
      return {
        message: FIX_MESSAGES.fixed(fixed),
        file_id: fileId,
        fixed_rows: fixed,
        accepted_rows: counts.accepted_rows ?? 0,
        rejected_rows: counts.rejected_rows ?? 0,
      };
    } finally {
      // Merged and dropped by the transaction; left over when it failed.
      await dropLoadTables(this.db, tables).catch(() => undefined);
    }
  }

  /** One of the firm's files, completed; 404 for another firm's or an unknown one. */
  private async completedFile(principal: Principal, fileId: string) {
    const file = UUID.test(fileId) ? await findFile(this.db, principal.firmId, fileId) : undefined;
    if (!file) throw notFound('File not found');
    if (file.status !== 'completed')
      throw conflict(FIX_MESSAGES.notCompleted, 'file_not_completed');
    return file;
  }

  private async readReport<T>(file: FileRecord, read: (source: Readable) => Promise<T>) {
    let source: Readable | undefined;
    try {
      source = await this.deps.storage.readReport(file.storage_key);
    } catch (error) {
      this.deps.logger.error(
        { err: error, fileId: file.id },
        'rejected-rows report cannot be read',
      );
    }
    if (!source) throw new AppError(500, REPORT_UNREADABLE);
    return read(source);
  }

  /** The accepted rows and their insights into load tables, as an import's batch is written. */
  private async load(tables: TablePair, file: FileRecord, rows: AcceptedRow[]) {
    const writer = await openLoadWriter(this.deps.database, {
      tables,
      firmId: file.firm_id,
      fileId: file.id,
      logged: false,
    });
    const scorer = openScorer(null, 0);
    try {
      const customers = new CopyLines(rows.length * 200);
      for (const row of rows) customers.push(row.copyText);
      const insights = await scorer.score(rows.map((row) => row.record));
      await writer.write({ customers: customers.bytes(), insights });
      await writer.finish();
    } catch (error) {
      await writer.abort();
      throw error;
    } finally {
      await scorer.close();
    }
  }

  /**
   * The report without every row fixed so far. After the commit (storage may live in the
   * database, whose single embedded connection the fix's transaction holds): until then, and
   * if this fails, readers skip the fixed rows themselves.
   */
  private async compactReport(file: FileRecord) {
    const { storage, logger } = this.deps;
    try {
      const fixed = await fixedRowsOf(this.db, file.firm_id, file.id);
      const source = fixed && (await storage.readReport(file.storage_key));
      if (!source) return;
      await rewriteReport(source, storage.reportPath(file.storage_key), new Set(fixed));
      await storage.keepReport(file.storage_key);
    } catch (error) {
      logger.warn(
        { err: error, fileId: file.id },
        'rejected-rows report not rewritten after a fix',
      );
    }
  }
}

/** Each row once, and only our columns: 400 naming what is not. */
function checkShape(body: FileFixesBody) {
  const errors: FieldError[] = [];
  const seen = new Set<number>();
  body.rows.forEach(({ row, values }, i) => {
    if (seen.has(row)) errors.push({ path: `rows.${i}.row`, msg: `Row ${row} is sent twice` });
    seen.add(row);
    for (const column of Object.keys(values))
      if (!MAPPABLE.has(column))
        errors.push({
          path: `rows.${i}.values.${column}`,
          msg: `${column} ${FIX_MESSAGES.unknownColumn}`,
        });
  });
  if (errors.length > 0) throw badRequest(errors[0]!.msg, errors);
}

function stillInvalid(body: FileFixesBody, problems: RowProblem[]) {
  const indexOf = new Map(body.rows.map((r, i) => [r.row, i]));
  const errors = problems.map((p) => ({
    path: `rows.${indexOf.get(p.row)}.values.${p.column}`,
    msg: `Row ${p.row}: ${p.column} ${p.reason}`,
  }));
  return new AppError('rows_still_invalid', FIX_MESSAGES.stillInvalid, errors, undefined, {
    problems,
  });
}
