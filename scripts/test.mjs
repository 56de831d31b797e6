#!/usr/bin/env node
// The README's test command: every check CI runs, in order, stopping at the first failure.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const steps = [
  ['Format', 'npx', ['prettier', '--check', '.']],
  ['Lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
  ['Typecheck', 'npm', ['run', 'typecheck']],
  ['OpenAPI description (Redocly lint, openapi-typescript)', 'npm', ['run', 'lint:openapi']],
  ['Unit and integration tests (PGlite)', 'npx', ['vitest', 'run'], { TEST_DATABASE_URL: '' }],
];
if (process.env.TEST_DATABASE_URL) {
  steps.push([
    'Server integration tests (PostgreSQL server)',
    'npx',
    ['vitest', 'run', '--project', 'server-postgres'],
  ]);
} else {
  console.warn(
    '\nTEST_DATABASE_URL is not set: the PostgreSQL-server run is skipped (CI sets it).',
  );
}
steps.push(['Browser journeys (Chromium)', 'npm', ['run', 'test:e2e'], { TEST_DATABASE_URL: '' }]);

if (!existsSync(CHROMIUM)) {
  console.error(
    `\nChromium was not found at ${CHROMIUM}. Install it with: apt-get install -y chromium`,
  );
  process.exit(1);
}

for (const [title, command, args, env] of steps) {
  console.log(`\n=== ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n=== ${title}: FAILED after ${seconds}s`);
    process.exit(result.status ?? 1);
  }
  console.log(`=== ${title}: passed in ${seconds}s`);
}
