import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Original uploads and rejected-row reports, kept under DATA_DIR so a file can be imported
 * again. Several hosts need DATA_DIR on a shared volume (docs/decisions/0002-file-storage.md).
 * A storage key is `<firm id>/<file id>`; it never comes from user input.
 */
export class FileStorage {
  constructor(private readonly root: string) {}

  static key(firmId: string, fileId: string): string {
    return `${firmId}/${fileId}`;
  }

  uploadPath(key: string): string {
    return path.join(this.root, 'uploads', key);
  }

  reportPath(key: string): string {
    return path.join(this.root, 'reports', `${key}.csv`);
  }

  async write(target: string, source: Readable): Promise<void> {
    await mkdir(path.dirname(target), { recursive: true });
    await pipeline(source, createWriteStream(target));
  }

  /** Removes the upload and the report of one file. */
  async remove(key: string): Promise<void> {
    await Promise.all([
      rm(this.uploadPath(key), { force: true }),
      rm(this.reportPath(key), { force: true }),
    ]);
  }
}
