// The API description as clients use it (issue 22, item 6): builds the app without listening,
// writes its OpenAPI document, lints it with Redocly's `recommended` rules (plus
// `redocly.yaml`), and generates TypeScript with openapi-typescript, checking that operations
// and shared shapes come out as named types. `-- --out FILE` keeps the document.
//
// Both tools run through npx at pinned versions, as Lighthouse does (scripts/lighthouse.ts): npx
// keeps them in its cache after the first run, and they stay out of the workspace's lock file.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config/env.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import { createLogger } from '../apps/server/src/logger.js';
import { createMailer } from '../apps/server/src/modules/mail/mailer.js';
import { createServices } from '../apps/server/src/services.js';

const REDOCLY = '@redocly/cli@2.77.0';
const OPENAPI_TYPESCRIPT = 'openapi-typescript@7.13.0';
/** Names a generated client must have: a few operations and shared shapes. */
const EXPECTED_TYPES = [
  /^\s+listUploadedFiles: \{/m,
  /^\s+uploadFile: \{/m,
  /^\s+login: \{/m,
  /^\s+File: \{/m,
  /^\s+Error: \{/m,
  /^\s+RiskLevelCounts: \{/m,
];

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const root = path.resolve(import.meta.dirname, '..');
const work = mkdtempSync(path.join(tmpdir(), 'behavio-openapi-'));
const documentPath = values.out ? path.resolve(values.out) : path.join(work, 'openapi.json');

/** The document exactly as `GET /api/openapi.json` answers it, from an app that never listens. */
async function writeDocument() {
  const config = {
    ...loadConfig({ DATA_DIR: work, LOG_LEVEL: 'silent', RUN_WORKER: 'false' }),
    jwtSecret: 'openapi-lint-'.padEnd(32, '0'),
  };
  const logger = createLogger(config.logLevel);
  const database = await openDatabase({ kind: 'pglite', dataDir: 'memory' });
  const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, dataDir: work, logger });
  const app = await buildApp(createServices({ config, database, mailer, logger }));
  await app.ready();
  writeFileSync(documentPath, JSON.stringify(app.swagger(), null, 2));
}

const run = (args: string[]) =>
  execFileSync('npx', ['--yes', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });

let failed = false;
try {
  await writeDocument();
  console.log(`OpenAPI document: ${documentPath}`);
  try {
    process.stdout.write(run([REDOCLY, 'lint', documentPath, '--format=stylish']));
  } catch (error) {
    process.stdout.write((error as { stdout?: Buffer }).stdout ?? '');
    throw new Error('Redocly lint found errors');
  }
  const typesPath = path.join(work, 'api.d.ts');
  run([OPENAPI_TYPESCRIPT, documentPath, '--output', typesPath]);
  const types = readFileSync(typesPath, 'utf8');
  const missing = EXPECTED_TYPES.filter((name) => !name.test(types));
  if (missing.length > 0)
    throw new Error(`openapi-typescript wrote no type for ${missing.map(String).join(', ')}`);
  console.log(`openapi-typescript: operations and shared shapes are named types`);
} catch (error) {
  console.error((error as Error).message);
  failed = true;
} finally {
  rmSync(work, { recursive: true, force: true });
}
// PGlite and the app's timers would keep the process alive for seconds after the work is done.
process.exit(failed ? 1 : 0);
