import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: process.env.TEST_DATABASE_URL ? 'server-postgres' : 'server-pglite',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Built processes on PostgreSQL: its own config, run by scripts/test.mjs after a build.
    exclude: ['test/multi-host/**'],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
