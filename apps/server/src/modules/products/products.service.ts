import {
  PRODUCT_MESSAGES,
  PRODUCT_OUTCOME_MESSAGES,
  PRODUCT_OUTCOME_UNDO,
  UNDO_REPEAT_SECONDS,
  productRuleErrors,
  type DeleteProductResponse,
  type ListProductsResponse,
  type NewProduct,
  type Product,
  type ProductChanges,
  type ProductOutcomeResponse,
  type ProductPerformanceResponse,
  type productOutcomeRequestSchema,
} from '@behavio/contract';
import { repeatsStanding, standingOutcomes } from '@behavio/insights';
import type { z } from 'zod';
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { Database, ProductRow } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../errors/app-error.js';
import type { Principal } from '../../plugins/access.js';
import { recordAudit } from '../audit/audit.repository.js';
import { idempotently, type IdempotentAnswer } from '../idempotency/idempotency.service.js';
import * as repo from './products.repository.js';
import { productPerformance } from './product-performance.js';
import type { RecommendationsService } from './recommendations.service.js';

type ProductOutcomeRequestBody = z.output<typeof productOutcomeRequestSchema>;

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';
/** Product ids are uuids; anything else names no product (and must not reach a uuid cast). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const errorCode = (error: unknown) => (error as { code?: string }).code;

export function toProduct(row: ProductRow): Product {
  const { firm_id: _firm, first_recommended_at: _first, created_at, updated_at, ...rest } = row;
  return { ...rest, created_at: created_at.toISOString(), updated_at: updated_at.toISOString() };
}

/** What the audit log keeps of a product: everything an admin can edit. */
const audited = (p: Product) => {
  const { created_at: _c, updated_at: _u, ...fields } = p;
  return fields;
};

const duplicateName = () =>
  badRequest(PRODUCT_MESSAGES.duplicateName, [
    { path: 'name', msg: PRODUCT_MESSAGES.duplicateName },
  ]);

/**
 * The firm's product shelf: every role reads it, the admin changes it (the access rules say
 * who). Every change is audited in its own transaction; a product that was ever recommended
 * cannot be deleted, only deactivated, so the outcomes that name it keep their meaning.
 */
export class ProductsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly recommendations: RecommendationsService,
  ) {}

  async list(principal: Principal): Promise<ListProductsResponse> {
    const rows = await repo.listProducts(this.db, principal.firmId);
    return { products: rows.map(toProduct) };
  }

  async create(principal: Principal, input: NewProduct): Promise<Product> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const product = toProduct(await repo.insertProduct(trx, principal.firmId, input));
        await this.recommendations.request(trx, principal.firmId);
        await recordAudit(trx, principal, {
          action: 'product.created',
          subjectType: 'product',
          subjectId: product.product_id,
          after: audited(product),
        });
        return product;
      });
    } catch (error) {
      if (errorCode(error) === UNIQUE_VIOLATION) throw duplicateName();
      throw error;
    }
  }

  async update(principal: Principal, productId: string, changes: ProductChanges): Promise<Product> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const before = await this.locked(trx, principal, productId);
        const errors = productRuleErrors({ ...before, ...changes });
        if (errors.length > 0) throw badRequest(errors[0]!.msg, errors);
        const after = toProduct(
          await repo.updateProduct(trx, principal.firmId, productId, changes),
        );
        await this.recommendations.request(trx, principal.firmId);
        await recordAudit(trx, principal, {
          action: 'product.updated',
          subjectType: 'product',
          subjectId: productId,
          before: audited(before),
          after: audited(after),
        });
        return after;
      });
    } catch (error) {
      if (errorCode(error) === UNIQUE_VIOLATION) throw duplicateName();
      throw error;
    }
  }

  async remove(principal: Principal, productId: string): Promise<DeleteProductResponse> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const product = await this.locked(trx, principal, productId);
        if (await repo.wasEverRecommended(trx, principal.firmId, productId))
          throw conflict(PRODUCT_MESSAGES.everRecommended);
        await repo.deleteProduct(trx, principal.firmId, productId);
        // Never recommended, so no stored list names it; an inactive one may now free a place.
        if (product.active) await this.recommendations.request(trx, principal.firmId);
        await recordAudit(trx, principal, {
          action: 'product.deleted',
          subjectType: 'product',
          subjectId: productId,
          before: audited(product),
        });
        return { message: PRODUCT_MESSAGES.deleted, product_id: productId };
      });
    } catch (error) {
      // An outcome recorded for it after our check, before the delete: the foreign key refuses.
      if (errorCode(error) === FOREIGN_KEY_VIOLATION)
        throw conflict(PRODUCT_MESSAGES.everRecommended);
      throw error;
    }
  }

  /**
   * Records what happened when a product was discussed with a customer (append-only, audited):
   * an RM for the customers of their own book, the admin for any of the firm's. Another RM's or
   * another firm's customer, and another firm's product, answer 404. An outcome that repeats the
   * pair's standing one records nothing and answers the standing record (docs/product-rules.md,
   * "Repeated outcomes and notes"); with an Idempotency-Key, a retry answers the first answer.
   */
  recordOutcome(
    principal: Principal,
    input: ProductOutcomeRequestBody,
    idempotencyKey?: string,
  ): Promise<IdempotentAnswer<ProductOutcomeResponse>> {
    const call = {
      firmId: principal.firmId,
      userId: principal.userId,
      scope: 'product-outcome' as const,
      key: idempotencyKey,
      request: input,
    };
    return idempotently(this.db, call, async (trx) => {
      const customer = await repo.findVisibleCustomer(
        trx,
        principal.firmId,
        input.customer_id,
        principal.role === 'admin' ? null : principal.userId,
      );
      if (!customer) throw notFound(PRODUCT_OUTCOME_MESSAGES.customerNotFound);
      // Locked: the pair's outcomes are written one at a time, so the standing one is current.
      const product = await this.locked(trx, principal, input.product_id);
      const history = await repo.pairOutcomes(
        trx,
        principal.firmId,
        customer.customer_id,
        product.product_id,
      );
      const top = standingOutcomes(history).at(-1);
      const repeatedUndo = input.outcome === PRODUCT_OUTCOME_UNDO && lastUndo(history, principal);
      if (repeatedUndo) return outcomeAnswer(repeatedUndo);
      if (input.outcome === PRODUCT_OUTCOME_UNDO && !top)
        throw conflict(PRODUCT_OUTCOME_MESSAGES.nothingToUndo);
      if (repeatsStanding(top, { outcome: input.outcome, recorded_at: new Date() }))
        return outcomeAnswer(top!);
      const row = await repo.insertOutcome(trx, {
        firm_id: principal.firmId,
        customer_id: customer.customer_id,
        product_id: product.product_id,
        outcome: input.outcome,
        reason: input.reason || null,
        recorded_by: principal.userId,
      });
      await repo.markRecommended(trx, principal.firmId, product.product_id);
      // This customer's lists change at once: an accepted or declined product leaves them.
      await this.recommendations.recomputeCustomer(trx, principal.firmId, customer.customer_id);
      const answer = outcomeAnswer({ ...row, recorded_at: row.created_at });
      const { message: _message, ...recorded } = answer;
      await recordAudit(trx, principal, {
        action: 'product_outcome.recorded',
        subjectType: 'customer',
        subjectId: row.customer_id,
        after: { ...recorded, product_name: product.name },
      });
      return answer;
    });
  }

  /** The product performance report (issue 18, item 6). */
  async performance(principal: Principal): Promise<ProductPerformanceResponse> {
    const [upToDate, shelf, recommendedNow, outcomes] = await Promise.all([
      repo.recommendationsUpToDate(this.db, principal.firmId),
      repo.listProducts(this.db, principal.firmId),
      repo.recommendedNowCounts(this.db, principal.firmId),
      repo.firmOutcomes(this.db, principal.firmId),
    ]);
    return {
      recommendations_up_to_date: upToDate,
      ...productPerformance(shelf, recommendedNow, outcomes),
    };
  }

  /** The firm's product, locked for the transaction; another firm's or no product is a 404. */
  private async locked(
    trx: Parameters<typeof repo.lockProduct>[0],
    principal: Principal,
    productId: string,
  ): Promise<Product> {
    const row = UUID.test(productId)
      ? await repo.lockProduct(trx, principal.firmId, productId)
      : undefined;
    if (!row) throw notFound(PRODUCT_MESSAGES.notFound);
    return toProduct(row);
  }
}

/** The pair's latest outcome when it is this person's Undo of less than UNDO_REPEAT_SECONDS ago. */
function lastUndo<T extends { outcome: string; recorded_by: string | null; recorded_at: Date }>(
  history: T[],
  principal: Principal,
): T | undefined {
  const latest = history.reduce<T | undefined>(
    (last, o) => (!last || o.recorded_at > last.recorded_at ? o : last),
    undefined,
  );
  if (latest?.outcome !== PRODUCT_OUTCOME_UNDO || latest.recorded_by !== principal.userId) return;
  return Date.now() - latest.recorded_at.getTime() < UNDO_REPEAT_SECONDS * 1000
    ? latest
    : undefined;
}

/** An outcome as the route answers it: the one recorded, or the standing one a repeat found. */
const outcomeAnswer = (o: {
  customer_id: string;
  product_id: string;
  outcome: ProductOutcomeResponse['outcome'];
  reason: string | null;
  recorded_at: Date;
}): ProductOutcomeResponse => ({
  message: PRODUCT_OUTCOME_MESSAGES.recorded,
  customer_id: o.customer_id,
  product_id: o.product_id,
  outcome: o.outcome,
  reason: o.reason,
  recorded_at: o.recorded_at.toISOString(),
});

/** A new firm's shelf, the default products (docs/products.md), in the registration's transaction. */
export const seedDefaultShelf = (db: Executor, firmId: string) => repo.seedDefaultShelf(db, firmId);
