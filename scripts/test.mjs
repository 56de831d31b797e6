#!/usr/bin/env node
// The README's test command: every check CI runs, stopping at the first failure.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const postgres = Boolean(process.env.TEST_DATABASE_URL);
// The static checks read the sources and share nothing, and each uses about one core: run side
// by side, they take half the time on the 2-core CI machine. Each one's output is printed whole
// when it ends, in this order.
const checks = [
  ['Format', 'npx', ['prettier', '--check', '.']],
  ['Lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
  ['Typecheck', 'npm', ['run', 'typecheck']],
  ['OpenAPI description (Redocly lint, openapi-typescript)', 'npm', ['run', 'lint:openapi']],
  ['Unused files, dependencies and exports, import cycles (knip)', 'npx', ['knip']],
];
// Then one after the other.
// With a PostgreSQL server, the server's integration suite runs once there (below), and on PGlite
// only the files that exercise what differs on the embedded database (apps/server/test/
// embedded-suite.ts). Without one, every server test file runs on PGlite.
const steps = [
  [
    postgres
      ? 'Unit tests (packages, web) and the embedded-database server suite (PGlite)'
      : 'Unit and integration tests (PGlite)',
    'npx',
    ['vitest', 'run'],
    { TEST_DATABASE_URL: '', SERVER_SUITE: postgres ? 'embedded' : '' },
  ],
  // Once, for every step below that runs the built app.
  ['Build', 'npm', ['run', 'build']],
];
// The other Node.js line's check (last, below) runs the multi-host suite on that line; the suite
// then runs there only, once per run (the same processes on this line add a minute and nothing
// the rest of the run does not cover). CHECK_NODE_LTS=0 skips that check and runs it here.
const otherNodeLine = postgres && process.env.CHECK_NODE_LTS !== '0';
// The production install (mostly `npm ci --omit=dev` on a copy, then a start) waits on the disk
// and the package cache more than on the processor: with a PostgreSQL server it runs beside the
// server suite (`beside`), its output printed whole when that step ends.
const productionInstall = [
  'Production install on a copy',
  'bash',
  ['scripts/check-production-install.sh'],
];
if (postgres) {
  steps.push(
    [...productionInstall, {}, { beside: true }],
    [
      'Server integration tests (PostgreSQL server)',
      'npx',
      ['vitest', 'run', '--project', 'server-postgres'],
    ],
  );
  if (!otherNodeLine)
    steps.push([
      'Multi-host: two API and two worker processes on one PostgreSQL',
      'npx',
      ['vitest', 'run', '--config', 'apps/server/test/multi-host/vitest.config.ts'],
    ]);
} else {
  console.warn(
    '\nTEST_DATABASE_URL is not set: the PostgreSQL-server run, the multi-host suite and the' +
      ' other Node.js line are skipped (CI sets it).',
  );
}
if (!postgres) steps.push(productionInstall);
steps.push([
  'Browser journeys (Chromium)',
  'npx',
  ['vitest', 'run', '--config', 'e2e/vitest.config.ts'],
  { TEST_DATABASE_URL: '' },
]);
// Last: it builds again with the other Node.js line (docs/decisions/0001). CHECK_NODE_LTS=0 skips it.
if (otherNodeLine) {
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

const seconds = (started, ended = Date.now()) => ((ended - started) / 1000).toFixed(1);

/** The static checks still running, stopped when one fails. */
const running = new Set();

function fail(title, started, status) {
  for (const child of running) child.kill();
  console.error(`\n=== ${title}: FAILED after ${seconds(started)}s`);
  process.exit(status ?? 1);
}

/** Runs `command` with its output collected; answers its exit status and output. */
function collected(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (status) => {
      running.delete(child);
      resolve({ status, output: Buffer.concat(output), ended: Date.now() });
    });
  });
}

const checksStarted = Date.now();
const results = checks.map(([, command, args]) => collected(command, args));
for (const [index, [title]] of checks.entries()) {
  const { status, output, ended } = await results[index];
  console.log(`\n=== ${title} (beside the other static checks)`);
  process.stdout.write(output);
  if (status !== 0) fail(title, checksStarted, status);
  console.log(`=== ${title}: passed in ${seconds(checksStarted, ended)}s`);
}

/** A step started beside the next one: its title, start and collected result. */
let beside = null;
for (const [title, command, args, env, options] of steps) {
  const started = Date.now();
  if (options?.beside) {
    console.log(`\n=== ${title}: started beside the next step`);
    beside = { title, started, result: collected(command, args) };
    continue;
  }
  console.log(`\n=== ${title}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) fail(title, started, result.status);
  console.log(`=== ${title}: passed in ${seconds(started)}s`);
  if (beside) {
    const { status, output, ended } = await beside.result;
    console.log(`\n=== ${beside.title} (beside ${title})`);
    process.stdout.write(output);
    if (status !== 0) fail(beside.title, beside.started, status);
    console.log(`=== ${beside.title}: passed in ${seconds(beside.started, ended)}s`);
    beside = null;
  }
}
