import {
  CUSTOMER_PAGE_MESSAGES,
  type CustomerPageResponse,
  type CustomerRecord,
} from '@behavio/contract';
import { scoreCustomer } from '@behavio/insights';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../errors/app-error.js';
import type { Principal } from '../../plugins/access.js';
import type { AnalyticsService } from '../analytics/analytics.service.js';
import type { NotesService } from '../notes/notes.service.js';
import type { RecommendationsService } from '../products/recommendations.service.js';
import type { ChangesService } from '../changes/changes.service.js';
import * as repo from './customer-page.repository.js';

/**
 * One customer's page (issue 18, item 4): the row, the insights with their evidence and the
 * products with their reasons, computed now from the row by the current model, and what was
 * recorded about the customer. An RM sees only their own customers: another RM's, like another
 * firm's, is a 404, so a customer id tells nothing about who holds it.
 */
export class CustomerPageService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly recommendations: Pick<RecommendationsService, 'forCustomer'>,
    private readonly notes: Pick<NotesService, 'forCustomer'>,
    private readonly analytics: Pick<AnalyticsService, 'callState'>,
    private readonly changes: Pick<ChangesService, 'historyOf'>,
  ) {}

  async get(principal: Principal, customerId: string): Promise<CustomerPageResponse> {
    const { firmId } = principal;
    const row = await repo.findCustomer(
      this.db,
      firmId,
      customerId,
      principal.role === 'admin' ? null : principal.userId,
    );
    if (!row) throw notFound(CUSTOMER_PAGE_MESSAGES.notFound);
    const { rm_id, rm_name, created_at, ...record } = row;
    const customer = record as unknown as CustomerRecord;
    const insights = scoreCustomer(customer);
    const [recommendations, products, calls, notes, callState, history] = await Promise.all([
      this.recommendations.forCustomer(this.db, firmId, customer, insights.biases),
      repo.productOutcomes(this.db, firmId, customerId),
      repo.callOutcomes(this.db, firmId, customerId),
      this.notes.forCustomer(this.db, firmId, customerId),
      this.analytics.callState(firmId, rm_id, customerId),
      this.changes.historyOf(this.db, firmId, customerId),
    ]);
    return {
      customer,
      rm_id,
      rm_name: rm_name ?? null,
      call_state: callState,
      created_at: created_at.toISOString(),
      insights,
      suitability_profile: recommendations.profile,
      recommended_products: recommendations.recommended,
      excluded_products: recommendations.excluded,
      product_outcomes: products.map(({ created_at: at, recorded_by, ...o }) => ({
        ...o,
        recorded_at: at.toISOString(),
        recorded_by: recorded_by ?? null,
      })),
      call_outcomes: calls.map(({ created_at: at, recorded_by, ...o }) => ({
        ...o,
        recorded_at: at.toISOString(),
        recorded_by: recorded_by ?? null,
      })),
      notes,
      history,
    };
  }
}
