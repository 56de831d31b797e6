import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exitCodeOf, killSpawned, spawnEntry, waitForOutput } from '../../test/processes.js';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'behavio-lock-'));
afterAll(() => {
  killSpawned();
  rmSync(dataDir, { recursive: true, force: true });
});

const IN_USE =
  /The embedded database in .*pglite is already in use by another process .*set DATABASE_URL to a PostgreSQL server to run several processes/;

describe('one process per embedded database folder', () => {
  it('stops a second serve or migrate at once, naming the folder, and the first keeps its data', async () => {
    const env = { DATA_DIR: dataDir };
    const first = spawnEntry('test/fixtures/hold-data-dir.ts', env);
    await waitForOutput(first, 'ready');

    const secondServer = spawnEntry('src/server.ts', { ...env, PORT: '4112' });
    const secondMigrate = spawnEntry('src/migrate.ts', env);
    expect(await exitCodeOf(secondServer)).toBe(1);
    expect(await exitCodeOf(secondMigrate)).toBe(1);
    for (const second of [secondServer, secondMigrate]) {
      expect(second.output()).toMatch(IN_USE);
      expect(second.output()).toContain(path.join(dataDir, 'pglite'));
    }

    first.stdin?.write('check\n');
    expect(await exitCodeOf(first)).toBe(0);
    expect(first.output()).toContain('rows 1');
  }, 60_000);

  it('takes over the lock of a process that is gone, and refuses a live one', () => {
    const folder = path.join(dataDir, 'other');
    // Above Linux's largest pid (2^22), so no process has it.
    writeFileSync(`${folder}.lock`, JSON.stringify({ pid: 2 ** 22 + 1, host: hostname() }));
    const release = lockDataDir(folder);
    expect(() => lockDataDir(folder)).toThrow(DataDirLockedError);
    release();
    writeFileSync(`${folder}.lock`, JSON.stringify({ pid: process.ppid, host: hostname() }));
    expect(() => lockDataDir(folder)).toThrow(DataDirLockedError);
  });
});
