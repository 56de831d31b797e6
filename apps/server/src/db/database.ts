import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.js';
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
 * One handle over either engine. `pglite` is exposed because some work (COPY, the job queue)
 * talks to the engine directly; everything else goes through Kysely.
 */
export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseTarget['kind'];
  pglite: PGlite | undefined;
  pool: pg.Pool | undefined;
  close(): Promise<void>;
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
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', pglite: undefined, pool, close: () => db.destroy() };
  }
  let unlock: (() => void) | undefined;
  if (target.dataDir !== 'memory') {
    mkdirSync(target.dataDir, { recursive: true });
    // One process per folder (data-dir-lock.ts): a second one stops here, before PGlite opens it.
    unlock = lockDataDir(target.dataDir);
  }
  try {
    // pg_trgm backs the customer search (migration 0005); a server has it as a trusted extension.
    const pglite = new PGlite(target.dataDir === 'memory' ? 'memory://' : target.dataDir, {
      extensions: { pg_trgm },
      ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
    });
    await pglite.waitReady;
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    const close = async () => {
      await db.destroy();
      unlock?.();
    };
    return { db, kind: 'pglite', pglite, pool: undefined, close };
  } catch (error) {
    unlock?.();
    throw error;
  }
}
