import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { bytesOf, uploadReportDelete } from '../../../test/stored-files.js';
import { CHUNK_BYTES, DatabaseFileStorage } from './file-storage.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ FILE_STORAGE: 'database' });
});
afterAll(() => ctx.close());

const storage = () => ctx.services.storage as DatabaseFileStorage;

const chunkRows = (key: string) =>
  ctx.database.db
    .selectFrom('stored_file_chunks')
    .select(['kind', 'seq', (eb) => eb.fn<number>('octet_length', ['data']).as('bytes')])
    .where('storage_key', '=', key)
    .orderBy('kind')
    .orderBy('seq')
    .execute();

describe('files kept in PostgreSQL', () => {
  it('keeps a file in pieces of at most 1 MiB and gives back the same bytes', async () => {
    expect(storage()).toBeInstanceOf(DatabaseFileStorage);
    const key = 'firm-a/file-1';
    const original = randomBytes(CHUNK_BYTES * 2 + 12_345);
    await mkdir(path.dirname(storage().uploadPath(key)), { recursive: true });
    writeFileSync(storage().uploadPath(key), original);
    await storage().keepUpload(key);
    expect(existsSync(storage().uploadPath(key))).toBe(false);
    expect(await chunkRows(key)).toEqual([
      { kind: 'upload', seq: 0, bytes: CHUNK_BYTES },
      { kind: 'upload', seq: 1, bytes: CHUNK_BYTES },
      { kind: 'upload', seq: 2, bytes: 12_345 },
    ]);

    const local = await storage().openUpload(key);
    expect(readFileSync(local.path).equals(original)).toBe(true);
    await local.release();
    expect(existsSync(local.path)).toBe(false);

    expect(await storage().readReport(key)).toBeUndefined();
    await mkdir(path.dirname(storage().reportPath(key)), { recursive: true });
    writeFileSync(storage().reportPath(key), 'row,reason\r\n2,bad\r\n');
    await storage().keepReport(key);
    expect((await bytesOf((await storage().readReport(key))!)).toString()).toBe(
      'row,reason\r\n2,bad\r\n',
    );

    await storage().remove(key);
    expect(await chunkRows(key)).toEqual([]);
  });

  it('runs upload, import, report and delete with nothing left on this host', async () => {
    await uploadReportDelete(ctx, {
      afterUpload: async (key) =>
        expect((await chunkRows(key)).map((r) => r.kind)).toEqual(['report', 'upload']),
      afterDelete: async (key) => expect(await chunkRows(key)).toEqual([]),
    });
  });
});
