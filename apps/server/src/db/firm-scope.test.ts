import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.js';
import type { DatabaseHandle } from './database.js';
import { FIRM_OWNED_TABLES, withoutFirmScope, type UnscopedQueryError } from './firm-scope.js';

let handle: DatabaseHandle;
let firmId: string;
const otherFirm = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  handle = await createTestDatabase();
  const firm = await handle.db
    .insertInto('firms')
    .values({ name: 'Scoped', business_name: 'Scoped Ltd', employee_count: 3 })
    .returning('id')
    .executeTakeFirstOrThrow();
  firmId = firm.id;
  await handle.db
    .insertInto('users')
    .values({
      firm_id: firmId,
      role: 'admin',
      name: 'Ada',
      email: 'ada@scoped.test',
      password_hash: 'x',
      verified_at: null,
    })
    .execute();
});
afterAll(() => handle.close());

const refused = (table: string) =>
  expect.objectContaining({ name: 'UnscopedQueryError', table }) as UnscopedQueryError;

describe('the firm scope guard on the app’s database', () => {
  it('refuses a query on a firm-owned table that does not name its firm, before it runs', async () => {
    const db = handle.db;
    // The whole users table, every firm's: refused, and the database never saw it.
    await expect(db.selectFrom('users').selectAll().execute()).rejects.toEqual(refused('users'));
    await expect(
      db.updateTable('users').set({ name: 'Eve' }).where('email', '=', 'ada@scoped.test').execute(),
    ).rejects.toEqual(refused('users'));
    await expect(db.deleteFrom('customer_notes').execute()).rejects.toEqual(
      refused('customer_notes'),
    );
    const names = await db
      .selectFrom('users')
      .select('name')
      .where('firm_id', '=', firmId)
      .execute();
    expect(names).toEqual([{ name: 'Ada' }]);
    // A raw statement that names no firm.
    await expect(sql`select count(*) from users`.execute(db)).rejects.toEqual(refused('users'));
  });

  it('accepts a query scoped by a bound firm, a join on the firm or a correlated subquery', async () => {
    const db = handle.db;
    const queries = [
      db.selectFrom('users').select('id').where('firm_id', '=', firmId),
      db.selectFrom('users').select('id').where('firm_id', 'in', [firmId, otherFirm]),
      db
        .selectFrom('customers as c')
        .innerJoin('customer_insights as i', (join) =>
          join.onRef('i.firm_id', '=', 'c.firm_id').onRef('i.customer_id', '=', 'c.customer_id'),
        )
        .select('c.customer_id')
        .where('c.firm_id', '=', firmId),
      db
        .selectFrom('users as u')
        .select((eb) =>
          eb
            .selectFrom('call_outcomes as o')
            .select(eb.fn.countAll().as('n'))
            .whereRef('o.firm_id', '=', 'u.firm_id')
            .as('outcomes'),
        )
        .where('u.firm_id', '=', firmId)
        .where('u.role', '=', 'rm'),
      db
        .selectFrom('users')
        .select('id')
        .where(sql<boolean>`firm_id = ${firmId}`),
      db.selectFrom('firms').select('name').where('id', '=', firmId),
    ];
    for (const query of queries) await expect(query.execute()).resolves.toBeDefined();
    await expect(
      sql`select count(*) from users where firm_id = ${firmId}`.execute(db),
    ).resolves.toBeDefined();
  });

  it('reads a table by its alias and a firm only in an OR or on another table as unscoped', () => {
    const db = handle.db;
    const compile = (query: { compile(): unknown }) => () => query.compile();
    // The firm of the users does not scope the notes joined to them by id alone.
    expect(
      compile(
        db
          .selectFrom('users as u')
          .innerJoin('customer_notes as n', 'n.author_id', 'u.id')
          .select('n.body')
          .where('u.firm_id', '=', firmId),
      ),
    ).toThrow(/'customer_notes'/);
    expect(
      compile(
        db
          .selectFrom('users')
          .select('id')
          .where((eb) => eb.or([eb('firm_id', '=', firmId), eb('role', '=', 'admin')])),
      ),
    ).toThrow(/'users'/);
    // A subquery in a condition is checked on its own.
    expect(
      compile(
        db
          .selectFrom('firms')
          .select('id')
          .where('id', 'in', (eb) => eb.selectFrom('users').select('firm_id')),
      ),
    ).toThrow(/'users'/);
    // An insert names the firm of its rows.
    expect(
      compile(
        db.insertInto('audit_events').values({
          actor_email: 'a@b.c',
          actor_role: 'admin',
          action: 'x',
          subject_type: 'y',
          subject_id: 'z',
        } as never),
      ),
    ).toThrow(/'audit_events'/);
  });

  it('lets a deliberate cross-firm query through withoutFirmScope, in and out of a transaction', async () => {
    const across = withoutFirmScope(handle.db, 'the test reads every firm');
    expect(await across.selectFrom('users').select('name').execute()).toContainEqual({
      name: 'Ada',
    });
    await handle.db.transaction().execute(async (trx) => {
      await expect(trx.selectFrom('users').selectAll().execute()).rejects.toEqual(refused('users'));
      const inside = withoutFirmScope(trx, 'the test reads every firm');
      expect(await inside.selectFrom('users').select('name').execute()).toContainEqual({
        name: 'Ada',
      });
    });
  });
});

describe('the list of firm-owned tables', () => {
  it('is every table of the database with a firm_id column', async () => {
    const { rows } = await sql<{ table_name: string }>`
      select c.table_name from information_schema.columns c
      join pg_class t on t.relname = c.table_name
      join pg_namespace n on n.oid = t.relnamespace and n.nspname = c.table_schema
      where c.table_schema = current_schema() and c.column_name = 'firm_id'
        and not t.relispartition and t.relkind in ('r', 'p')
      order by 1`.execute(handle.db);
    expect(rows.map((row) => row.table_name)).toEqual([...FIRM_OWNED_TABLES].sort());
  });
});

/**
 * Every place that turns the guard off, with its reason: a new one fails here until it is
 * added, so crossing firms is a decision someone reads (docs/decisions/0008-tenancy-guard.md).
 */
const CROSS_FIRM_PLACES: Record<string, string[]> = {
  'db/migrate.ts': ['migrations change every firm’s rows and the schema'],
  'modules/alert-digest/digest.repository.ts': [
    'the daily digest goes through every firm’s users and alerts',
  ],
  'modules/api-keys/api-keys.repository.ts': [
    'a feed request’s key is found by its hash, before its firm is known',
  ],
  'modules/auth/auth.repository.ts': [
    'sign-in, verification and password reset find the account by email',
  ],
  'modules/auth/pending-accounts.repository.ts': [
    'a pending registration is found by email; the sweep spans firms',
  ],
  'modules/billing/billing.repository.ts': [
    'webhooks and the period-end sweep find billing rows by id across firms',
  ],
  'modules/ingestion/ingestion.repository.ts': [
    'the import job updates its claimed file by id; the sweep spans firms',
  ],
  'modules/ingestion/mapping/mapping.repository.ts': [
    'the daily sweep removes every firm’s expired waiting files',
  ],
  'modules/ingestion/load-tables.ts': ['the load-table sweep spans every firm’s imports'],
  'modules/insights-backfill/backfill.ts': [
    'start-up looks for stale insights in every firm',
    'the backfill recomputes stale insights of every firm',
  ],
  'modules/operations/metrics.ts': ['operator metrics count every firm’s files'],
  'modules/products/recommendations.repository.ts': [
    'the recommendation sweeps find the firms with work due',
  ],
};

describe('the places that query across firms', () => {
  it('are exactly the known ones, each with its reason', () => {
    const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
    const found: Record<string, string[]> = {};
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/(?<!\.test)\.ts$/.test(entry.name) && !full.endsWith('firm-scope.ts')) {
          const text = readFileSync(full, 'utf8');
          const calls = [
            ...text.matchAll(/withoutFirmScope\(\s*[\w.]+,\s*(['"`])(.*?)\1\s*,?\s*\)/gs),
          ];
          const mentions = text.match(/withoutFirmScope\(/g)?.length ?? 0;
          // Every call gives its reason as one literal string.
          expect(calls.length, full).toBe(mentions);
          if (calls.length) {
            found[path.relative(root, full).split(path.sep).join('/')] = calls.map((c) => c[2]!);
          }
        }
      }
    };
    walk(root);
    expect(found).toEqual(CROSS_FIRM_PLACES);
  });
});
