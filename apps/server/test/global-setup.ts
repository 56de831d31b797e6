import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Tarballs of an empty and of a migrated PGlite cluster, made once per run (PGlite only). */
    pgliteSnapshots: { empty: string; migrated: string } | null;
  }
}

/**
 * A new PGlite cluster runs initdb and then every migration: seconds per test file on this
 * 2-core machine. Doing both once and handing each file a copy of the result (loadDataDir) is
 * several times faster, and each file still gets a database of its own.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteSnapshots', null);
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'behavio-pglite-snapshot-'));
  const handle = await openDatabase({ kind: 'pglite', dataDir: 'memory' });
  const snapshot = async (name: string) => {
    const file = path.join(dir, `${name}.tar`);
    const dump = await handle.pglite!.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return file;
  };
  const empty = await snapshot('empty');
  await migrateToLatest(handle.db);
  const migrated = await snapshot('migrated');
  await handle.close();
  project.provide('pgliteSnapshots', { empty, migrated });
  return () => rmSync(dir, { recursive: true, force: true });
}
