import { randomUUID } from 'node:crypto';
import { Migrator, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCustomers } from '../../../test/fixtures/customer-files.js';
import { createTestDatabase } from '../../../test/test-database.js';
import type { DatabaseHandle } from '../database.js';
import { migrations } from './index.js';
import { withoutFirmScope } from '../firm-scope.js';

/**
 * Migration 0029 on data (issue 36, item 4): the repeats already on file go, what they repeated
 * stays, and the feed's Idempotency-Keys move into the one store and back.
 */
let handle: DatabaseHandle;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema changes under the test
let db: Kysely<any>;
let migrator: Migrator;

const TARGET = '0029_idempotency_and_repeats';
const keys = Object.keys(migrations);
const BEFORE = keys[keys.indexOf(TARGET) - 1]!;

beforeAll(async () => {
  handle = await createTestDatabase({ migrate: false });
  // Migrations and their tests change every firm's rows (firm-scope.ts).
  db = withoutFirmScope(handle.db, 'migrations change every firm’s rows');
  migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
});
afterAll(() => handle.close());

async function migrateTo(target: string) {
  const { error } = await migrator.migrateTo(target);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1) + seconds * 1000);
const DAY = 86_400;

describe('0029', () => {
  it('removes the repeated outcomes and notes on file, keeps the rest, and moves the feed’s keys', async () => {
    await migrateTo(BEFORE);
    const firmId = randomUUID();
    await db.insertInto('firms').values({ id: firmId, name: 'Acme', employee_count: 5 }).execute();
    const userId = (
      await db
        .insertInto('users')
        .values({
          firm_id: firmId,
          role: 'rm',
          name: 'Rita',
          email: 'rita@acme.example',
          password_hash: 'x',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id as string;
    await sql`
      create table ${sql.raw(`customers_t${firmId.replaceAll('-', '')}`)} partition of customers
      for values in (${sql.lit(firmId)})`.execute(db);
    const [customer] = generateCustomers(1, { firstId: 1 });
    await db
      .insertInto('customers')
      .values({ ...customer, firm_id: firmId })
      .execute();
    const customerId = customer!.customer_id;
    const [p1, p2] = (
      await db
        .insertInto('products')
        .values([
          { firm_id: firmId, name: 'Saver', category: 'savings' },
          { firm_id: firmId, name: 'Loan', category: 'loan' },
        ])
        .returning('product_id')
        .execute()
    ).map((p) => p.product_id as string) as [string, string];

    const product = (productId: string, outcome: string, seconds: number) => ({
      firm_id: firmId,
      customer_id: customerId,
      product_id: productId,
      outcome,
      recorded_by: userId,
      created_at: at(seconds),
    });
    await db
      .insertInto('product_outcomes')
      .values([
        // A double-submitted acceptance, undone twice: one acceptance and one Undo stay.
        product(p1, 'offered', 0),
        product(p1, 'accepted', 10),
        product(p1, 'accepted', 11),
        product(p1, 'undone', 20),
        product(p1, 'undone', 21),
        product(p1, 'undone', 22),
        // A refusal repeated within its cooling-off goes; one after it starts a new one.
        product(p2, 'declined', 0),
        product(p2, 'declined', 30 * DAY),
        product(p2, 'declined', 100 * DAY),
      ])
      .execute();
    const call = (outcome: string, seconds: number, priority = 8) => ({
      firm_id: firmId,
      customer_id: customerId,
      rm_id: userId,
      outcome,
      model_version: 'v1',
      priority_score: priority,
      urgency_level: 'high',
      recommended_action: 'Call',
      created_at: at(seconds),
    });
    await db
      .insertInto('call_outcomes')
      .values([
        call('called', 0),
        call('called', 1),
        call('called', 2),
        call('reopened', 3),
        call('called', 4),
        call('called', 5, 9), // another recommendation
      ])
      .execute();
    const note = (body: string, seconds: number) => ({
      firm_id: firmId,
      customer_id: customerId,
      author_id: userId,
      body,
      created_at: at(seconds),
    });
    await db
      .insertInto('customer_notes')
      .values([note('Call back', 0), note('Call back', 3), note('Other', 4), note('Call back', 60)])
      .execute();
    const fileId = randomUUID();
    await db
      .insertInto('customer_files')
      .values({
        id: fileId,
        firm_id: firmId,
        filename: 'feed.csv',
        file_size: 1,
        format: 'csv',
        storage_key: fileId,
        total_columns: 28,
        columns_info: '[]',
        preview_rows: '[]',
      })
      .execute();
    await db
      .insertInto('feed_idempotency')
      .values({ firm_id: firmId, idempotency_key: 'k1', request_hash: 'h1', file_id: fileId })
      .execute();

    await migrateTo(TARGET);
    const products = await db
      .selectFrom('product_outcomes')
      .select(['product_id', 'outcome', 'created_at'])
      .orderBy('product_id')
      .orderBy('created_at')
      .execute();
    expect(
      products.filter((o) => o.product_id === p1).map((o) => [o.outcome, o.created_at]),
    ).toEqual([
      ['offered', at(0)],
      ['accepted', at(10)],
      ['undone', at(20)],
      ['undone', at(21)],
    ]);
    expect(
      products.filter((o) => o.product_id === p2).map((o) => [o.outcome, o.created_at]),
    ).toEqual([
      ['declined', at(0)],
      ['declined', at(100 * DAY)],
    ]);
    const calls = await db
      .selectFrom('call_outcomes')
      .select(['outcome', 'created_at'])
      .orderBy('created_at')
      .execute();
    expect(calls.map((c) => [c.outcome, c.created_at])).toEqual([
      ['called', at(0)],
      ['reopened', at(3)],
      ['called', at(4)],
      ['called', at(5)],
    ]);
    const notes = await db
      .selectFrom('customer_notes')
      .select(['body', 'created_at'])
      .orderBy('created_at')
      .execute();
    expect(notes.map((n) => [n.body, n.created_at])).toEqual([
      ['Call back', at(0)],
      ['Other', at(4)],
      ['Call back', at(60)],
    ]);
    expect(
      await db
        .selectFrom('idempotency_keys')
        .select(['scope', 'user_id', 'idempotency_key', 'file_id'])
        .execute(),
    ).toEqual([{ scope: 'feed', user_id: null, idempotency_key: 'k1', file_id: fileId }]);
    // A user's key and the feed's may have the same name; the same key twice may not.
    const userKey = {
      firm_id: firmId,
      scope: 'note',
      user_id: userId,
      idempotency_key: 'k1',
      request_hash: 'h2',
    };
    await db.insertInto('idempotency_keys').values(userKey).execute();
    await expect(db.insertInto('idempotency_keys').values(userKey).execute()).rejects.toThrow();

    await migrateTo(BEFORE);
    expect(
      await db.selectFrom('feed_idempotency').select(['idempotency_key', 'file_id']).execute(),
    ).toEqual([{ idempotency_key: 'k1', file_id: fileId }]);
    await migrateTo(keys.at(-1)!);
  });
});
