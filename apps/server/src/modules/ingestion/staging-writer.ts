import { once } from 'node:events';
import type { PGlite } from '@electric-sql/pglite';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { DatabaseHandle } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { COPY_COLUMNS } from './parse/index.js';
import { INSIGHT_COLUMNS } from './staged-insights.js';

const STAGING_COLUMNS = ['file_id', ...COPY_COLUMNS, ...INSIGHT_COLUMNS].join(', ');
const COPY_SQL_STDIN = `COPY customer_import_rows (${STAGING_COLUMNS}) FROM STDIN`;
const COPY_SQL_BLOB = `COPY customer_import_rows (${STAGING_COLUMNS}) FROM '/dev/blob'`;

/** Appends COPY text lines to the staging table; `finish` flushes, `abort` gives up. */
export interface StagingWriter {
  write(lines: string[]): Promise<void>;
  finish(): Promise<void>;
  abort(): Promise<void>;
}

/** On a server: one streaming COPY for the whole file, with back-pressure. */
async function serverWriter(pool: pg.Pool): Promise<StagingWriter> {
  const client = await pool.connect();
  const stream = client.query(copyFrom(COPY_SQL_STDIN));
  let failure: Error | undefined;
  stream.on('error', (error: Error) => {
    failure = error;
  });
  const release = (error?: Error) => client.release(error);
  return {
    async write(lines) {
      if (failure) throw failure;
      if (!stream.write(`${lines.join('\n')}\n`)) await once(stream, 'drain');
    },
    async finish() {
      if (failure) throw failure;
      stream.end();
      try {
        await once(stream, 'finish');
        release();
      } catch (error) {
        release(error as Error);
        throw error;
      }
    },
    async abort() {
      stream.destroy(new Error('import aborted'));
      release(new Error('import aborted'));
    },
  };
}

/** On PGlite: one COPY per batch from an in-memory blob, taken under Kysely's connection lock. */
function embeddedWriter(db: Kysely<Database>, pglite: PGlite): StagingWriter {
  return {
    async write(lines) {
      const blob = new Blob([`${lines.join('\n')}\n`]);
      await db.connection().execute(() => pglite.query(COPY_SQL_BLOB, [], { blob }));
    },
    finish: async () => undefined,
    abort: async () => undefined,
  };
}

export function openStagingWriter(database: DatabaseHandle): Promise<StagingWriter> {
  if (database.pool) return serverWriter(database.pool);
  if (database.pglite) return Promise.resolve(embeddedWriter(database.db, database.pglite));
  throw new Error('the database handle has neither a pool nor PGlite');
}
