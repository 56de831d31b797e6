#!/usr/bin/env node
// The README's test command: every check CI runs, in order, stopping at the first failure.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const postgres = Boolean(process.env.TEST_DATABASE_URL);
const steps = [
  ['Format', 'npx', ['prettier', '--check', '.']],
  ['Lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
  ['Typecheck', 'npm', ['run', 'typecheck']],
  ['OpenAPI description (Redocly lint, openapi-typescript)', 'npm', ['run', 'lint:openapi']],
  ['Unit and integration tests (PGlite)', 'npx', ['vitest', 'run'], { TEST_DATABASE_URL: '' }],
  // Once, for every step below that runs the built app.
  ['Build', 'npm', ['run', 'build']],
];
if (postgres) {
  steps.push(
    [
      'Server integration tests (PostgreSQL server)',
      'npx',
      ['vitest', 'run', '--project', 'server-postgres'],
    ],
    [
      'Multi-host: two API and two worker processes on one PostgreSQL',
      'npx',
      ['vitest', 'run', '--config', 'apps/server/test/multi-host/vitest.config.ts'],
    ],
  );
} else {
  console.warn(
    '\nTEST_DATABASE_URL is not set: the PostgreSQL-server run, the multi-host suite and the' +
      ' other Node.js line are skipped (CI sets it).',
  );
}
steps.push(
  ['Production install on a copy', 'bash', ['scripts/check-production-install.sh']],
  [
    'Browser journeys (Chromium)',
    'npx',
    ['vitest', 'run', '--config', 'e2e/vitest.config.ts'],
    { TEST_DATABASE_URL: '' },
  ],
);
// Last: it builds again with the other Node.js line (docs/decisions/0001). CHECK_NODE_LTS=0 skips it.
if (postgres && process.env.CHECK_NODE_LTS !== '0') {
  steps.push([
    `Node.js ${process.env.NODE_LTS_VERSION ?? '24'}: build, migrations, multi-host`,
    'bash',
    ['scripts/check-node-lts.sh'],
  ]);
}

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
