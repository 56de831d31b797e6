import type { CustomerRecord, FileChangesResponse } from '@behavio/contract';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  customerTable,
  generateCustomers,
  toCsvBuffer,
} from '../../../test/fixtures/customer-files.js';
import { adminOnPlan, importCustomers, setUpDb } from '../../../test/firms.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';

/**
 * Issue 19, item 7: whatever a book holds and however a second file changes it, importing the
 * same file again records no change, keeps no history and raises no alert.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 120_000);
afterAll(() => ctx.close());

/** What the firm has recorded so far: alerts, superseded states and changed insights. */
async function recorded(firmId: string) {
  const { rows } = await sql<{ alerts: number; history: number; states: string }>`
    select
      (select count(*)::int from alerts where firm_id = ${firmId}) as alerts,
      (select count(*)::int from insight_history where firm_id = ${firmId}) as history,
      (select string_agg(customer_id || '@' || computed_at::text, ',' order by customer_id)
        from customer_insights where firm_id = ${firmId}) as states
  `.execute(setUpDb(ctx));
  return rows[0]!;
}

const changesOf = async (headers: Record<string, string>, fileId: string) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/content/file-changes/${fileId}`,
    headers,
  });
  return res.json<FileChangesResponse>();
};

/** A change to one customer: a column and the value it takes (each inside its range). */
const edit = fc.oneof(
  fc.record({
    column: fc.constant('leverage_ratio'),
    value: fc.double({ min: 0, max: 10, noNaN: true }),
  }),
  fc.record({ column: fc.constant('max_drawdown_pct'), value: fc.integer({ min: -100, max: 0 }) }),
  fc.record({ column: fc.constant('social_hype_score'), value: fc.integer({ min: 0, max: 100 }) }),
  fc.record({ column: fc.constant('cash_pct'), value: fc.integer({ min: 0, max: 30 }) }),
  fc.record({ column: fc.constant('age'), value: fc.integer({ min: 18, max: 100 }) }),
);

it('replaying a file records nothing, whatever the files hold', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 10_000 }),
      fc.integer({ min: 2, max: 12 }),
      fc.array(fc.tuple(fc.nat(), edit), { maxLength: 6 }),
      fc.integer({ min: 0, max: 3 }),
      async (seed, size, edits, added) => {
        const admin = await adminOnPlan(ctx, 'pro');
        const book = generateCustomers(size, { seed });
        const changed: CustomerRecord[] = book.map((c) => ({ ...c }));
        for (const [at, { column, value }] of edits)
          (changed[at % size] as unknown as Record<string, number>)[column] =
            Math.round(value * 100) / 100;
        changed.push(...generateCustomers(added, { seed: seed + 1, firstId: 900_001 }));
        const csv = (records: CustomerRecord[]) => toCsvBuffer(customerTable(records));

        for (const records of [book, changed]) {
          await importCustomers(ctx, admin, csv(records));
          const before = await recorded(admin.firmId);
          const again = await importCustomers(ctx, admin, csv(records));
          expect(await recorded(admin.firmId)).toEqual(before);
          const changes = await changesOf(admin.headers, again);
          // An edit can push a row's allocation past 100: the file rejects it, every time.
          const { accepted_rows } = await setUpDb(ctx)
            .selectFrom('customer_files')
            .select('accepted_rows')
            .where('id', '=', again)
            .executeTakeFirstOrThrow();
          expect(changes).toMatchObject({
            new_customers: 0,
            updated: 0,
            unchanged: accepted_rows,
            items: [],
            total_items: 0,
          });
          expect(Object.values(changes.changes)).toEqual([0, 0, 0, 0, 0, 0]);
        }
      },
    ),
    { numRuns: 4 },
  );
}, 600_000);
