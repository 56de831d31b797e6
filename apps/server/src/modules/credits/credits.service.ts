import {
  BIAS_PREVALENCE_THRESHOLD,
  CREDIT_FEATURES,
  CREDIT_MESSAGES,
  PAID_FEATURES,
  RISK_LEVELS,
  SEGMENTS,
  UNLOCK_COST,
  type BookSummaryContent,
  type DataInsightsContent,
  type FeatureData,
  type UnlockResponse,
  type UrgencyLevel,
} from '@behavio/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';
import { AppError, notFound } from '../../errors/app-error.js';
import type { Principal } from '../../plugins/access.js';
import { readInsightCounts } from '../customers/customer-list-index.js';
import { assignmentCounts } from '../customers/customers.repository.js';
import { creditBalance, debitCredits } from './credits.repository.js';
import * as features from './features.repository.js';

type ContentKind = 'book_summary' | 'data_insights';

/** Which content each feature key serves: the credit and the paid routes serve the same two. */
const CONTENT: Record<string, ContentKind> = {
  freeRoute1: 'book_summary',
  freeRoute2: 'data_insights',
  paidRoute1: 'book_summary',
  paidRoute2: 'data_insights',
};

const TOP_PRIORITY_LISTED = 10;

const round = (value: number, places: number) => {
  const f = 10 ** places;
  return Math.round(value * f) / f;
};

function lookup(catalogue: Record<string, string>, key: string) {
  if (!Object.hasOwn(catalogue, key) || !Object.hasOwn(CONTENT, key))
    throw notFound(CREDIT_MESSAGES.featureNotFound);
  return { name: catalogue[key] as string, kind: CONTENT[key] as ContentKind };
}

/**
 * The premium features of product-rules: Screens: unlocked with credits (10 each, debited atomically with a
 * ledger row) or included in a paid plan. Both answer real content from the firm's data.
 */
export class CreditsService {
  constructor(private readonly db: Kysely<Database>) {}

  /** Debits the unlock and answers the feature's data; 421 when the balance is under the cost. */
  async unlock(principal: Principal, featureKey: string): Promise<UnlockResponse> {
    const feature = lookup(CREDIT_FEATURES, featureKey);
    return this.db.transaction().execute(async (trx) => {
      const remaining = await debitCredits(trx, {
        userId: principal.userId,
        firmId: principal.firmId,
        amount: UNLOCK_COST,
        reason: `unlock:${featureKey}`,
      });
      if (remaining === undefined)
        throw new AppError(
          'not_enough_credits',
          CREDIT_MESSAGES.notEnoughCredits,
          undefined,
          undefined,
          { remainingCredits: await creditBalance(trx, principal.userId, principal.firmId) },
        );
      const data = await this.featureData(trx, principal, featureKey, feature);
      return { data, remainingCredits: remaining };
    });
  }

  /** A paid plan's feature (the access rule has checked the plan): nothing is debited. */
  async paidFeature(principal: Principal, featureKey: string): Promise<FeatureData> {
    const feature = lookup(PAID_FEATURES, featureKey);
    return this.featureData(this.db, principal, featureKey, feature);
  }

  private async featureData(
    db: Executor,
    principal: Principal,
    featureKey: string,
    feature: { name: string; kind: ContentKind },
  ): Promise<FeatureData> {
    const header = { userId: principal.userId, feature: feature.name, featureKey };
    return feature.kind === 'book_summary'
      ? { ...header, ...(await this.bookSummary(db, principal.firmId)) }
      : { ...header, ...(await this.dataInsights(db, principal.firmId)) };
  }

  /** 'Premium Feature Access': the firm's book at a glance. */
  async bookSummary(db: Executor, firmId: string): Promise<BookSummaryContent> {
    const [counts, totals, risk, segment] = await Promise.all([
      assignmentCounts(db, firmId),
      features.insightTotals(db, firmId),
      readInsightCounts(db, firmId, 'risk_level', RISK_LEVELS),
      readInsightCounts(db, firmId, 'segment', SEGMENTS),
    ]);
    return {
      kind: 'book_summary',
      total_customers: counts.total,
      assigned: counts.assigned,
      unassigned: counts.total - counts.assigned,
      scored_customers: totals.scored,
      risk_levels: risk,
      segments: segment,
      average_priority: totals.averagePriority === null ? null : round(totals.averagePriority, 1),
    };
  }

  /** 'Advanced Data Insights': firm-wide bias prevalence and the customers most in need of a call. */
  async dataInsights(db: Executor, firmId: string): Promise<DataInsightsContent> {
    const [totals, prevalence, top] = await Promise.all([
      features.insightTotals(db, firmId),
      features.biasPrevalence(db, firmId, BIAS_PREVALENCE_THRESHOLD),
      features.topPriority(db, firmId, TOP_PRIORITY_LISTED),
    ]);
    const scored = totals.scored;
    return {
      kind: 'data_insights',
      scored_customers: scored,
      threshold: BIAS_PREVALENCE_THRESHOLD,
      bias_prevalence: prevalence
        .map((b) => ({
          bias_name: b.bias_name,
          mean_score: round(b.mean_score, 1),
          customers_at_or_above: b.at_or_above,
          share_at_or_above: scored ? round(b.at_or_above / scored, 3) : 0,
        }))
        .sort(
          (a, b) =>
            b.share_at_or_above - a.share_at_or_above ||
            b.mean_score - a.mean_score ||
            a.bias_name.localeCompare(b.bias_name),
        ),
      top_priority: top.map((r) => ({
        customer_id: r.customer_id,
        country_iso: r.country_iso,
        priority_score: r.priority_score,
        urgency_level: r.urgency_level as UrgencyLevel,
        recommended_action: r.recommended_action,
        rm_id: r.rm_id,
        rm_name: r.rm_name ?? null,
      })),
    };
  }
}
