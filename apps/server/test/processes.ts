import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveNodeFlags } from '../../../scripts/serve-flags.js';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverRoot, '../..');
const spawned = new Set<ChildProcess>();

export type SpawnedProcess = ChildProcess & { output: () => string };

/** Kills every process a test started that is still running (call in afterAll). */
export function killSpawned(): void {
  for (const child of spawned) if (child.exitCode === null) child.kill('SIGKILL');
  spawned.clear();
}

/** A TypeScript entry point of the server (`src/…` or `test/…`) as a real process, through tsx. */
export function spawnEntry(entry: string, env: Record<string, string>): SpawnedProcess {
  return track(
    spawn(process.execPath, ['--import', 'tsx', path.join(serverRoot, entry)], {
      cwd: serverRoot,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    }),
  );
}

/**
 * An entry point of the built server (`server`, `worker`, `migrate` in `apps/server/dist`, so
 * `npm run build` first) started as `npm run serve` starts it, with the same Node flags.
 */
export function spawnBuilt(
  entry: 'server' | 'worker' | 'migrate',
  env: Record<string, string>,
): SpawnedProcess {
  return track(
    spawn(
      process.execPath,
      [...serveNodeFlags(repoRoot), path.join(serverRoot, 'dist', `${entry}.js`)],
      {
        cwd: repoRoot,
        env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    ),
  );
}

/** Keeps the process's output and kills it with the others in killSpawned. */
function track(child: ChildProcess): SpawnedProcess {
  spawned.add(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return Object.assign(child, { output: () => output });
}

/** Waits until the process has printed `text` (or fails when it exits first, or after `timeoutMs`). */
export async function waitForOutput(
  child: SpawnedProcess,
  text: string,
  timeoutMs = Infinity,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!child.output().includes(text)) {
    if (child.exitCode !== null) throw new Error(`exited ${child.exitCode}: ${child.output()}`);
    if (Date.now() > deadline)
      throw new Error(`'${text}' not printed within ${timeoutMs} ms: ${child.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function exitCodeOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
  return child.exitCode;
}
