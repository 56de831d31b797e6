import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { DeleteObjectsCommand, GetObjectCommand, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../../config/env.js';
import { FileStorage, type LocalFile } from './file-storage.js';

/** Multipart pieces of 8 MiB (S3's minimum is 5): a 100 MB upload is 13 parts, 4 in flight. */
const PART_BYTES = 8 * 1024 * 1024;

/**
 * Uploads and reports kept in an S3-compatible bucket (`FILE_STORAGE=s3`), so the database stays
 * small and any API or worker process reads what another wrote (docs/decisions/0004). As with
 * `DatabaseFileStorage`, DATA_DIR only holds short-lived local copies. Objects are named
 * `uploads/<firm>/<file>` and `reports/<firm>/<file>.csv`; both are streamed, never held whole.
 */
export class S3FileStorage extends FileStorage {
  private readonly client: S3Client;

  constructor(
    scratchDir: string,
    private readonly s3: S3Config,
  ) {
    super(scratchDir);
    this.client = new S3Client({
      region: s3.region,
      endpoint: s3.endpoint,
      // S3-compatible servers address buckets by path, not by host name.
      forcePathStyle: s3.endpoint !== undefined,
      credentials: s3.credentials,
    });
  }

  override async keepUpload(key: string): Promise<void> {
    await this.put(uploadObject(key), this.uploadPath(key));
    await rm(this.uploadPath(key), { force: true });
  }

  override async openUpload(key: string): Promise<LocalFile> {
    // A name of its own: a retry on this host must not read a copy another attempt is writing.
    const copy = `${this.uploadPath(key)}.${randomUUID()}`;
    try {
      const body = await this.get(uploadObject(key));
      if (!body) throw new Error(`the upload ${key} is not in the bucket`);
      await this.write(copy, body);
    } catch (error) {
      await rm(copy, { force: true });
      throw error;
    }
    return { path: copy, release: () => rm(copy, { force: true }) };
  }

  override async keepReport(key: string): Promise<void> {
    await this.put(reportObject(key), this.reportPath(key));
    await rm(this.reportPath(key), { force: true });
  }

  override async readReport(key: string): Promise<Readable | undefined> {
    return this.get(reportObject(key));
  }

  override async remove(key: string): Promise<void> {
    await this.client.send(
      new DeleteObjectsCommand({
        Bucket: this.s3.bucket,
        Delete: { Objects: [{ Key: uploadObject(key) }, { Key: reportObject(key) }] },
      }),
    );
    await super.remove(key);
  }

  /** Streams a local file into the bucket, in parts; a failed upload leaves no object. */
  private async put(object: string, file: string): Promise<void> {
    await new Upload({
      client: this.client,
      params: { Bucket: this.s3.bucket, Key: object, Body: createReadStream(file) },
      partSize: PART_BYTES,
      leavePartsOnError: false,
    }).done();
  }

  /** The object as a stream, or undefined when there is none. */
  private async get(object: string): Promise<Readable | undefined> {
    try {
      const res = await this.client.send(
        new GetObjectCommand({ Bucket: this.s3.bucket, Key: object }),
      );
      return res.Body as Readable;
    } catch (error) {
      if (error instanceof NoSuchKey) return undefined;
      throw error;
    }
  }
}

const uploadObject = (key: string) => `uploads/${key}`;
const reportObject = (key: string) => `reports/${key}.csv`;
