import { once } from 'node:events';
import type { PGlite } from '@electric-sql/pglite';
import type { Kysely, RawBuilder } from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { DatabaseHandle } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { createLoadTableSql, resetLoadDefaultsSql, type TablePair } from './load-tables.js';
import { COPY_COLUMNS } from './parse/index.js';
import { INSIGHT_COLUMNS } from './insight-columns.js';

/** The columns of each COPY line: the rest comes from the load tables' defaults. */
const COPY_TARGET: Record<keyof TablePair, string> = {
  customers: COPY_COLUMNS.join(', '),
  insights: ['customer_id', ...INSIGHT_COLUMNS].join(', '),
};
const KINDS = ['customers', 'insights'] as const;

/**
 * Appends COPY text lines (newline-terminated, as CopyLines gives them) to an import's two load
 * tables; `finish` makes them durable.
 */
export interface LoadWriter {
  write(lines: Record<keyof TablePair, Uint8Array>): Promise<void>;
  finish(): Promise<void>;
  abort(): Promise<void>;
}

export interface LoadTarget {
  tables: TablePair;
  firmId: string;
  fileId: string;
  /** Logged tables can become partitions; unlogged ones are only merged from. */
  logged: boolean;
}

/** The text of a statement built without parameters (DDL takes none). */
function compiled(db: Kysely<Database>, statement: RawBuilder<unknown>): string {
  const query = statement.compile(db);
  if (query.parameters.length > 0) throw new Error(`parameters in DDL: ${query.sql}`);
  return query.sql;
}

/**
 * On a server: per table, one connection holding one transaction that creates the table and
 * streams a single COPY into it with back-pressure. Created in the same transaction, the rows
 * are written frozen (no later hint-bit writes or vacuum freeze pass), and the two tables load
 * on two cores. Nothing exists until `finish` commits; an abort or a crash leaves nothing.
 */
async function serverWriter(
  db: Kysely<Database>,
  pool: pg.Pool,
  target: LoadTarget,
): Promise<LoadWriter> {
  const open = async (kind: keyof TablePair) => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      for (const statement of createLoadTableSql(kind, target.tables[kind], target, target.logged))
        await client.query(compiled(db, statement));
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
    const stream = client.query(
      copyFrom(`COPY "${target.tables[kind]}" (${COPY_TARGET[kind]}) FROM STDIN WITH (FREEZE)`),
    );
    const state = { client, stream, failure: undefined as Error | undefined };
    stream.on('error', (error: Error) => {
      state.failure = error;
    });
    return state;
  };
  const opened = await Promise.allSettled(KINDS.map(open));
  const failed = opened.find((o) => o.status === 'rejected');
  if (failed) {
    for (const o of opened)
      if (o.status === 'fulfilled') o.value.client.release(new Error('aborted'));
    throw failed.reason;
  }
  const copies = opened.map(
    (o) => (o as PromiseFulfilledResult<Awaited<ReturnType<typeof open>>>).value,
  );
  const byKind = { customers: copies[0]!, insights: copies[1]! };
  let released = false;
  const releaseAll = (error?: Error) => {
    if (released) return;
    released = true;
    for (const copy of copies) copy.client.release(error);
  };

  return {
    async write(lines) {
      const waits: Promise<unknown>[] = [];
      for (const kind of KINDS) {
        const copy = byKind[kind];
        if (copy.failure) throw copy.failure;
        if (!copy.stream.write(lines[kind])) waits.push(once(copy.stream, 'drain'));
      }
      await Promise.all(waits);
    },
    async finish() {
      try {
        await Promise.all(
          KINDS.map(async (kind) => {
            const copy = byKind[kind];
            if (copy.failure) throw copy.failure;
            copy.stream.end();
            await once(copy.stream, 'finish');
            await copy.client.query(compiled(db, resetLoadDefaultsSql(kind, target.tables[kind])));
            await copy.client.query('commit');
          }),
        );
        releaseAll();
      } catch (error) {
        // Destroying the connections rolls back whichever transaction did not commit.
        releaseAll(error as Error);
        throw error;
      }
    },
    async abort() {
      for (const copy of copies) copy.stream.destroy(new Error('import aborted'));
      releaseAll(new Error('import aborted'));
    },
  };
}

/**
 * On PGlite: the tables are created at once and each batch is one COPY from an in-memory blob,
 * taken under Kysely's connection lock, so other requests run between batches (the single
 * embedded connection is never held for the whole file).
 */
async function embeddedWriter(
  db: Kysely<Database>,
  pglite: PGlite,
  target: LoadTarget,
): Promise<LoadWriter> {
  for (const kind of KINDS)
    for (const statement of createLoadTableSql(kind, target.tables[kind], target, target.logged))
      await statement.execute(db);
  const copySql = (kind: keyof TablePair) =>
    `COPY "${target.tables[kind]}" (${COPY_TARGET[kind]}) FROM '/dev/blob'`;
  return {
    async write(lines) {
      for (const kind of KINDS) {
        const blob = new Blob([lines[kind]]);
        await db.connection().execute(() => pglite.query(copySql(kind), [], { blob }));
      }
    },
    async finish() {
      for (const kind of KINDS) await resetLoadDefaultsSql(kind, target.tables[kind]).execute(db);
    },
    abort: async () => undefined,
  };
}

export function openLoadWriter(database: DatabaseHandle, target: LoadTarget): Promise<LoadWriter> {
  if (database.pool) return serverWriter(database.db, database.pool, target);
  if (database.pglite) return embeddedWriter(database.db, database.pglite, target);
  throw new Error('the database handle has neither a pool nor PGlite');
}
