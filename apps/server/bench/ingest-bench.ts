/**
 * npm run bench:ingest -- --rows N [--again [--changed P]] [--import-only]
 *
 * Generates a realistic customers CSV of N rows, uploads it through the real HTTP API of the
 * built server (the npm script builds it first), waits for the import to complete, and prints rows per
 * second, seconds and the server's peak memory. Then times PostgreSQL's own COPY of the same
 * file into a plain table of the same columns, the floor, and prints the ratio.
 * `--again` then uploads the same file a second time (the merge path: every customer known,
 * none changed); with `--changed P`, a copy in which P% of the customers (spread evenly) got
 * riskier instead (leverage up by 2), and prints the re-import's time against the first's
 * (issue 19, item 6: at most 1.5x).
 * After each import, waits for the firm's recommendations to be recomputed (a background run)
 * and prints how long that took; `--import-only` does not wait (the server stops, the run with it),
 * for pairs with a version that had no recommendations.
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
const importOnly = args.includes('--import-only');
const changedPct = args.includes('--changed') ? Number(args[args.indexOf('--changed') + 1]) : 0;
if (!(changedPct >= 0 && changedPct <= 100)) throw new Error('--changed takes a percentage');
const databaseUrl = process.env.DATABASE_URL || undefined;
const ROOT = path.resolve(new URL('.', import.meta.url).pathname, '../../..');
const work = mkdtempSync(path.join(tmpdir(), 'behavio-bench-'));
const csvPath = path.join(work, `customers-${rows}.csv`);
const changedCsvPath = path.join(work, `customers-${rows}-changed-${changedPct}.csv`);
const SERVE_FLAGS = serveNodeFlags(ROOT);

/** The book, or with `changedPct` % of its customers (every (100/P)th) riskier. */
async function writeCsv(to: string, changed = 0) {
  const out = createWriteStream(to);
  const chunk = 10_000;
  const every = changed > 0 ? 100 / changed : Infinity;
  for (let done = 0; done < rows; done += chunk) {
    const n = Math.min(chunk, rows - done);
    const records = realisticCustomers(n, { seed: done + 1, firstId: 1_000_000 + done }).map(
      (c, i) =>
        Math.floor((done + i) / every) !== Math.floor((done + i - 1) / every)
          ? { ...c, leverage_ratio: Math.min(100, c.leverage_ratio + 2) }
          : c,
    );
    const text = toCsv(customerTable(records));
    const body = done === 0 ? text : text.slice(text.indexOf('\n') + 1);
    if (!out.write(body)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/** CPU seconds (user + system, every thread) a process has used so far; 0 once it is gone. */
function processCpuSeconds(pid: number): number {
  try {
    // After the command's closing parenthesis: state is field 3, utime and stime fields 14-15.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds used so far by the PostgreSQL backends serving the benchmark's database (their
 * command line names it; a fresh database per run, so only the server's connections), 0 on PGlite.
 */
function databaseCpuSeconds(): number {
  if (!databaseUrl) return 0;
  const name = new URL(databaseUrl).pathname.slice(1);
  let seconds = 0;
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (command.startsWith('postgres: ') && command.split(' ').includes(name))
        seconds += processCpuSeconds(Number(pid));
    } catch {
      // the process has gone
    }
  }
  return seconds;
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
    cpuSeconds: () => processCpuSeconds(child.pid!),
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
  csvFile: string,
  server: Awaited<ReturnType<typeof startServer>>,
  token: string,
  label: string,
): Promise<number> {
  const form = new FormData();
  form.append('file', await openAsBlob(csvFile), 'customers.csv');
  const started = performance.now();
  const cpuStarted = { server: server.cpuSeconds(), database: databaseCpuSeconds() };
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
  const cpu = {
    server: server.cpuSeconds() - cpuStarted.server,
    database: databaseCpuSeconds() - cpuStarted.database,
  };
  if (file?.job_status !== 'completed')
    throw new Error(`import ${file?.job_status}: ${file?.error}`);
  console.log(`${label}:`);
  console.log(
    `  Upload answered in ${answeredSeconds.toFixed(2)} s; the slowest status poll during the import took ${slowestPollMs.toFixed(0)} ms`,
  );
  console.log(
    `  Import: ${file.accepted_rows?.toLocaleString('en-GB')} rows in ${seconds.toFixed(2)} s = ${Math.round(rows / seconds).toLocaleString('en-GB')} rows/s; server peak RSS so far ${server.peakMb()} MB`,
  );
  // Where the CPU went: the server (every thread) and, on a server, PostgreSQL's backends.
  console.log(
    `  CPU during the import: server ${cpu.server.toFixed(2)} s` +
      (databaseUrl ? `, PostgreSQL backends ${cpu.database.toFixed(2)} s` : ''),
  );
  if (!importOnly) await timedRecommendations(server, token);
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
  await writeCsv(csvPath);
  if (changedPct > 0) await writeCsv(changedCsvPath, changedPct);
  const mb = statSync(csvPath).size / 1024 / 1024;
  console.log(
    `CSV: ${mb.toFixed(1)} MB. Database: ${databaseUrl ? 'PostgreSQL server' : 'PGlite'}`,
  );

  const server = await startServer();
  let importSeconds = 0;
  try {
    const token = await signIn(server.url, server.dataDir);
    importSeconds = await timedImport(
      csvPath,
      server,
      token,
      'first file: becomes the firm’s partitions',
    );
    // The same file again: every row an update of a known customer (the merge path). A second
    // file needs a paid plan, bought through the offline checkout.
    if (again) {
      await subscribe(server.url, token);
      const againSeconds = await timedImport(
        changedPct > 0 ? changedCsvPath : csvPath,
        server,
        token,
        changedPct > 0
          ? `the book again, ${changedPct}% of customers riskier: merged`
          : 'same file again: merged, nothing changed',
      );
      console.log(`Re-import / first import: ${(againSeconds / importSeconds).toFixed(2)}x`);
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
