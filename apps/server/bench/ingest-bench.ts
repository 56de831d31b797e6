/**
 * npm run bench:ingest -- --rows N [--again]
 *
 * Generates a realistic customers CSV of N rows, uploads it through the real HTTP API of the
 * built server (the npm script builds it first), waits for the import to complete, and prints rows per
 * second, seconds and the server's peak memory. Then times PostgreSQL's own COPY of the same
 * file into a plain table of the same columns, the floor, and prints the ratio.
 * `--again` then uploads the same file a second time (every row an update: the merge path).
 * After each import, waits for the firm's recommendations to be recomputed (a background run)
 * and prints how long that took.
 * DATABASE_URL set: the server and the floor use that PostgreSQL server; unset: PGlite.
 */
import { spawn } from 'node:child_process';
import {
  createWriteStream,
  mkdtempSync,
  openAsBlob,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { customerTable, realisticCustomers, toCsv } from '../test/fixtures/customer-files.js';
import { REQUIRED_COLUMNS } from '@behavio/contract';
import { serveNodeFlags } from '../../../scripts/serve-flags.js';

const args = process.argv.slice(2);
const rows = Number(args[args.indexOf('--rows') + 1] ?? 100_000) || 100_000;
const again = args.includes('--again');
const databaseUrl = process.env.DATABASE_URL || undefined;
const ROOT = path.resolve(new URL('.', import.meta.url).pathname, '../../..');
const work = mkdtempSync(path.join(tmpdir(), 'behavio-bench-'));
const csvPath = path.join(work, `customers-${rows}.csv`);
const SERVE_FLAGS = serveNodeFlags(ROOT);

async function writeCsv() {
  const out = createWriteStream(csvPath);
  const chunk = 10_000;
  for (let done = 0; done < rows; done += chunk) {
    const n = Math.min(chunk, rows - done);
    const text = toCsv(
      customerTable(realisticCustomers(n, { seed: done + 1, firstId: 1_000_000 + done })),
    );
    const body = done === 0 ? text : text.slice(text.indexOf('\n') + 1);
    if (!out.write(body)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

async function startServer() {
  const dataDir = path.join(work, 'data');
  // BENCH_PORT picks the port (e.g. one set aside for you on a shared machine).
  const port = Number(process.env.BENCH_PORT) || 3900 + Math.floor(Math.random() * 90);
  // BENCH_SERVER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(
    process.execPath,
    [...SERVE_FLAGS, ...nodeArgs, path.join(ROOT, 'apps/server/dist/server.js')],
    {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl ?? '',
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
        MAX_UPLOAD_MB: '1000',
        MAX_UPLOAD_ROWS: String(Math.max(rows, 2_000_000)),
        UPLOAD_WAIT_MS: '0',
        RATE_LIMIT_IP_PER_MINUTE: '1000',
        // The Pro plan is bought through the offline checkout, on PostgreSQL too.
        PAYMENTS_PROVIDER: 'offline',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${url}/api/openapi.json`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  let peakKb = 0;
  const sampler = setInterval(() => {
    try {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const hwm = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
      peakKb = Math.max(peakKb, hwm);
    } catch {
      // the process has gone
    }
  }, 200);
  return {
    url,
    dataDir,
    peakMb: () => Math.round(peakKb / 1024),
    async stop() {
      clearInterval(sampler);
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

async function json(res: Response) {
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`);
  return body;
}

async function signIn(url: string, dataDir: string) {
  const email = `bench-${Date.now()}@example.com`;
  const password = 'bench-password';
  const post = (p: string, body: unknown) =>
    fetch(`${url}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await json(
    await post('/api/auth/register', {
      name: 'Bench Admin',
      email,
      password,
      businessName: 'Bench',
      numberOfEmployees: 10,
    }),
  );
  const outbox = path.join(dataDir, 'outbox');
  const eml = readFileSync(path.join(outbox, readdirSync(outbox)[0]!), 'utf8');
  const otp = /verification code: (\d{6})/.exec(eml)![1]!;
  await json(await post('/api/auth/verify', { email, otp }));
  const { token } = (await json(await post('/api/auth/login', { email, password }))) as {
    token: string;
  };
  return token;
}

async function copyFloor(): Promise<number> {
  const columns = REQUIRED_COLUMNS.map((c) => {
    const type =
      c.kind === 'text' || c.kind === 'country'
        ? 'text'
        : c.kind === 'boolean'
          ? 'boolean'
          : c.kind === 'integer'
            ? 'integer'
            : 'double precision';
    return `${c.name} ${type}`;
  }).join(', ');
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query('drop table if exists bench_copy_floor');
    await client.query(`create table bench_copy_floor (${columns})`);
    const started = performance.now();
    const stream = client.query(
      copyFrom('COPY bench_copy_floor FROM STDIN (FORMAT csv, HEADER true)'),
    );
    const { createReadStream } = await import('node:fs');
    const { pipeline } = await import('node:stream/promises');
    await pipeline(createReadStream(csvPath), stream);
    const seconds = (performance.now() - started) / 1000;
    await client.query('drop table bench_copy_floor');
    await client.end();
    return seconds;
  }
  const db = new PGlite();
  await db.exec(`create table bench_copy_floor (${columns})`);
  const started = performance.now();
  await db.query(`COPY bench_copy_floor FROM '/dev/blob' (FORMAT csv, HEADER true)`, [], {
    blob: await openAsBlob(csvPath),
  });
  const seconds = (performance.now() - started) / 1000;
  await db.close();
  return seconds;
}

/** Buys the Pro plan through the offline checkout (no payment provider configured). */
async function subscribe(url: string, token: string) {
  const post = async (path: string, body: unknown) =>
    json(
      await fetch(`${url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
  const { url: checkout } = (await post('/api/subscription/create', {
    plan: 'pro',
    billingCycle: 'monthly',
  })) as { url: string };
  const session = checkout.split('/').pop();
  await post(`/api/subscription/local-checkout/${session}`, { outcome: 'paid' });
}

/** Uploads the CSV, waits for its import and prints the figures; answers the seconds taken. */
async function timedImport(
  server: Awaited<ReturnType<typeof startServer>>,
  token: string,
  label: string,
): Promise<number> {
  const form = new FormData();
  form.append('file', await openAsBlob(csvPath), 'customers.csv');
  const started = performance.now();
  const uploaded = (await json(
    await fetch(`${server.url}/api/content/upload-file`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    }),
  )) as { file_id: string };
  const answeredSeconds = (performance.now() - started) / 1000;
  let file: { job_status: string; accepted_rows: number | null; error: string | null } | undefined;
  let slowestPollMs = 0;
  for (;;) {
    const pollStart = performance.now();
    const list = (await json(
      await fetch(`${server.url}/api/content/list-all-uploaded-files`, {
        headers: { authorization: `Bearer ${token}` },
      }),
    )) as {
      files: {
        file_id: string;
        job_status: string;
        accepted_rows: number | null;
        error: string | null;
      }[];
    };
    slowestPollMs = Math.max(slowestPollMs, performance.now() - pollStart);
    file = list.files.find((f) => f.file_id === uploaded.file_id);
    if (file && file.job_status !== 'processing') break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const seconds = (performance.now() - started) / 1000;
  if (file?.job_status !== 'completed')
    throw new Error(`import ${file?.job_status}: ${file?.error}`);
  console.log(`${label}:`);
  console.log(
    `  Upload answered in ${answeredSeconds.toFixed(2)} s; the slowest status poll during the import took ${slowestPollMs.toFixed(0)} ms`,
  );
  console.log(
    `  Import: ${file.accepted_rows?.toLocaleString('en-GB')} rows in ${seconds.toFixed(2)} s = ${Math.round(rows / seconds).toLocaleString('en-GB')} rows/s; server peak RSS so far ${server.peakMb()} MB`,
  );
  await timedRecommendations(server, token);
  return seconds;
}

/**
 * The products follow the import in a background run (docs/products.md): waits until the
 * product performance report says they are up to date and prints how long after the import.
 */
async function timedRecommendations(
  server: Awaited<ReturnType<typeof startServer>>,
  token: string,
) {
  const started = performance.now();
  let report: { recommendations_up_to_date: boolean; products: { recommended_now: number }[] };
  for (;;) {
    report = (await json(
      await fetch(`${server.url}/api/content/product-performance`, {
        headers: { authorization: `Bearer ${token}` },
      }),
    )) as typeof report;
    if (report.recommendations_up_to_date) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const seconds = (performance.now() - started) / 1000;
  const listed = report.products.reduce((sum, p) => sum + p.recommended_now, 0);
  console.log(
    `  Recommendations: up to date ${seconds.toFixed(2)} s after the import (${Math.round(rows / seconds).toLocaleString('en-GB')} customers/s), ${listed.toLocaleString('en-GB')} products listed; server peak RSS so far ${server.peakMb()} MB`,
  );
}

async function main() {
  console.log(`Generating ${rows.toLocaleString('en-GB')} rows...`);
  await writeCsv();
  const mb = statSync(csvPath).size / 1024 / 1024;
  console.log(
    `CSV: ${mb.toFixed(1)} MB. Database: ${databaseUrl ? 'PostgreSQL server' : 'PGlite'}`,
  );

  const server = await startServer();
  let importSeconds = 0;
  try {
    const token = await signIn(server.url, server.dataDir);
    importSeconds = await timedImport(server, token, 'first file: becomes the firm’s partitions');
    // The same file again: every row an update of a known customer (the merge path). A second
    // file needs a paid plan, bought through the offline checkout.
    if (again) {
      await subscribe(server.url, token);
      await timedImport(server, token, 'same file again: merged as updates');
    }
  } finally {
    await server.stop();
  }
  const floor = await copyFloor();
  console.log(
    `COPY floor: ${floor.toFixed(2)} s = ${Math.round(rows / floor).toLocaleString('en-GB')} rows/s`,
  );
  console.log(`Ratio import / COPY floor: ${(importSeconds / floor).toFixed(2)}x`);
  rmSync(work, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  rmSync(work, { recursive: true, force: true });
  process.exit(1);
});
