/**
 * npm run bench:responsiveness -- --rows N [--small-every S]
 *
 * How the server answers other tenants while one firm imports a large file (issue 36, item 3):
 * starts the built server (the npm script builds it first) on a fresh database (PGlite unless
 * DATABASE_URL is set), uploads a generated N-row file for one firm and, until the import and
 * the recommendations run that follows it are done, asks `GET /api/health/live` every 100 ms
 * and, every S seconds (default 5), uploads a 5-row file for another (free) firm and times it
 * until it is imported. The end of the run is read from the server's log. Prints the slowest live answer (with when it happened), the slowest
 * small file and the SIGTERM time at the end, while the run may still be going.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  createWriteStream,
  mkdtempSync,
  openAsBlob,
  readFileSync,
  readdirSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  csvOf,
  customerTable,
  realisticCustomers,
  toCsv,
} from '../test/fixtures/customer-files.js';
import { serveNodeFlags } from '../../../scripts/serve-flags.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback;
const rows = option('--rows', 200_000);
const smallEverySeconds = option('--small-every', 5);
const ROOT = path.resolve(new URL('.', import.meta.url).pathname, '../../..');
const work = mkdtempSync(path.join(tmpdir(), 'behavio-responsive-'));
const csvPath = path.join(work, 'large.csv');
const dataDir = path.join(work, 'data');
const port = Number(process.env.BENCH_PORT) || 3900 + Math.floor(Math.random() * 90);
const url = `http://127.0.0.1:${port}`;
const t0 = performance.now();
const at = () => ((performance.now() - t0) / 1000).toFixed(1);

async function writeCsv() {
  const out = createWriteStream(csvPath);
  for (let done = 0; done < rows; done += 10_000) {
    const n = Math.min(10_000, rows - done);
    const text = toCsv(
      customerTable(realisticCustomers(n, { seed: done + 1, firstId: 1_000_000 + done })),
    );
    if (!out.write(done === 0 ? text : text.slice(text.indexOf('\n') + 1)))
      await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

async function json<T>(res: Response): Promise<T> {
  const body = (await res.json()) as T;
  if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`);
  return body;
}

const post = (p: string, body: unknown, token?: string) =>
  fetch(`${url}${p}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });

async function signIn(n: number): Promise<string> {
  const email = `bench-${n}-${Date.now()}@example.com`;
  const password = 'bench-password';
  await json(
    await post('/api/auth/register', {
      name: 'Bench Admin',
      email,
      password,
      businessName: `Bench ${n}`,
      numberOfEmployees: 10,
    }),
  );
  const outbox = path.join(dataDir, 'outbox');
  const mail = readdirSync(outbox)
    .map((f) => readFileSync(path.join(outbox, f), 'utf8'))
    .find((m) => m.includes(email))!;
  const otp = /verification code: (\d{6})/.exec(mail)![1]!;
  await json(await post('/api/auth/verify', { email, otp }));
  return (await json<{ token: string }>(await post('/api/auth/login', { email, password }))).token;
}

async function upload(token: string, blob: Blob, name: string): Promise<string> {
  const form = new FormData();
  form.append('file', blob, name);
  const res = await fetch(`${url}/api/content/upload-file`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return (await json<{ file_id: string }>(res)).file_id;
}

async function statusOf(token: string, fileId: string): Promise<string | undefined> {
  const list = await json<{ files: { file_id: string; job_status: string }[] }>(
    await fetch(`${url}/api/content/list-all-uploaded-files`, {
      headers: { authorization: `Bearer ${token}` },
    }),
  );
  return list.files.find((f) => f.file_id === fileId)?.job_status;
}

async function main() {
  await writeCsv();
  const child = spawn(
    process.execPath,
    [...serveNodeFlags(ROOT), path.join(ROOT, 'apps/server/dist/server.js')],
    {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: process.env.DATABASE_URL ?? '',
        // The end of the recommendations run is read from the log ('recommendations recomputed'):
        // polling the product report would time its statements too.
        LOG_LEVEL: 'info',
        MAX_UPLOAD_MB: '1000',
        MAX_UPLOAD_ROWS: String(Math.max(rows, 2_000_000)),
        UPLOAD_WAIT_MS: '0',
        RATE_LIMIT_IP_PER_MINUTE: '100000',
        PAYMENTS_PROVIDER: 'offline',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let log = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    log += text;
    for (const line of text.split('\n'))
      if (
        /customer file imported|recommendations recomputed/.test(line) &&
        line.includes(`":${rows},`)
      )
        console.log(`  ${at()} s: ${/"msg":"([^"]+)"/.exec(line)?.[1]}`);
  });
  for (let i = 0; i < 400; i++) {
    try {
      if ((await fetch(`${url}/api/health/live`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  const large = await signIn(0);
  const small: string[] = [];
  for (let n = 1; n <= 12; n++) small.push(await signIn(n));

  let done = false;
  let slowestLive = { ms: 0, at: '' };
  const probe = (async () => {
    while (!done) {
      const started = performance.now();
      await fetch(`${url}/api/health/live`);
      const ms = performance.now() - started;
      if (ms > slowestLive.ms) slowestLive = { ms, at: at() };
      if (ms > 1_000) console.log(`  ${at()} s: live answered in ${ms.toFixed(0)} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const smallTimes: number[] = [];
  const smallFiles = (async () => {
    for (const token of small) {
      await new Promise((r) => setTimeout(r, smallEverySeconds * 1000));
      if (done) return;
      const started = performance.now();
      const fileId = await upload(token, new Blob([csvOf(5)]), 'small.csv');
      while ((await statusOf(token, fileId)) === 'processing')
        await new Promise((r) => setTimeout(r, 100));
      const ms = performance.now() - started;
      smallTimes.push(ms);
      console.log(`  ${at()} s: another firm's 5-row file imported in ${ms.toFixed(0)} ms`);
    }
  })();

  const started = performance.now();
  console.log(`${at()} s: uploading ${rows} rows`);
  const fileId = await upload(large, await openAsBlob(csvPath), 'large.csv');
  while ((await statusOf(large, fileId)) === 'processing')
    await new Promise((r) => setTimeout(r, 250));
  console.log(`${at()} s: imported in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  while (!new RegExp(`"customers":${rows},.*recommendations recomputed`).test(log))
    await new Promise((r) => setTimeout(r, 250));
  console.log(`${at()} s: recommendations up to date`);
  done = true;
  await Promise.all([probe, smallFiles]);
  console.log(`Slowest live answer: ${slowestLive.ms.toFixed(0)} ms (at ${slowestLive.at} s)`);
  console.log(
    `Slowest 5-row file of another firm: ${Math.max(0, ...smallTimes).toFixed(0)} ms over ${smallTimes.length}`,
  );

  // SIGTERM in the middle of another large import's work.
  const again = await signIn(99);
  await upload(again, await openAsBlob(csvPath), 'large.csv');
  await new Promise((r) => setTimeout(r, 8_000));
  const stopping = performance.now();
  child.kill('SIGTERM');
  await once(child, 'exit');
  console.log(`SIGTERM mid-import: exited in ${(performance.now() - stopping).toFixed(0)} ms`);
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => rmSync(work, { recursive: true, force: true }));
