import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default (a copy of the run's
 * snapshot, see global-setup.ts), or a throwaway
 * database on the PostgreSQL server named by TEST_DATABASE_URL (dropped again on close).
 * `migrate: false` leaves it empty, for the migrations' own tests.
 */
export async function createTestDatabase({ migrate = true } = {}): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const snapshots = inject('pgliteSnapshots');
    if (!snapshots) {
      const handle = await openDatabase({ kind: 'pglite', dataDir: 'memory' });
      if (migrate) await migrateToLatest(handle.db);
      return handle;
    }
    // A copy of the run's snapshot (test/global-setup.ts): the same database, without initdb and
    // the migrations in every file.
    const snapshot = readFileSync(migrate ? snapshots.migrated : snapshots.empty);
    return openDatabase({ kind: 'pglite', dataDir: 'memory', loadDataDir: new Blob([snapshot]) });
  }
  const name = `behavio_test_${randomBytes(6).toString('hex')}`;
  // A copy of the run's migrated template when there is one (test/global-setup.ts; suites
  // without that setup, such as multi-host, migrate here).
  const template = migrate ? inject('postgresTemplate') : null;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  if (migrate && !template) await migrateToLatest(handle.db);
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
