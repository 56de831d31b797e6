import { randomBytes } from 'node:crypto';
import {
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * PGlite is PostgreSQL in one process: two processes opening one data folder each run their own
 * engine over the same files and overwrite each other's writes. The folder's opener therefore
 * holds a lock beside it, and a lock whose process is gone (a `kill -9`, a crash) is taken over
 * at once, so a restart never needs a hand to remove it (docs/security.md).
 *
 * The lock is a folder, `<folder>.lock`, of numbered claims (`1`, `2`, ...), each a file naming a
 * process (pid and host), written whole under a temporary name and then hard-linked to its
 * number, which fails if the number exists: exactly one process makes each claim. The highest
 * claim is the lock. A process takes it by making the claim above the highest one, and only
 * when the highest one is free: released by its holder, or its process gone. So when the
 * holder of claim 7 is killed and two servers start at once, both see 7 free and both try to
 * make 8: one does, the other then sees 8 held by a live process and stops. A claim is never
 * deleted or rewritten while it is the highest, other than released by its own holder; the
 * taker deletes the lower ones, and a process that made its claim on an old view (a higher
 * claim exists by then) withdraws it and looks again.
 *
 * Why not `proper-lockfile`: its staleness is the lock's age, so a restart right after a crash
 * would wait or fail, and its takeover is a delete then a create, the race fixed here. An OS
 * lock that dies with its process (flock) needs a native addon, which `npm ci` would have to
 * build on every platform: a pid answers as well, on the one host that can check it.
 */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

interface Holder {
  pid: number;
  host: string;
}
interface Claim extends Holder {
  released?: boolean;
}

/** Lock folders this process holds, so opening one data folder twice in a process is refused too. */
const held = new Set<string>();
/** An unreadable claim younger than this may still be being written (where links are refused). */
const FRESH_MS = 5_000;
/** A temporary claim file older than this was left by a process killed while it wrote one. */
const LEFT_BEHIND_MS = 60_000;
const CLAIM = /^\d+$/;

export function lockDataDir(folder: string): () => void {
  const lock = `${folder}.lock`;
  if (held.has(lock)) throw lockedError(folder, lock, self());
  prepare(folder, lock);
  // Each round either fails on a live holder or finds a claim another process just made.
  for (let round = 0; round < 100; round++) {
    const claims = claimsIn(lock);
    const top = claims.at(-1) ?? 0;
    if (top > 0) {
      const state = judge(path.join(lock, String(top)));
      // Deleted since listed: a process made a higher claim; look again.
      if (state === 'gone') continue;
      if (state !== 'free') throw lockedError(folder, lock, state);
    }
    const mine = top + 1;
    const claim = path.join(lock, String(mine));
    if (!create(lock, claim, self())) continue;
    if (claimsIn(lock).some((n) => n > mine)) {
      rmSync(claim, { force: true });
      continue;
    }
    held.add(lock);
    tidy(lock, mine);
    return () => {
      held.delete(lock);
      release(lock, claim);
    };
  }
  throw lockedError(folder, lock, undefined);
}

const self = (): Holder => ({ pid: process.pid, host: hostname() });

/** The lock folder; a lock file of an older version in its place is judged as a claim. */
function prepare(folder: string, lock: string) {
  try {
    mkdirSync(lock, { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EEXIST' && code !== 'ENOTDIR') throw error;
    const state = judge(lock);
    if (state !== 'free' && state !== 'gone') throw lockedError(folder, lock, state);
    rmSync(lock, { force: true });
    mkdirSync(lock, { recursive: true });
  }
}

function claimsIn(lock: string): number[] {
  return readdirSync(lock)
    .filter((name) => CLAIM.test(name))
    .map(Number)
    .sort((a, b) => a - b);
}

/** Makes the claim, whole, unless it exists. */
function create(lock: string, claim: string, content: Claim): boolean {
  const temporary = temporaryIn(lock, content);
  try {
    linkSync(temporary, claim);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    // A file system without hard links: an exclusive create, readable half-written for a moment.
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw error;
    try {
      writeFileSync(claim, JSON.stringify(content), { flag: 'wx' });
      return true;
    } catch (fallback) {
      if ((fallback as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw fallback;
    }
  } finally {
    rmSync(temporary, { force: true });
  }
}

function temporaryIn(lock: string, content: Claim): string {
  const name = path.join(lock, `.${process.pid}-${randomBytes(6).toString('hex')}.tmp`);
  writeFileSync(name, JSON.stringify(content), { flag: 'wx' });
  return name;
}

/** The holder marks its claim released (replaced whole), so the next process may take over. */
function release(lock: string, claim: string) {
  try {
    const temporary = temporaryIn(lock, { ...self(), released: true });
    renameSync(temporary, claim);
  } catch {
    // The lock folder is gone (the data folder was removed): there is nothing to release.
  }
}

/** After taking the lock: the claims below it and temporary files a killed process left. */
function tidy(lock: string, mine: number) {
  for (const name of readdirSync(lock)) {
    const file = path.join(lock, name);
    if (CLAIM.test(name) && Number(name) < mine) rmSync(file, { force: true });
    const written = statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
    if (name.endsWith('.tmp') && Date.now() - written > LEFT_BEHIND_MS)
      rmSync(file, { force: true });
  }
}

/** A claim's holder if it is live, `free` when released or its process is gone, `gone` if deleted. */
function judge(file: string): Holder | 'free' | 'gone' | undefined {
  let claim: Partial<Claim>;
  try {
    claim = JSON.parse(readFileSync(file, 'utf8')) as Partial<Claim>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
    const written = statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    return Date.now() - written > FRESH_MS ? 'free' : undefined;
  }
  if (claim.released === true) return 'free';
  if (typeof claim.pid !== 'number' || typeof claim.host !== 'string') return 'free';
  // Another host's process cannot be checked from here (a folder shared over a network).
  if (claim.host !== hostname()) return { pid: claim.pid, host: claim.host };
  // Our own pid on a lock we do not hold: a previous run with the same pid (a container's pid 1).
  if (claim.pid === process.pid || !isAlive(claim.pid)) return 'free';
  return { pid: claim.pid, host: claim.host };
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

function lockedError(folder: string, lock: string, holder: Holder | undefined) {
  const who = holder ? ` (process ${holder.pid} on ${holder.host})` : '';
  return new DataDirLockedError(
    `The embedded database in ${folder} is already in use by another process${who}. ` +
      'PGlite serves one process at a time: stop that process first, or set DATABASE_URL to a ' +
      'PostgreSQL server to run several processes (serve, worker, migrate) on one database. ' +
      `If no process uses the folder any more, delete ${lock}.`,
  );
}
