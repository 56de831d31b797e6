import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './precompress';
import { prerenderLanding } from './prerender-landing';

const apiProxy = { '/api': 'http://127.0.0.1:3000' };

const ZOD_JITLESS = fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url));

/**
 * zod-jitless.ts configures zod when it loads, which makes it a module with side effects, kept
 * wherever it is imported even if nothing uses it. Its configuration matters only to the schemas
 * that use it, so it is marked free of side effects: a chunk that imports the contract's
 * constants without a schema (the landing page) loads no zod (docs/benchmarks.md).
 */
function zodOnlyWhereUsed(): Plugin {
  return {
    name: 'behavio:zod-only-where-used',
    transform(code, id) {
      if (id === ZOD_JITLESS) return { code, moduleSideEffects: false };
      return null;
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), zodOnlyWhereUsed(), prerenderLanding()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // zod without its eval probe, for the Content-Security-Policy (see the module).
      { find: /^zod$/, replacement: ZOD_JITLESS },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
