import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { keepReadRemove, uploadReportDelete } from '../../../test/stored-files.js';
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
    await keepReadRemove(storage(), key, original, async () =>
      expect(await chunkRows(key)).toEqual([
        { kind: 'upload', seq: 0, bytes: CHUNK_BYTES },
        { kind: 'upload', seq: 1, bytes: CHUNK_BYTES },
        { kind: 'upload', seq: 2, bytes: 12_345 },
      ]),
    );
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
