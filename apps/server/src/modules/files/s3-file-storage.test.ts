import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { adminOnPlan, uploadFile } from '../../../test/firms.js';
import {
  customerTable,
  generateCustomers,
  setCell,
  toCsvBuffer,
} from '../../../test/fixtures/customer-files.js';
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

async function bytesOf(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** The objects in the bucket under a prefix (`uploads/<firm>` or `reports/<firm>`). */
function objects(prefix: string): string[] {
  const root = path.join(s3.directory, prefix);
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('._S3rver_object'))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

/** Every file under DATA_DIR's scratch folder: what this host would lose with its disk. */
function scratchFiles(): string[] {
  const root = path.join(ctx.config.dataDir, 'scratch');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
}

describe('files kept in an S3-compatible bucket', () => {
  it('keeps a file in the bucket in parts and gives back the same bytes', async () => {
    expect(storage()).toBeInstanceOf(S3FileStorage);
    const key = 'firm-a/file-1';
    // Over two 8 MiB parts: a multipart upload.
    const original = randomBytes(17 * 1024 * 1024 + 12_345);
    await mkdir(path.dirname(storage().uploadPath(key)), { recursive: true });
    writeFileSync(storage().uploadPath(key), original);
    await storage().keepUpload(key);
    expect(existsSync(storage().uploadPath(key))).toBe(false);

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
    expect(await storage().readReport(key)).toBeUndefined();
    await expect(storage().openUpload(key)).rejects.toThrow('not in the bucket');
  });

  it('runs upload, import, report and delete with nothing left on this host', async () => {
    const admin = await adminOnPlan(ctx, 'pro');
    const table = customerTable(generateCustomers(6, { seed: 11 }));
    setCell(table, 2, 'age', 'abc');
    const res = await uploadFile(ctx, admin.headers, 'customers.csv', toCsvBuffer(table));
    expect(res.statusCode).toBe(201);
    const fileId = res.json<{ file_id: string }>().file_id;
    expect(objects(`uploads/${admin.firmId}`)).toHaveLength(1);
    expect(objects(`reports/${admin.firmId}`)).toHaveLength(1);
    expect(scratchFiles()).toEqual([]);

    const report = await ctx.app.inject({
      method: 'GET',
      url: `/api/content/file-report/${fileId}`,
      headers: admin.headers,
    });
    expect(report.statusCode).toBe(200);
    const lines = report.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^4,.*age/);

    const deleted = await ctx.app.inject({
      method: 'GET',
      url: `/api/content/delete-file/${fileId}`,
      headers: admin.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect(objects(`uploads/${admin.firmId}`)).toEqual([]);
    expect(objects(`reports/${admin.firmId}`)).toEqual([]);
  });
});
