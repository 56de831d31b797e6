import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const spawned = new Set<ChildProcess>();

/** Kills every process a test started that is still running (call in afterAll). */
export function killSpawned(): void {
  for (const child of spawned) if (child.exitCode === null) child.kill('SIGKILL');
  spawned.clear();
}

/** A TypeScript entry point of the server (`src/…` or `test/…`) as a real process, through tsx. */
export function spawnEntry(
  entry: string,
  env: Record<string, string>,
): ChildProcess & {
  output: () => string;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverRoot, entry)], {
    cwd: serverRoot,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  spawned.add(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return Object.assign(child, { output: () => output });
}

/** Waits until the process has printed `text` (or fails when it exits first). */
export async function waitForOutput(
  child: ReturnType<typeof spawnEntry>,
  text: string,
): Promise<void> {
  while (!child.output().includes(text)) {
    if (child.exitCode !== null) throw new Error(`exited ${child.exitCode}: ${child.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function exitCodeOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
  return child.exitCode;
}
