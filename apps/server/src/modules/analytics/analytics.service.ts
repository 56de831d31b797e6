import {
  ADMIN_MESSAGES,
  type CallOutcome,
  type CallOutcomeRequest,
  type CallOutcomeResponse,
  type ExportFormat,
  type RmListName,
  type RmListQuery,
  type WhoToCallScope,
} from '@behavio/contract';
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { Database } from '../../db/schema.js';
import { badRequest, notFound } from '../../errors/app-error.js';
import type { Principal } from '../../plugins/access.js';
import { recordAudit } from '../audit/audit.repository.js';
import { idempotently, type IdempotentAnswer } from '../idempotency/idempotency.service.js';
import { latestCallOutcome, lockCustomer } from './call-outcomes.repository.js';
import * as repo from './book.repository.js';
import { effectiveCapacity, readCapacity } from './call-capacity.repository.js';
import { ListCache } from './list-cache.js';
import type { JsonBody } from '../../plugins/json-body.js';
import { recordExport } from '../audit/export-audit.js';
import { RM_LIST_FILE_NAMES, rowsOfListBody } from './list-exports.js';

const SNOOZE_MAX_DAYS = 366;

/**
 * The RM analytics of product-rules: Screens, read from stored insights: reading never recomputes. The lists
 * come back as the response body (JSON written by PostgreSQL) for the routes to send as is,
 * and are kept in a cache checked against the firm's data version on every read.
 */
export class AnalyticsService {
  private readonly cache: ListCache;

  constructor(
    private readonly db: Kysely<Database>,
    options: { listCacheBytes: number },
  ) {
    this.cache = new ListCache(options.listCacheBytes);
  }

  /**
   * The list `read` writes for the RM (`kind` names it in the cache), as JSON, from the
   * cache when nothing it is built from has changed. Undefined when `read` writes nothing.
   */
  private async list(
    kind: string,
    read: (db: Executor, input: repo.BookWindow) => Promise<string | undefined>,
    principal: Principal,
    rmId: string,
    window: RmListQuery,
  ): Promise<JsonBody | undefined> {
    const input = { firmId: principal.firmId, rmId, window };
    const build = () => this.read((db) => read(db, input));
    const { search, limit, offset, sort, order, urgency, risk_level, segment } = window;
    // Every parameter that changes the body is in the key: a sorted or filtered list is its own entry.
    const key = JSON.stringify([
      kind,
      input.firmId,
      rmId,
      search,
      limit,
      offset,
      sort,
      order,
      urgency,
      risk_level,
      segment,
    ]);
    const version = this.cache.enabled
      ? await repo.listVersion(this.db, input.firmId, rmId)
      : undefined;
    return this.cache.get(key, version, build);
  }

  /** A list every RM has, empty or not. */
  private async everyRmList(...args: Parameters<AnalyticsService['list']>): Promise<JsonBody> {
    const body = await this.list(...args);
    if (body === undefined) throw new Error(`The ${args[0]} list was not written`);
    return body;
  }

  /**
   * One list read without PostgreSQL's parallel workers. A book is a few thousand index
   * lookups, and handing the wide rows from the workers to the leader cost more than it
   * saved: at a million customers on 2 cores, 45 ms instead of 57-61 ms (median) for a
   * 5,000-customer book, and steadier.
   */
  private read<T>(list: (db: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await repo.withoutParallelWorkers(trx);
      return list(trx);
    });
  }

  /** The book of an RM of the principal's firm; 404 for anyone else's id. */
  async bookJson(principal: Principal, rmId: string, window: RmListQuery = {}) {
    const body = await this.list('book', repo.bookJson, principal, rmId, window);
    if (body === undefined) throw notFound(ADMIN_MESSAGES.rmNotFound);
    return body;
  }

  /**
   * The RM's call list: the whole book (`all`, the spec's list) or today's list, cut to the
   * RM's daily capacity. The capacity is read first and named in the cache key, so a changed
   * setting reads as another list and a cached one is never stale.
   */
  async whoToCallJson(
    principal: Principal,
    rmId: string,
    query: RmListQuery & { scope?: WhoToCallScope } = {},
  ) {
    const { scope = 'all', ...window } = query;
    if (scope === 'all')
      return this.everyRmList('whoToCall', repo.whoToCallJson, principal, rmId, window);
    const capacity = effectiveCapacity(await readCapacity(this.db, principal.firmId, rmId));
    return this.everyRmList(
      `whoToCallToday:${capacity}`,
      (db, input) => repo.whoToCallJson(db, { ...input, today: { capacity } }),
      principal,
      rmId,
      window,
    );
  }

  priorityScoresJson(principal: Principal, rmId: string, window: RmListQuery = {}) {
    return this.everyRmList('priorityScores', repo.priorityScoresJson, principal, rmId, window);
  }

  riskRankingJson(principal: Principal, rmId: string, window: RmListQuery = {}) {
    return this.everyRmList('riskRanking', repo.riskRankingJson, principal, rmId, window);
  }

  segmentsJson(principal: Principal, rmId: string, window: RmListQuery = {}) {
    return this.everyRmList('segments', repo.segmentsJson, principal, rmId, window);
  }

  /** The customer's call_state on their RM's list (null without an RM or an outcome that holds). */
  async callState(firmId: string, rmId: string | null, customerId: string) {
    if (rmId === null) return null;
    return repo.customerCallState(this.db, { firmId, rmId, customerId });
  }

  /**
   * The rows of one of an RM's lists as the screen shows them (sort, filters, every row), for an
   * export: the signed-in RM's own, or (`rmId`, checked by the caller to be of the firm) the
   * admin's view of an RM's. Audited: who took which customers out, in what form.
   */
  async exportRows(
    principal: Principal,
    list: RmListName,
    query: RmListQuery & { format: ExportFormat; scope?: WhoToCallScope },
    rmId: string = principal.userId,
  ): Promise<Record<string, unknown>[]> {
    const { format, ...window } = query;
    const readers = {
      book: this.bookJson,
      whoToCall: this.whoToCallJson,
      priorityScores: this.priorityScoresJson,
      riskRanking: this.riskRankingJson,
      segments: this.segmentsJson,
    } satisfies Record<RmListName, unknown>;
    const body = await readers[list].call(this, principal, rmId, window);
    const rows = rowsOfListBody(JSON.parse(body.utf8.toString('utf8')));
    await recordExport(this.db, principal, RM_LIST_FILE_NAMES[list], {
      format,
      rows: rows.length,
      // Whose list it was, when it was not the exporter's own.
      query: rmId === principal.userId ? window : { rm_id: rmId, ...window },
    });
    return rows;
  }

  /**
   * What the RM did with a recommendation, kept with the recommendation itself and audited. An
   * outcome identical to the RM's latest one for the customer (the same outcome and snooze date,
   * for the same recommendation) records nothing and answers that one (docs/product-rules.md,
   * "Repeated outcomes and notes"); with an Idempotency-Key, a retry answers the first answer.
   */
  recordOutcome(
    principal: Principal,
    input: CallOutcomeRequest,
    idempotencyKey?: string,
  ): Promise<IdempotentAnswer<CallOutcomeResponse>> {
    const snoozeUntil = input.outcome === 'snoozed' ? (input.snooze_until ?? null) : null;
    if (snoozeUntil) assertSnoozeDate(snoozeUntil);
    const call = {
      firmId: principal.firmId,
      userId: principal.userId,
      scope: 'call-outcome' as const,
      key: idempotencyKey,
      request: input,
    };
    return idempotently(this.db, call, async (trx) => {
      const customerId = input.customer_id.trim();
      await lockCustomer(trx, principal.firmId, customerId);
      const insight = await repo.findAssignedCustomerInsight(
        trx,
        principal.firmId,
        principal.userId,
        customerId,
      );
      if (!insight) throw notFound('Customer not found in your book');
      const latest = await latestCallOutcome(
        trx,
        principal.firmId,
        principal.userId,
        insight.customer_id,
      );
      if (
        latest &&
        latest.outcome === input.outcome &&
        latest.snooze_until === snoozeUntil &&
        latest.recommended_action === insight.recommended_action &&
        latest.urgency_level === insight.urgency_level &&
        Number(latest.priority_score) === Number(insight.priority_score)
      )
        return callAnswer(insight.customer_id, latest);
      const reason = input.reason?.trim() || null;
      const saved = await repo.insertCallOutcome(trx, {
        firmId: principal.firmId,
        customerId: insight.customer_id,
        rmId: principal.userId,
        outcome: input.outcome,
        snoozeUntil,
        reason,
        insight,
      });
      await recordAudit(trx, principal, {
        action: `call.${input.outcome}`,
        subjectType: 'customer',
        subjectId: insight.customer_id,
        after: {
          outcome: input.outcome,
          snooze_until: snoozeUntil,
          reason,
          recommendation: insight,
        },
      });
      return callAnswer(insight.customer_id, {
        outcome: input.outcome,
        snooze_until: snoozeUntil,
        created_at: saved.created_at,
      });
    });
  }
}

/** A call outcome as the route answers it: the one recorded, or the one a repeat found. */
const callAnswer = (
  customerId: string,
  o: { outcome: CallOutcome; snooze_until: string | null; created_at: Date | string },
): CallOutcomeResponse => ({
  message: 'Outcome recorded',
  customer_id: customerId,
  outcome: o.outcome,
  snooze_until: o.snooze_until,
  recorded_at: new Date(o.created_at).toISOString(),
});

function assertSnoozeDate(date: string) {
  const day = Date.parse(`${date}T00:00:00Z`);
  const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  if (!(day > today) || day - today > SNOOZE_MAX_DAYS * 86_400_000) {
    throw badRequest('The snooze date must be a future date within a year', [
      { path: 'snooze_until', msg: 'The snooze date must be a future date within a year' },
    ]);
  }
}
