import { defineConfig } from 'vitest/config';
import { EMBEDDED_ONLY, EMBEDDED_SUITE } from './test/embedded-suite.js';

const postgres = Boolean(process.env.TEST_DATABASE_URL);
// `SERVER_SUITE=embedded` (scripts/test.mjs, when a PostgreSQL server runs the whole suite):
// on PGlite, only the files that exercise what differs there (test/embedded-suite.ts).
const embeddedOnly = !postgres && process.env.SERVER_SUITE === 'embedded';

export default defineConfig({
  test: {
    name: postgres ? 'server-postgres' : 'server-pglite',
    include: embeddedOnly ? EMBEDDED_SUITE : ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Built processes on PostgreSQL: its own config, run by scripts/test.mjs after a build.
    exclude: ['test/multi-host/**', ...(postgres ? EMBEDDED_ONLY : [])],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One module graph per test worker instead of one per file: the server's modules load once,
    // which took a fifth of the suite's time (CI's PostgreSQL run: 178 s of imports in 448 s on
    // two workers). Safe because each file builds its own app, database and services
    // (test/helper.ts) and closes them; the server keeps nothing about a firm or a request in
    // module state.
    isolate: false,
  },
});
