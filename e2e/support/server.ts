import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serveNodeFlags } from '../../scripts/serve-flags.js';

const ROOT = path.resolve(new URL('.', import.meta.url).pathname, '../..');
const SERVE_FLAGS = serveNodeFlags(ROOT);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  /** The newest verification code written to the outbox for this address. */
  otpFor(email: string): string;
  stop(): Promise<void>;
}

/** Starts the built server (`npm run build` first) as a user would, on embedded PGlite and the outbox. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'behavio-e2e-'));
  const child: ChildProcess = spawn(
    process.execPath,
    [...SERVE_FLAGS, path.join(ROOT, 'apps/server/dist/server.js')],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        SMTP_URL: '',
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/openapi.json`);
      // Read to the end, or the connection stays busy and delays the server's graceful stop.
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Stopped here, or it outlives the journey that gave up on it.
      child.kill('SIGKILL');
      throw new Error('the server did not start within 60 s');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    ...runningServerAt(url, dataDir),
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A server already running at `url` with its data in `dataDir` (stopped by whoever started it). */
export function runningServerAt(url: string, dataDir: string): RunningServer {
  return {
    url,
    dataDir,
    otpFor(email) {
      const outbox = path.join(dataDir, 'outbox');
      const files = readdirSync(outbox).sort().reverse();
      for (const file of files) {
        const eml = readFileSync(path.join(outbox, file), 'utf8');
        const code = /verification code: (\d{6})/.exec(eml)?.[1];
        if (eml.includes(`To: ${email}`) && code) return code;
      }
      throw new Error(`no code in the outbox for ${email}`);
    },
    async stop() {},
  };
}
