import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { exitCodeOf, killSpawned, spawnEntry, waitForOutput } from '../../test/processes.js';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'behavio-lock-'));
const children: ChildProcess[] = [];
afterAll(() => {
  killSpawned();
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * A plain Node process racing for the lock of LOCK_FOLDER with this module (compiled here, so it
 * starts in milliseconds): says `loaded`, and on `go` takes the lock at once and says `won` or
 * `refused`; a winner keeps the lock until it is killed.
 */
const contenderScript = path.join(dataDir, 'contender.mjs');
writeFileSync(
  path.join(dataDir, 'data-dir-lock.mjs'),
  ts.transpileModule(readFileSync(new URL('./data-dir-lock.ts', import.meta.url), 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText,
);
writeFileSync(
  contenderScript,
  `import { lockDataDir } from './data-dir-lock.mjs';
  console.log('loaded');
  process.stdin.setEncoding('utf8').once('data', () => {
    try {
      lockDataDir(process.env.LOCK_FOLDER);
      console.log('won');
    } catch (error) {
      console.log(error.name === 'DataDirLockedError' ? 'refused' : String(error));
    }
  });`,
);

/** Above Linux's largest pid (2^22), so no process has it. */
const GONE = 2 ** 22 + 1;
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
    const claim = (n: number, pid: number) => {
      mkdirSync(`${folder}.lock`, { recursive: true });
      writeFileSync(
        path.join(`${folder}.lock`, String(n)),
        JSON.stringify({ pid, host: hostname() }),
      );
    };
    claim(1, GONE);
    const release = lockDataDir(folder);
    expect(() => lockDataDir(folder)).toThrow(DataDirLockedError);
    release();
    // Released: the next process takes it.
    lockDataDir(folder)();
    claim(9, process.ppid);
    expect(() => lockDataDir(folder)).toThrow(/in use by another process \(process \d+ on /);
  });

  it('takes over a lock file an older version left, unless its process lives', () => {
    const folder = path.join(dataDir, 'older');
    writeFileSync(`${folder}.lock`, JSON.stringify({ pid: process.ppid, host: hostname() }));
    expect(() => lockDataDir(folder)).toThrow(DataDirLockedError);
    writeFileSync(`${folder}.lock`, JSON.stringify({ pid: GONE, host: hostname() }));
    lockDataDir(folder)();
  });

  it('after a kill -9, exactly one of two processes started at the same moment takes the lock, 20 times over', async () => {
    const folder = path.join(dataDir, 'raced');
    const answers = (child: ChildProcess & { said: string[] }) => child.said;
    const contender = () => {
      const child = Object.assign(
        spawn(process.execPath, [contenderScript], {
          env: { LOCK_FOLDER: folder },
          stdio: ['pipe', 'pipe', 'inherit'],
        }),
        { said: [] as string[] },
      );
      children.push(child);
      child.stdout.setEncoding('utf8').on('data', (text: string) => {
        child.said.push(...text.split('\n').filter(Boolean));
      });
      return child;
    };
    type Contender = ReturnType<typeof contender>;
    const said = async (child: Contender, count: number) => {
      while (answers(child).length < count) {
        if (child.exitCode !== null) throw new Error(`exited ${child.exitCode}`);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      return answers(child)[count - 1];
    };
    // Both are loaded and waiting; then each is told to go in the same turn.
    const race = async (pair: Contender[]) => {
      await Promise.all(pair.map((c) => said(c, 1)));
      for (const child of pair) child.stdin!.write('go\n');
      return Promise.all(pair.map((c) => said(c, 2)));
    };
    const kill = async (child: Contender) => {
      child.kill('SIGKILL');
      await exitCodeOf(child);
    };

    // The first holder, killed: its claim is left behind.
    const first = contender();
    await said(first, 1);
    first.stdin!.write('go\n');
    expect(await said(first, 2)).toBe('won');
    await kill(first);
    const outcomes: string[] = [];
    for (let round = 0; round < 20; round++) {
      const pair = [contender(), contender()];
      const answered = await race(pair);
      outcomes.push(answered.join(' '));
      // Each is killed, the winner holding the lock: the next round finds a claim of a process
      // that is gone.
      await Promise.all(pair.map(kill));
    }
    expect(outcomes.filter((o) => o !== 'won refused' && o !== 'refused won')).toEqual([]);
  }, 60_000);
});
