/**
 * The server test files that CI also runs on embedded PGlite after running every server test
 * file on a PostgreSQL server (issue 35: CI under 15 minutes). The server's code is the same on
 * both databases except where it meets the database: these are the files that exercise what
 * differs on PGlite (docs/architecture.md, "One code path, two databases").
 *
 * - start-up, the data folder's lock, migrations, settings kept in the database;
 * - the job queue (pg-boss through the single PGlite connection);
 * - the import: load tables written by COPY from an in-memory blob, the final transaction,
 *   scheduling and responsiveness beside other firms, stalled and killed imports, file fixes;
 * - what reads PGlite's own value types (snapshots' json, recommendations' bigint counts).
 *
 * Without TEST_DATABASE_URL (a developer's `npm test` with no PostgreSQL server) every server
 * test file runs on PGlite, as before.
 */
export const EMBEDDED_SUITE = [
  'src/db/**/*.test.ts',
  'src/config/**/*.test.ts',
  'src/modules/jobs/**/*.test.ts',
  'src/modules/ingestion/ingestion.test.ts',
  'src/modules/ingestion/load-tables.test.ts',
  'src/modules/ingestion/import-scheduling.test.ts',
  'src/modules/ingestion/import-progress.test.ts',
  'src/modules/ingestion/stalled-imports.test.ts',
  'src/modules/ingestion/fixes/**/*.test.ts',
  'src/modules/changes/import-changes.test.ts',
  'src/modules/products/recommendations.test.ts',
  'src/modules/operations/**/*.test.ts',
  'test/import-recovery.test.ts',
];

/**
 * Files that test the embedded database alone, whatever TEST_DATABASE_URL says (they start their
 * own processes on a PGlite folder): run in the PGlite step only, not again beside the
 * PostgreSQL server's.
 */
export const EMBEDDED_ONLY = ['src/db/data-dir-lock.test.ts'];
