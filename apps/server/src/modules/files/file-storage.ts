import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

type StoredKind = 'upload' | 'report';

/** A local copy of a stored upload for the parser; `release` removes it when it is temporary. */
export interface LocalFile {
  path: string;
  release(): Promise<void>;
}

/**
 * Original uploads and rejected-row reports. Both are written to a local file first (the parser
 * needs one, and an upload is inspected before it is recorded), then kept (`keepUpload`,
 * `keepReport`). This class keeps them where they were written, under DATA_DIR
 * (docs/decisions/0002); `DatabaseFileStorage` moves them into PostgreSQL, so hosts share nothing
 * else (docs/decisions/0004). A storage key is `<firm id>/<file id>`; it never comes from user
 * input.
 */
export class FileStorage {
  constructor(protected readonly root: string) {}

  static key(firmId: string, fileId: string): string {
    return `${firmId}/${fileId}`;
  }

  /** Where an upload is written on this host. */
  uploadPath(key: string): string {
    return path.join(this.root, 'uploads', key);
  }

  /** Where an import writes its rejected-row report on this host. */
  reportPath(key: string): string {
    return path.join(this.root, 'reports', `${key}.csv`);
  }

  async write(target: string, source: Readable): Promise<void> {
    await mkdir(path.dirname(target), { recursive: true });
    await pipeline(source, createWriteStream(target));
  }

  /** Keeps the upload written at `uploadPath(key)`; it already is, on disk. */
  async keepUpload(_key: string): Promise<void> {}

  async openUpload(key: string): Promise<LocalFile> {
    return { path: this.uploadPath(key), release: async () => undefined };
  }

  /** Keeps the report written at `reportPath(key)`; it already is, on disk. */
  async keepReport(_key: string): Promise<void> {}

  /** The rejected-row report, streamed; undefined when the import rejected no row. */
  async readReport(key: string): Promise<Readable | undefined> {
    // Opened before answering, so an unreadable report fails here, not mid-response.
    const handle = await open(this.reportPath(key), 'r').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    return handle?.createReadStream();
  }

  /** Removes the upload and the report of one file. */
  async remove(key: string): Promise<void> {
    await Promise.all([
      rm(this.uploadPath(key), { force: true }),
      rm(this.reportPath(key), { force: true }),
    ]);
  }
}

/** Pieces of 1 MiB: a 100 MB upload is 100 rows, and never more than a piece is in memory. */
export const CHUNK_BYTES = 1024 * 1024;

/**
 * Uploads and reports kept in PostgreSQL (`stored_file_chunks`), so any API or worker process
 * on any host can read what another wrote. DATA_DIR only holds short-lived local copies: the
 * upload while it is inspected, the original while it is parsed, the report while it is written.
 */
export class DatabaseFileStorage extends FileStorage {
  constructor(
    scratchDir: string,
    private readonly db: Kysely<Database>,
  ) {
    super(scratchDir);
  }

  override async keepUpload(key: string): Promise<void> {
    await this.copyIn(key, 'upload', this.uploadPath(key));
    await rm(this.uploadPath(key), { force: true });
  }

  override async openUpload(key: string): Promise<LocalFile> {
    // A name of its own: a retry on this host must not read a copy another attempt is writing.
    const copy = `${this.uploadPath(key)}.${randomUUID()}`;
    try {
      await this.write(copy, Readable.from(this.chunks(key, 'upload')));
    } catch (error) {
      await rm(copy, { force: true });
      throw error;
    }
    return { path: copy, release: () => rm(copy, { force: true }) };
  }

  override async keepReport(key: string): Promise<void> {
    await this.copyIn(key, 'report', this.reportPath(key));
    await rm(this.reportPath(key), { force: true });
  }

  override async readReport(key: string): Promise<Readable | undefined> {
    const first = await this.chunk(key, 'report', 0);
    if (!first) return undefined;
    return Readable.from(this.chunks(key, 'report'));
  }

  override async remove(key: string): Promise<void> {
    await this.db.deleteFrom('stored_file_chunks').where('storage_key', '=', key).execute();
    await super.remove(key);
  }

  /** Replaces what is kept of this kind with the local file, in one transaction. */
  private async copyIn(key: string, kind: StoredKind, file: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('stored_file_chunks')
        .where('storage_key', '=', key)
        .where('kind', '=', kind)
        .execute();
      let seq = 0;
      for await (const data of createReadStream(file, { highWaterMark: CHUNK_BYTES })) {
        await trx
          .insertInto('stored_file_chunks')
          .values({ storage_key: key, kind, seq: seq++, data: data as Buffer })
          .execute();
      }
    });
  }

  private async chunk(key: string, kind: StoredKind, seq: number) {
    const row = await this.db
      .selectFrom('stored_file_chunks')
      .select('data')
      .where('storage_key', '=', key)
      .where('kind', '=', kind)
      .where('seq', '=', seq)
      .executeTakeFirst();
    return row ? Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength) : undefined;
  }

  /** The pieces in order, one query each, so a reader holds one piece at a time. */
  private async *chunks(key: string, kind: StoredKind): AsyncGenerator<Buffer> {
    for (let seq = 0; ; seq++) {
      const data = await this.chunk(key, kind, seq);
      if (!data) return;
      yield data;
    }
  }
}
