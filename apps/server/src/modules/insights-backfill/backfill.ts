import type { CustomerRecord } from '@behavio/contract';
import { MODEL_VERSION, scoreCustomerCompact } from '@behavio/insights';
import { sql, type Kysely } from 'kysely';
import type { Logger } from 'pino';
import { withoutFirmScope } from '../../db/firm-scope.js';
import type { Database } from '../../db/schema.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { RecommendationsService } from '../products/recommendations.service.js';
import { lockFirmCustomers, refreshCustomerListIndex } from '../customers/customer-list-index.js';
import { CUSTOMER_RECORD_COLUMNS } from '../customers/customers.repository.js';
import { INSIGHT_COLUMNS, insightColumnValues } from '../ingestion/insight-columns.js';

export const BACKFILL_QUEUE = 'backfill-insights';
const BATCH = 2_000;

/** At start-up: one backfill job when any stored insight was computed by another model version. */
export async function scheduleBackfillIfStale(
  db: Kysely<Database>,
  queue: JobQueue,
): Promise<boolean> {
  const stale = await withoutFirmScope(db, 'start-up looks for stale insights in every firm')
    .selectFrom('customer_insights')
    .select('customer_id')
    .where('model_version', '<>', MODEL_VERSION)
    .limit(1)
    .executeTakeFirst();
  if (!stale) return false;
  await queue.send(
    BACKFILL_QUEUE,
    { modelVersion: MODEL_VERSION },
    { singletonKey: `backfill-${MODEL_VERSION}` },
  );
  return true;
}

/**
 * Recomputes every insight not computed by the current model, in batches, each batch one
 * transaction. Screens keep reading the stored rows meanwhile; a customer is never without one.
 */
export async function backfillInsights(
  db: Kysely<Database>,
  logger: Logger,
  recommendations: Pick<RecommendationsService, 'request'>,
): Promise<number> {
  let done = 0;
  const firms = new Set<string>();
  // The model changed for every firm: the batches take stale rows wherever they are.
  const everyFirm = withoutFirmScope(db, 'the backfill recomputes stale insights of every firm');
  for (;;) {
    const rows = await everyFirm
      .selectFrom('customers as c')
      .innerJoin('customer_insights as i', (join) =>
        join.onRef('i.firm_id', '=', 'c.firm_id').onRef('i.customer_id', '=', 'c.customer_id'),
      )
      .select(['c.firm_id', ...CUSTOMER_RECORD_COLUMNS])
      .where('i.model_version', '<>', MODEL_VERSION)
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    const updates = rows.map((row) => ({
      firm_id: row.firm_id,
      customer_id: row.customer_id,
      ...insightColumnValues(scoreCustomerCompact(row as unknown as CustomerRecord)),
    }));
    const assignments = sql.raw(INSIGHT_COLUMNS.map((c) => `${c} = r.${c}`).join(', '));
    await sql`
      update customer_insights i set ${assignments}, computed_at = now()
      from jsonb_populate_recordset(null::customer_insights, ${JSON.stringify(updates)}::jsonb) r
      where i.firm_id = r.firm_id and i.customer_id = r.customer_id
    `.execute(everyFirm);
    done += rows.length;
    for (const row of rows) firms.add(row.firm_id);
  }
  // The firms' summaries count insights by risk, segment and urgency: rebuild them.
  for (const firmId of firms) {
    await db.transaction().execute(async (trx) => {
      await lockFirmCustomers(trx, firmId);
      await refreshCustomerListIndex(trx, firmId);
      // New bias readings can change which products fit.
      await recommendations.request(trx, firmId);
    });
  }
  if (done > 0)
    logger.info(
      { customers: done, modelVersion: MODEL_VERSION },
      'insights recomputed for the new model',
    );
  return done;
}
