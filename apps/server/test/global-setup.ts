import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Tarballs of an empty and of a migrated PGlite cluster, made once per run (PGlite only). */
    pgliteSnapshots: { empty: string; migrated: string } | null;
    /** A migrated database on the PostgreSQL server, made once per run (PostgreSQL only). */
    postgresTemplate: string | null;
  }
}

/**
 * A new PGlite cluster runs initdb and then every migration: seconds per test file on this
 * 2-core machine. Doing both once and handing each file a copy of the result (loadDataDir) is
 * several times faster, and each file still gets a database of its own.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    project.provide('pgliteSnapshots', null);
    return migratedTemplate(project, serverUrl);
  }
  project.provide('postgresTemplate', null);
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

/**
 * The same saving on a PostgreSQL server: the migrations run once into a template database and
 * each test file's database is created as a copy of it (CREATE DATABASE … TEMPLATE copies the
 * files, no SQL runs).
 */
async function migratedTemplate(project: TestProject, serverUrl: string) {
  const name = `behavio_template_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  await migrateToLatest(handle.db);
  // A template must have no open connection while it is copied.
  await handle.close();
  project.provide('postgresTemplate', name);
  return () => admin(`drop database if exists ${name} with (force)`);
}
