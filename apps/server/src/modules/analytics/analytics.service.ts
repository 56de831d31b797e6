import {
  ADMIN_MESSAGES,
  SEGMENTS,
  type CallOutcomeRequest,
  type CallOutcomeResponse,
  type Customer,
  type ListWindowQuery,
  type PriorityScoreItem,
  type RiskLevel,
  type RiskRankingItem,
  type RiskRankingResponse,
  type RmBookResponse,
  type Segment,
  type SegmentsResponse,
  type TopBias,
  type UrgencyLevel,
  type WhoToCallItem,
} from '@behavio/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { badRequest, notFound } from '../../errors/app-error.js';
import type { Principal } from '../../plugins/access.js';
import { recordAudit } from '../audit/audit.repository.js';
import * as repo from './book.repository.js';
import type { BookRow } from './book.repository.js';

const SNOOZE_MAX_DAYS = 366;

const toCustomer = (row: BookRow): Customer => ({
  customer_id: row.customer_id,
  country_iso: row.country_iso,
  age: row.age,
  risk_profile: row.risk_profile,
  experience_years: row.experience_years,
  cash_pct: row.cash_pct,
  etf_pct: row.etf_pct,
  single_stock_pct: row.single_stock_pct,
  leverage_ratio: row.leverage_ratio,
  created_at: new Date(row.created_at).toISOString(),
  rm_id: row.rm_id,
});

const toTopBiases = (stored: unknown): TopBias[] =>
  (stored as TopBias[]).map(({ bias_name, score, confidence }) => ({
    bias_name,
    score,
    confidence,
  }));

const toWhoToCall = (row: BookRow): WhoToCallItem => ({
  customer_id: row.customer_id,
  country_iso: row.country_iso,
  age: row.age,
  risk_profile: row.risk_profile,
  urgency_level: row.urgency_level as UrgencyLevel,
  priority_score: row.priority_score,
  recommended_action: row.recommended_action,
  why: row.why,
  risk_level: row.risk_level as RiskLevel,
  segment: row.segment as Segment,
});

const breakdownOf = (row: BookRow) => ({
  bias_severity: row.bias_severity,
  risk_urgency: row.risk_urgency,
  time_sensitivity: row.time_sensitivity,
  customer_value: row.customer_value,
});

const toPriorityScore = (row: BookRow): PriorityScoreItem => ({
  customer_id: row.customer_id,
  priority_score: row.priority_score,
  urgency_level: row.urgency_level as UrgencyLevel,
  recommended_action: row.recommended_action,
  top_biases: toTopBiases(row.top_biases),
  breakdown: breakdownOf(row),
  why: row.why,
  risk_level: row.risk_level as RiskLevel,
  segment: row.segment as Segment,
});

const toRiskRanking = (row: BookRow): RiskRankingItem => ({
  ...toWhoToCall(row),
  top_biases: toTopBiases(row.top_biases),
  breakdown: breakdownOf(row),
});

/** The RM analytics of spec §2, read from stored insights: reading never recomputes. */
export class AnalyticsService {
  constructor(private readonly db: Kysely<Database>) {}

  private rows(principal: Principal, rmId: string, window: ListWindowQuery, onlyToCall = false) {
    return repo.bookRows(this.db, { firmId: principal.firmId, rmId, window, onlyToCall });
  }

  /** The book of an RM of the principal's firm; 404 for anyone else's id. */
  async book(
    principal: Principal,
    rmId: string,
    window: ListWindowQuery = {},
  ): Promise<RmBookResponse> {
    const rm = await repo.findRm(this.db, principal.firmId, rmId);
    if (!rm) throw notFound(ADMIN_MESSAGES.rmNotFound);
    const [rows, count] = await Promise.all([
      this.rows(principal, rmId, window),
      repo.countBook(this.db, principal.firmId, rmId),
    ]);
    const customers = rows
      .map(toCustomer)
      .sort((a, b) => a.customer_id.localeCompare(b.customer_id));
    return { rm_id: rm.id, rm_name: rm.name, customer_count: count, customers };
  }

  async whoToCall(
    principal: Principal,
    rmId: string,
    window: ListWindowQuery = {},
  ): Promise<WhoToCallItem[]> {
    return (await this.rows(principal, rmId, window, true)).map(toWhoToCall);
  }

  async priorityScores(
    principal: Principal,
    rmId: string,
    window: ListWindowQuery = {},
  ): Promise<PriorityScoreItem[]> {
    return (await this.rows(principal, rmId, window)).map(toPriorityScore);
  }

  async riskRanking(
    principal: Principal,
    rmId: string,
    window: ListWindowQuery = {},
  ): Promise<RiskRankingResponse> {
    const result: RiskRankingResponse = { high_risk: [], medium_risk: [], low_risk: [] };
    for (const row of await this.rows(principal, rmId, window)) {
      result[`${row.risk_level as RiskLevel}_risk`].push(toRiskRanking(row));
    }
    return result;
  }

  async segments(
    principal: Principal,
    rmId: string,
    window: ListWindowQuery = {},
  ): Promise<SegmentsResponse> {
    const result = Object.fromEntries(
      SEGMENTS.map((s) => [s, [] as RiskRankingItem[]]),
    ) as SegmentsResponse;
    for (const row of await this.rows(principal, rmId, window))
      result[row.segment as Segment].push(toRiskRanking(row));
    return result;
  }

  /** What the RM did with a recommendation, kept with the recommendation itself and audited. */
  async recordOutcome(
    principal: Principal,
    input: CallOutcomeRequest,
  ): Promise<CallOutcomeResponse> {
    const snoozeUntil = input.outcome === 'snoozed' ? (input.snooze_until ?? null) : null;
    if (snoozeUntil) assertSnoozeDate(snoozeUntil);
    return this.db.transaction().execute(async (trx) => {
      const insight = await repo.findAssignedCustomerInsight(
        trx,
        principal.firmId,
        principal.userId,
        input.customer_id.trim(),
      );
      if (!insight) throw notFound('Customer not found in your book');
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
      return {
        message: 'Outcome recorded',
        customer_id: insight.customer_id,
        outcome: input.outcome,
        snooze_until: snoozeUntil,
        recorded_at: new Date(saved.created_at).toISOString(),
      };
    });
  }
}

function assertSnoozeDate(date: string) {
  const day = Date.parse(`${date}T00:00:00Z`);
  const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  if (!(day > today) || day - today > SNOOZE_MAX_DAYS * 86_400_000) {
    throw badRequest('The snooze date must be a future date within a year', [
      { path: 'snooze_until', msg: 'The snooze date must be a future date within a year' },
    ]);
  }
}
