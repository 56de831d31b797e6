import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.js';
import { FirmScopeGuard } from './firm-scope.js';
import type { Database } from './schema.js';

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  | {
      kind: 'pglite';
      dataDir: string | 'memory';
      /** A `dumpDataDir()` tarball to start from instead of a new cluster (the tests' snapshot). */
      loadDataDir?: Blob;
    };

/**
 * One handle over either engine. `db` refuses a query on a firm's data that does not name the
 * firm (firm-scope.ts). `pglite` is exposed because some work (COPY, the job queue)
 * talks to the engine directly; everything else goes through Kysely.
 */
export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseTarget['kind'];
  pglite: PGlite | undefined;
  pool: pg.Pool | undefined;
  /** Called by long work between its batches (paceOn): lets other work through on PGlite. */
  pace(): Promise<void>;
  close(): Promise<void>;
}

/**
 * PGlite runs in this process's thread, and a statement's promise settles without the event
 * loop turning: statements awaited one after another (a recommendations run, an import's
 * batches) kept every request, timer and signal of every firm waiting until the run ended (a
 * live probe stalled 68 s behind a 200,000-customer run, issue 36). Each statement therefore
 * first lets the loop turn, so requests, heartbeats and a SIGTERM are served between any two,
 * and the handle's `pace` lets long work give way to short work between its batches
 * (docs/architecture.md, "The embedded database and the event loop").
 */
class YieldingPGlite extends PGlite {
  /** Statements asked for and not yet answered. */
  pending = 0;
  /** When a statement was last asked for or answered. */
  lastActive = 0;

  override async query<T>(
    query: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    return this.turn(() => super.query<T>(query, params, options));
  }

  override async exec(query: string, options?: QueryOptions): Promise<Results[]> {
    return this.turn(() => super.exec(query, options));
  }

  private async turn<T>(statement: () => Promise<T>): Promise<T> {
    this.pending++;
    this.lastActive = performance.now();
    try {
      await nextTurn();
      return await statement();
    } finally {
      this.pending--;
      this.lastActive = performance.now();
    }
  }
}

/** How long the embedded database must have been idle for paced work to go on, once others used it. */
const QUIET_MS = 50;
/** The longest paced work waits for others: busy or not, it goes on after this. */
const PACE_AT_MOST_MS = 1_000;

/**
 * Between two batches of long work: on PGlite, when another request or import wants the
 * database, waits until no one has used it for QUIET_MS (at most PACE_AT_MOST_MS), so their
 * statements, which follow each other closely, run through rather than one per batch; when no
 * one does, goes on at once. PostgreSQL serves each connection on its own: nothing to wait for.
 */
async function paceOn(pglite: YieldingPGlite): Promise<void> {
  const ownLast = pglite.lastActive;
  await sleep(1);
  if (pglite.pending === 0 && pglite.lastActive === ownLast) return;
  const until = performance.now() + PACE_AT_MOST_MS;
  do await sleep(QUIET_MS / 5);
  while (
    (pglite.pending > 0 || performance.now() - pglite.lastActive < QUIET_MS) &&
    performance.now() < until
  );
}

export function databaseTargetFor(config: {
  databaseUrl?: string | undefined;
  dataDir: string;
}): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') };
}

export interface DatabaseOptions {
  /** Told of each PostgreSQL connection lost (its backend terminated, the server restarted). */
  onConnectionLost?: (error: Error) => void;
}

export async function openDatabase(
  target: DatabaseTarget,
  options: DatabaseOptions = {},
): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    // No JIT: the app's statements are short or batched, and a batch whose row estimate runs
    // high (the recommendations run's update, a self-join) paid about half a second of LLVM
    // compilation each time, which made a million customers' run six times slower (measured,
    // docs/benchmarks.md session 13). PGlite has no JIT.
    const pool = new pg.Pool({ connectionString: target.url, max: 10, options: '-c jit=off' });
    // A lost connection must never be an uncaught 'error' event, which ends the process
    // (through close-with-grace on the server). The pool listens to its idle clients only and
    // replaces them; its event is told below, by the client's own listener.
    pool.on('error', () => undefined);
    // A lent client had no listener: a backend terminated while it ran a query without an
    // error message first (PostgreSQL sends none when blocked sending rows, as an export's
    // page is), or in a transaction (Kysely rolls back on the same client), made it emit
    // 'error' unheard and shut the API down (issue 36). The query fails on its own and its
    // caller gets the error; the pool drops the client when it comes back.
    pool.on('connect', (client) => {
      let told = false;
      client.on('error', (error) => {
        if (!told) options.onConnectionLost?.(error);
        told = true;
      });
    });
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      plugins: [new FirmScopeGuard()],
    });
    return {
      db,
      kind: 'postgres',
      pglite: undefined,
      pool,
      pace: () => Promise.resolve(),
      close: () => db.destroy(),
    };
  }
  let unlock: (() => void) | undefined;
  if (target.dataDir !== 'memory') {
    mkdirSync(target.dataDir, { recursive: true });
    // One process per folder (data-dir-lock.ts): a second one stops here, before PGlite opens it.
    unlock = lockDataDir(target.dataDir);
  }
  try {
    // pg_trgm backs the customer search (migration 0005); a server has it as a trusted extension.
    const pglite = new YieldingPGlite(target.dataDir === 'memory' ? 'memory://' : target.dataDir, {
      extensions: { pg_trgm },
      ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
    });
    await pglite.waitReady;
    const db = new Kysely<Database>({
      dialect: new PGliteDialect(pglite),
      plugins: [new FirmScopeGuard()],
    });
    const close = async () => {
      await db.destroy();
      unlock?.();
    };
    return { db, kind: 'pglite', pglite, pool: undefined, pace: () => paceOn(pglite), close };
  } catch (error) {
    unlock?.();
    throw error;
  }
}
