import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ListFilesResponse, UploadResponse } from '@behavio/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseTargetFor, openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { withoutFirmScope } from '../src/db/firm-scope.js';
import { listLoadTables } from '../src/modules/ingestion/load-tables.js';
import { csvOf } from './fixtures/customer-files.js';
import { exitCodeOf, killSpawned, spawnEntry, waitForOutput } from './processes.js';
import { startSmtpListener } from './smtp-listener.js';
import { createTestDatabase } from './test-database.js';

/**
 * A real server process killed with SIGKILL in the middle of an import, then started again:
 * the import whose worker is gone is retried and completes, its load tables are gone, and the
 * free firm's one file is imported once. On PGlite (a folder under DATA_DIR) or, with
 * TEST_DATABASE_URL, on a PostgreSQL database of its own.
 */
const PORT = 4113;
const ROWS = 6_000;
const base = `http://127.0.0.1:${PORT}/api`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'behavio-recovery-'));
const smtp = await startSmtpListener();
const server: DatabaseHandle | undefined = process.env.TEST_DATABASE_URL
  ? await createTestDatabase()
  : undefined;
afterAll(async () => {
  killSpawned();
  await server?.close();
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const env: Record<string, string> = {
  DATA_DIR: dataDir,
  PORT: String(PORT),
  SMTP_URL: smtp.url,
  WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  LOG_LEVEL: 'debug',
  UPLOAD_WAIT_MS: '0',
  // A stalled import is noticed after 3 s (30 s by default); each 2,000-row batch pauses 1 s
  // (the services' test-only hook, test/fixtures/slow-import-server.ts), so the kill lands
  // mid-import.
  IMPORT_STALE_SECONDS: '3',
  BATCH_PAUSE_MS: '1000',
  ...(server?.pool ? { DATABASE_URL: String(server.pool.options.connectionString) } : {}),
};

async function startServer() {
  const child = spawnEntry('test/fixtures/slow-import-server.ts', env);
  await waitForOutput(child, 'is running on');
  return child;
}

async function call<T>(url: string, init: RequestInit = {}, token?: string) {
  const headers = new Headers(init.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (typeof init.body === 'string') headers.set('content-type', 'application/json');
  const res = await fetch(`${base}${url}`, { ...init, headers });
  return { status: res.status, body: (await res.json()) as T };
}

async function signUp() {
  const account = {
    name: 'Ada Admin',
    email: `recovery.${Date.now()}@example.com`,
    password: 'correct horse',
    businessName: 'Acme Wealth',
    numberOfEmployees: 3,
  };
  const post = (url: string, body: object) =>
    call<{ token: string }>(url, { method: 'POST', body: JSON.stringify(body) });
  expect((await post('/auth/register', account)).status).toBe(201);
  await post('/auth/verify', { email: account.email, otp: smtp.codeFor(account.email) });
  return (await post('/auth/login', { email: account.email, password: account.password })).body
    .token;
}

/** The database as the server left it: PGlite can be opened once the server has stopped. */
async function inspect<T>(read: (db: DatabaseHandle) => Promise<T>): Promise<T> {
  if (server) return read(server);
  const db = await openDatabase(databaseTargetFor({ dataDir }));
  try {
    return await read(db);
  } finally {
    await db.close();
  }
}

describe('an import whose server is killed', () => {
  it('is retried after the restart, completes once and leaves no load table behind', async () => {
    const first = await startServer();
    const token = await signUp();
    const form = new FormData();
    form.append('file', new Blob([csvOf(ROWS)]), 'customers.csv');
    const upload = await call<UploadResponse>(
      '/content/upload-file',
      { method: 'POST', body: form },
      token,
    );
    expect(upload.status).toBe(201);
    await waitForOutput(first, 'customer file batch loaded');
    first.kill('SIGKILL');
    await exitCodeOf(first);

    const second = await startServer();
    const restarted = Date.now();
    let file: ListFilesResponse['files'][number] | undefined;
    do {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const list = await call<ListFilesResponse>('/content/list-all-uploaded-files', {}, token);
      file = list.body.files[0];
    } while (file?.job_status === 'processing' && Date.now() - restarted < 60_000);
    expect(file).toMatchObject({
      job_status: 'completed',
      total_rows: ROWS,
      accepted_rows: ROWS,
      rejected_rows: 0,
    });
    expect(Date.now() - restarted).toBeLessThan(60_000);
    expect(second.output()).toContain('an import whose worker was gone was recovered');

    second.kill('SIGTERM');
    await exitCodeOf(second);
    const stored = await inspect(async ({ db }) => ({
      loadTables: await listLoadTables(db),
      customers: Number(
        (
          await withoutFirmScope(db, 'the test counts every customer')
            .selectFrom('customers')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    }));
    expect(stored).toEqual({ loadTables: [], customers: ROWS });
  }, 180_000);
});
