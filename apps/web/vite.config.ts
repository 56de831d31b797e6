import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';
import { prerenderLanding } from './prerender-landing.ts';

const apiProxy = { '/api': 'http://127.0.0.1:3000' };

const ZOD_JITLESS = fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url));

export default defineConfig({
  plugins: [react(), precompress(), prerenderLanding()],
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
