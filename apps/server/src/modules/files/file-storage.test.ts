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
import { CHUNK_BYTES, DatabaseFileStorage } from './file-storage.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ FILE_STORAGE: 'database' });
});
afterAll(() => ctx.close());

const storage = () => ctx.services.storage as DatabaseFileStorage;

async function bytesOf(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

const chunkRows = (key: string) =>
  ctx.database.db
    .selectFrom('stored_file_chunks')
    .select(['kind', 'seq', (eb) => eb.fn<number>('octet_length', ['data']).as('bytes')])
    .where('storage_key', '=', key)
    .orderBy('kind')
    .orderBy('seq')
    .execute();

/** Every file under DATA_DIR's scratch folder: what this host would lose with its disk. */
function scratchFiles(): string[] {
  const root = path.join(ctx.config.dataDir, 'scratch');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
}

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
    const admin = await adminOnPlan(ctx, 'pro');
    const table = customerTable(generateCustomers(6, { seed: 11 }));
    setCell(table, 2, 'age', 'abc');
    const res = await uploadFile(ctx, admin.headers, 'customers.csv', toCsvBuffer(table));
    expect(res.statusCode).toBe(201);
    const fileId = res.json<{ file_id: string }>().file_id;
    const key = `${admin.firmId}/${fileId}`;
    expect((await chunkRows(key)).map((r) => r.kind)).toEqual(['report', 'upload']);
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
    expect(await chunkRows(key)).toEqual([]);
  });
});
