/**
 * Where SQL may be written on the server (issue 35, item 5; docs/decisions/0008-tenancy-guard.md):
 * in repositories (`*.repository.ts`), `src/db/` and the migrations, and in tests. Anywhere else,
 * building a query (`db.selectFrom(…)`, `insertInto`, `updateTable`, `deleteFrom`, `mergeInto`)
 * or importing Kysely's `sql` fails lint, so a service cannot query tables at all, its own
 * module's or another's: it calls its repository, or the other module's service (the import
 * zones of eslint.boundaries.js keep it out of other modules' repositories). Kept apart from
 * eslint.boundaries.js (the import zones) so each file says one thing. Tested in
 * `apps/server/test/lint-sql-zones.test.ts`.
 */

const SERVER = 'apps/server/src';

/**
 * Files outside the repositories that write SQL today, to shrink (docs/notes.md, "SQL outside
 * repositories"): each is a query helper or a piece of infrastructure named for what it does.
 * A new file with SQL belongs in a repository or `src/db/`, not on this list.
 */
export const SQL_OUTSIDE_REPOSITORIES = [
  'config/jwt-secret.ts',
  'modules/alerts/import-alerts.ts',
  'modules/analytics/book-items.ts',
  'modules/analytics/call-state.ts',
  'modules/analytics/daily-list.ts',
  'modules/analytics/needs-review.ts',
  'modules/auth/code-store.ts',
  'modules/changes/change-rules.ts',
  'modules/changes/import-changes.ts',
  'modules/changes/snapshots.ts',
  'modules/customers/customer-list-index.ts',
  'modules/files/file-storage.ts',
  'modules/ingestion/load-tables.ts',
  'modules/insights-backfill/backfill.ts',
  'modules/operations/metrics.ts',
  'modules/operations/readiness.ts',
  'modules/rate-limit/rate-limiter.ts',
];

const QUERY_METHODS = [
  'selectFrom',
  'selectNoFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
];

export const sqlZones = {
  files: [`${SERVER}/**/*.ts`],
  ignores: [
    `${SERVER}/**/*.repository.ts`,
    `${SERVER}/db/**`,
    `${SERVER}/**/*.test.ts`,
    ...SQL_OUTSIDE_REPOSITORIES.map((file) => `${SERVER}/${file}`),
  ],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [
          {
            name: 'kysely',
            importNames: ['sql'],
            message:
              'SQL lives in repositories (*.repository.ts) or src/db/: call a repository function.',
          },
        ],
      },
    ],
    'no-restricted-syntax': [
      'error',
      {
        selector: `CallExpression[callee.property.name=/^(${QUERY_METHODS.join('|')})$/]`,
        message:
          'Queries live in repositories (*.repository.ts): call your repository, or the service of the module that owns the table.',
      },
    ],
  },
};
