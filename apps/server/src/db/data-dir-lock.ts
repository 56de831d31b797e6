import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';

/**
 * PGlite is PostgreSQL in one process: two processes opening one data folder each run their own
 * engine over the same files and overwrite each other's writes. The folder's opener therefore
 * holds a lock file beside it (`<folder>.lock`, holding its pid and host), created atomically;
 * a lock whose process is gone (a `kill -9`, a crash) is taken over, so a restart never needs a
 * hand to remove it. (`proper-lockfile` was the alternative: its staleness is the lock's age, so
 * a restart right after a crash would wait or fail; a pid answers at once.)
 */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

interface Holder {
  pid: number;
  host: string;
}

/** Locks this process holds, so opening one folder twice in a process is refused too. */
const held = new Set<string>();
/** A lock file younger than this that cannot be read yet is being written by its creator. */
const FRESH_MS = 5_000;

export function lockDataDir(folder: string): () => void {
  const lockFile = `${folder}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    if (!held.has(lockFile) && tryCreate(lockFile)) {
      held.add(lockFile);
      return () => {
        held.delete(lockFile);
        rmSync(lockFile, { force: true });
      };
    }
    const holder = held.has(lockFile)
      ? { pid: process.pid, host: hostname() }
      : readHolder(lockFile);
    if (holder !== 'stale') throw lockedError(folder, lockFile, holder);
    rmSync(lockFile, { force: true });
  }
  throw lockedError(folder, lockFile, undefined);
}

function tryCreate(lockFile: string): boolean {
  try {
    const holder: Holder = { pid: process.pid, host: hostname() };
    writeFileSync(lockFile, JSON.stringify(holder), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** The live holder, `stale` when its process is gone, undefined when it cannot be told. */
function readHolder(lockFile: string): Holder | 'stale' | undefined {
  let holder: Partial<Holder>;
  try {
    holder = JSON.parse(readFileSync(lockFile, 'utf8')) as Partial<Holder>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'stale';
    const written = statSync(lockFile, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    return Date.now() - written > FRESH_MS ? 'stale' : undefined;
  }
  if (typeof holder.pid !== 'number' || typeof holder.host !== 'string') return 'stale';
  // Another host's process cannot be checked from here (a folder shared over a network).
  if (holder.host !== hostname()) return { pid: holder.pid, host: holder.host };
  // Our own pid on a lock we do not hold: a previous run with the same pid (a container's pid 1).
  if (holder.pid === process.pid || !isAlive(holder.pid)) return 'stale';
  return { pid: holder.pid, host: holder.host };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function lockedError(folder: string, lockFile: string, holder: Holder | undefined) {
  const who = holder ? ` (process ${holder.pid} on ${holder.host})` : '';
  return new DataDirLockedError(
    `The embedded database in ${folder} is already in use by another process${who}. ` +
      'PGlite serves one process at a time: stop that process first, or set DATABASE_URL to a ' +
      'PostgreSQL server to run several processes (serve, worker, migrate) on one database. ' +
      `If no process uses the folder any more, delete ${lockFile}.`,
  );
}
