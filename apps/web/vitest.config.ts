import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    resolve: {
      // The router's ES module build for every import of it, as in the app's bundle. Left to
      // itself, Vitest loads \`react-router\` as CommonJS but \`react-router/dom\` as an ES module:
      // two copies whose contexts do not meet, so \`RouterProvider\` from \`react-router/dom\` (the
      // app's, whose navigations can render synchronously) could not be used in tests.
      alias: [
        { find: /^react-router$/, replacement: fileURLToPath(import.meta.resolve('react-router')) },
      ],
    },
    test: {
      name: 'web',
      environment: 'jsdom',
      setupFiles: ['./src/testing/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      restoreMocks: true,
      unstubGlobals: true,
      testTimeout: 15_000,
      // One module graph per worker instead of one per file: React, Mantine and the app load
      // once, which halves the suite (236 s to 121 s measured on 2 cores). Safe because every
      // test renders into a fresh QueryClient and router (testing/test-utils), and mocks and
      // stubbed globals are restored after each test (above).
      isolate: false,
    },
  }),
);
