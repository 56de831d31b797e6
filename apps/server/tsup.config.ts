import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    server: 'src/server.ts',
    worker: 'src/worker.ts',
    migrate: 'src/migrate.ts',
    'excel-worker': 'src/modules/ingestion/parse/excel-worker.ts',
    'insights-worker': 'src/modules/ingestion/scoring/insights-worker.ts',
  },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  splitting: true,
  // Workspace packages are TypeScript sources: bundle them; everything from npm stays external.
  noExternal: [/^@behavio\//],
});
