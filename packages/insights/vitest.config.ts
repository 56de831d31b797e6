import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'insights',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Property tests run hundreds of customers through the model: on a loaded 2-core machine
    // one took 6.3 s, past Vitest's 5 s default. A time-out is not what they test.
    testTimeout: 30_000,
  },
});
