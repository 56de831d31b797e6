import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.js';
import { createTestDatabase } from '../../test/test-database.js';
import { loadConfig } from './env.js';
import { withStoredJwtSecret } from './jwt-secret.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
// Each test starts from a database no process has used yet.
beforeEach(async () => {
  await database.db.deleteFrom('app_secrets').execute();
});

/** A process's configuration: its own empty DATA_DIR, as on its own host. */
const hostConfig = (env: Record<string, string> = {}) =>
  loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'behavio-host-')), ...env });

describe('the JWT secret without JWT_SECRET', () => {
  it('is generated once and kept in the database, so processes on other hosts agree', async () => {
    const first = await withStoredJwtSecret(hostConfig(), database.db);
    const second = await withStoredJwtSecret(hostConfig(), database.db);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
  });

  it('adopts the secret an earlier release kept in DATA_DIR, so sessions survive the upgrade', async () => {
    const config = hostConfig();
    const legacy = 'l'.repeat(64);
    writeFileSync(path.join(config.dataDir, 'jwt-secret'), `${legacy}\n`);
    expect((await withStoredJwtSecret(config, database.db)).jwtSecret).toBe(legacy);
    expect((await withStoredJwtSecret(hostConfig(), database.db)).jwtSecret).toBe(legacy);
  });

  it('is JWT_SECRET when set, and then nothing is stored', async () => {
    const given = 's'.repeat(40);
    const config = await withStoredJwtSecret(hostConfig({ JWT_SECRET: given }), database.db);
    expect(config.jwtSecret).toBe(given);
    expect(await database.db.selectFrom('app_secrets').selectAll().execute()).toEqual([]);
  });
});
