import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/server', 'apps/web'],
    // Vitest's default leaves a core for itself: one worker on the 2-core CI machine, where the
    // second halves the suite (490 s to 330 s measured); the main process is mostly idle.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
