import {
  BIAS_NAMES,
  RECOMMENDATION_COOLOFF_DAYS,
  type CustomerRecord,
  type ProductSuggestion,
  type ShelfProduct,
} from '@behavio/contract';
import {
  recommendProducts,
  type BiasReading,
  type OutcomeRecord,
  type Recommendations,
} from '@behavio/insights';
import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { Executor } from '../../db/executor.js';
import type { Database } from '../../db/schema.js';
import { lockFirmCustomers } from '../customers/customer-list-index.js';
import type { JobQueue } from '../jobs/job-queue.js';
import * as repo from './recommendations.repository.js';

export const RECOMMENDATIONS_QUEUE = 'recompute-recommendations';

/** Customers recomputed per batch: one read, one write, one heartbeat. */
const BATCH = 2_000;

/** How a run shares the database (on PGlite, its thread) with everything else. */
export interface RunPacing {
  /** Customers per batch: smaller on PGlite, where a batch's statements hold the thread. */
  batch: number;
  /** Between batches (DatabaseHandle.pace): other work first, on PGlite. */
  pace: () => Promise<void>;
}
/** A run whose process has not beaten for this long is taken over. */
export const RUN_STALE_SECONDS = 60;

type StoredReadings = Awaited<ReturnType<typeof repo.customersWithReadings>>[number];

/** The stored bias scores and confidences (hundredths, BIAS_NAMES order) as the model reads them. */
export function readingsOf(row: Pick<StoredReadings, 'bias_scores' | 'bias_confidences'>) {
  return BIAS_NAMES.map((bias_name, k): BiasReading => ({
    bias_name,
    score: (row.bias_scores[k] ?? 0) / 100,
    confidence: (row.bias_confidences[k] ?? 0) / 100,
  }));
}

/** A list item's view of the recommendations: id, name, category and fit, best first. */
const suggestions = (r: Recommendations): ProductSuggestion[] =>
  r.recommended.map(({ product_id, name, category, fit_score }) => ({
    product_id,
    name,
    category,
    fit_score,
  }));

/**
 * Keeps every customer's stored recommendations current (issue 18, item 3). The lists read the
 * stored top products; they are recomputed for the whole firm by a background job after an
 * import, a shelf change or a model backfill, and for one customer at once when an outcome is
 * recorded. Runs of one firm never overlap, on any number of processes: a run is claimed in
 * `recommendation_runs`, and an ask made while it runs makes its runner go round again
 * (docs/products.md, "Keeping recommendations current").
 */
export class RecommendationsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly queue: JobQueue,
    private readonly logger: Logger,
    private readonly pacing: RunPacing = { batch: BATCH, pace: () => Promise.resolve() },
  ) {}

  /**
   * Asks for the firm's recommendations to be recomputed; in the caller's transaction when
   * given one, so the ask exists exactly when the change that needs it does.
   */
  async request(db: Executor, firmId: string): Promise<void> {
    await repo.requestRun(db, firmId);
    await this.queue.send(
      RECOMMENDATIONS_QUEUE,
      { firmId },
      {
        ...(db.isTransaction ? { trx: db as Transaction<Database> } : {}),
        expireInSeconds: 15 * 60,
      },
    );
  }

  /** The job: runs the firm's recomputation while asks are waiting and nobody else runs it. */
  async runFirm(firmId: string): Promise<void> {
    for (;;) {
      const requested = await repo.claimRun(this.db, firmId, RUN_STALE_SECONDS);
      if (requested === undefined) return;
      const started = Date.now();
      const customers = await this.recomputeFirm(firmId);
      await repo.finishRun(this.db, firmId, requested);
      this.logger.info(
        { firmId, customers, seconds: (Date.now() - started) / 1000 },
        'recommendations recomputed',
      );
    }
  }

  /** Runs every firm whose ask has no live runner (a lost job, a runner that died). */
  async runWaiting(): Promise<void> {
    for (const firmId of await repo.firmsWaitingForRun(this.db, RUN_STALE_SECONDS))
      await this.runFirm(firmId);
  }

  /** Asks again for the firms where a declined product's cooling-off has just ended. */
  async requestForEndedCooloffs(): Promise<void> {
    for (const firmId of await repo.firmsWithCooloffEnding(this.db, RECOMMENDATION_COOLOFF_DAYS))
      await this.request(this.db, firmId);
  }

  /** Recomputes and stores one customer's recommendations, in the caller's transaction. */
  async recomputeCustomer(db: Executor, firmId: string, customerId: string): Promise<void> {
    const shelf = await repo.activeShelf(db, firmId);
    const rows = await repo.customersWithReadings(db, firmId, { only: customerId, limit: 1 });
    await this.storeBatch(db, firmId, shelf, rows);
  }

  /** The full recommendations of one customer (reasons, suitability, exclusions), computed now. */
  async forCustomer(
    db: Executor,
    firmId: string,
    customer: CustomerRecord,
    biases: readonly BiasReading[],
  ): Promise<Recommendations> {
    const [shelf, outcomes] = await Promise.all([
      repo.activeShelf(db, firmId),
      repo.outcomesOf(db, firmId, [customer.customer_id]),
    ]);
    return recommendProducts({ customer, biases, shelf, outcomes, asOf: new Date() });
  }

  private async recomputeFirm(firmId: string): Promise<number> {
    const shelf = await repo.activeShelf(this.db, firmId);
    let after: string | undefined;
    let done = 0;
    for (;;) {
      const rows = await repo.customersWithReadings(this.db, firmId, {
        after,
        limit: this.pacing.batch,
      });
      if (rows.length === 0) return done;
      await this.db.transaction().execute(async (trx) => {
        // Deleting a file deletes insight rows in its own order under this lock: a batch
        // writing some of the same rows in customer order without it could deadlock with it.
        await lockFirmCustomers(trx, firmId);
        await this.storeBatch(trx, firmId, shelf, rows);
      });
      await repo.beatRun(this.db, firmId);
      done += rows.length;
      after = rows[rows.length - 1]!.customer_id;
      await this.pacing.pace();
    }
  }

  private async storeBatch(
    db: Executor,
    firmId: string,
    shelf: ShelfProduct[],
    rows: StoredReadings[],
  ): Promise<void> {
    const outcomes = await repo.outcomesOf(
      db,
      firmId,
      rows.map((r) => r.customer_id),
    );
    const byCustomer = new Map<string, OutcomeRecord[]>();
    for (const o of outcomes)
      byCustomer.set(o.customer_id, [...(byCustomer.get(o.customer_id) ?? []), o]);
    const asOf = new Date();
    const recommended = new Set<string>();
    const stored = rows.map((row) => {
      const { bias_scores: _s, bias_confidences: _c, ...customer } = row;
      const products = suggestions(
        recommendProducts({
          customer: customer as unknown as CustomerRecord,
          biases: readingsOf(row),
          shelf,
          outcomes: byCustomer.get(row.customer_id) ?? [],
          asOf,
        }),
      );
      for (const p of products) recommended.add(p.product_id);
      return { customer_id: row.customer_id, products: JSON.stringify(products) };
    });
    await repo.storeSuggestions(db, firmId, stored);
    await repo.markProductsRecommended(db, firmId, [...recommended]);
  }
}
