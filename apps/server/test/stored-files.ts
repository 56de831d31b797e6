import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { expect } from 'vitest';
import { adminOnPlan, uploadFile } from './firms.js';
import {
  customerTable,
  generateCustomers,
  setCell,
  toCsvBuffer,
} from './fixtures/customer-files.js';
import type { TestContext } from './helper.js';
import type { FileStorage } from '../src/modules/files/file-storage.js';

export async function bytesOf(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** Every file under DATA_DIR's scratch folder: what this host would lose with its disk. */
export function scratchFiles(ctx: TestContext): string[] {
  const root = path.join(ctx.config.dataDir, 'scratch');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
}

/**
 * Upload (one rejected row), report and delete through the API, for a storage that keeps files
 * off this host: nothing stays in scratch, and the storage's own checks run after the upload
 * and after the delete, given the file's storage key.
 */
export async function uploadReportDelete(
  ctx: TestContext,
  checks: { afterUpload(key: string): Promise<void>; afterDelete(key: string): Promise<void> },
): Promise<void> {
  const admin = await adminOnPlan(ctx, 'pro');
  const table = customerTable(generateCustomers(6, { seed: 11 }));
  setCell(table, 2, 'age', 'abc');
  const res = await uploadFile(ctx, admin.headers, 'customers.csv', toCsvBuffer(table));
  expect(res.statusCode).toBe(201);
  const fileId = res.json<{ file_id: string }>().file_id;
  const key = `${admin.firmId}/${fileId}`;
  await checks.afterUpload(key);
  expect(scratchFiles(ctx)).toEqual([]);

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
  await checks.afterDelete(key);
}

/**
 * Keeps `original` as the upload of `key` and a small report beside it, reads both back, then
 * removes them: the same bytes come back, and no local copy stays. `afterKeep` runs the
 * storage's own checks once the upload is kept.
 */
export async function keepReadRemove(
  storage: FileStorage,
  key: string,
  original: Buffer,
  afterKeep: () => Promise<void>,
): Promise<void> {
  await mkdir(path.dirname(storage.uploadPath(key)), { recursive: true });
  writeFileSync(storage.uploadPath(key), original);
  await storage.keepUpload(key);
  expect(existsSync(storage.uploadPath(key))).toBe(false);
  await afterKeep();

  const local = await storage.openUpload(key);
  expect(readFileSync(local.path).equals(original)).toBe(true);
  await local.release();
  expect(existsSync(local.path)).toBe(false);

  expect(await storage.readReport(key)).toBeUndefined();
  await mkdir(path.dirname(storage.reportPath(key)), { recursive: true });
  writeFileSync(storage.reportPath(key), 'row,reason\r\n2,bad\r\n');
  await storage.keepReport(key);
  expect((await bytesOf((await storage.readReport(key))!)).toString()).toBe(
    'row,reason\r\n2,bad\r\n',
  );

  await storage.remove(key);
  expect(await storage.readReport(key)).toBeUndefined();
}
