import { defineConfig } from 'vitest/config';

/**
 * The multi-host suite: built server processes against one PostgreSQL database. It needs
 * `npm run build -w apps/server` and TEST_DATABASE_URL, so it is not part of the server
 * projects; `scripts/test.mjs` runs it after the PostgreSQL stage:
 * `npx vitest run --config apps/server/test/multi-host/vitest.config.ts`.
 */
export default defineConfig({
  test: {
    name: 'multi-host',
    root: new URL('.', import.meta.url).pathname,
    include: ['*.test.ts'],
    environment: 'node',
    testTimeout: 180_000,
    hookTimeout: 60_000,
  },
});
