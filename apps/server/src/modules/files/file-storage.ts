import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Original uploads and rejected-row reports, kept under DATA_DIR so a file can be imported
 * again. Several hosts need DATA_DIR on a shared volume (docs/decisions/0002-file-storage.md).
 */
export class FileStorage {
  constructor(private readonly root: string) {}

  uploadPath(firmId: string, fileId: string): string {
    return path.join(this.root, 'uploads', firmId, fileId);
  }

  reportPath(firmId: string, fileId: string): string {
    return path.join(this.root, 'reports', firmId, `${fileId}.csv`);
  }

  async write(target: string, source: Readable): Promise<number> {
    await mkdir(path.dirname(target), { recursive: true });
    await pipeline(source, createWriteStream(target));
    return (await stat(target)).size;
  }

  read(target: string): Readable {
    return createReadStream(target);
  }

  async exists(target: string): Promise<boolean> {
    return stat(target).then(
      () => true,
      () => false,
    );
  }

  async remove(...targets: string[]): Promise<void> {
    await Promise.all(targets.map((t) => rm(t, { force: true })));
  }
}
