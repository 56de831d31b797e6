import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { keepReadRemove, uploadReportDelete } from '../../../test/stored-files.js';
import { startS3Server } from '../../../test/s3-server.js';
import { S3FileStorage } from './s3-file-storage.js';

const s3 = await startS3Server('behavio-files');
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext(s3.env);
});
afterAll(async () => {
  await ctx.close();
  await s3.close();
});

const storage = () => ctx.services.storage as S3FileStorage;

/** The names of the bucket's objects that belong to a storage key (s3rver keeps each as a file). */
function objectsOf(key: string): string[] {
  const suffix = '._S3rver_object';
  return readdirSync(s3.directory, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(suffix))
    .map((e) =>
      path.relative(s3.directory, path.join(e.parentPath, e.name)).slice(0, -suffix.length),
    )
    .filter((name) => name.includes(key))
    .sort();
}

describe('files kept in an S3-compatible bucket', () => {
  it('keeps a file in the bucket in parts and gives back the same bytes', async () => {
    expect(storage()).toBeInstanceOf(S3FileStorage);
    const key = 'firm-a/file-1';
    // Over two 8 MiB parts: a multipart upload.
    const original = randomBytes(17 * 1024 * 1024 + 12_345);
    await keepReadRemove(storage(), key, original, async () =>
      expect(objectsOf(key)).toEqual([`uploads/${key}`]),
    );
    expect(objectsOf(key)).toEqual([]);
    await expect(storage().openUpload(key)).rejects.toThrow('not in the bucket');
  });

  it('runs upload, import, report and delete with nothing left on this host', async () => {
    await uploadReportDelete(ctx, {
      afterUpload: async (key) =>
        expect(objectsOf(key)).toEqual([`reports/${key}.csv`, `uploads/${key}`]),
      afterDelete: async (key) => expect(objectsOf(key)).toEqual([]),
    });
  });
});
