import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * A real S3-compatible server on 127.0.0.1 (s3rver: S3's HTTP API over a local folder), for
 * tests of the AWS SDK calls FILE_STORAGE=s3 makes. Not S3's own behaviour (consistency,
 * permissions), which an operator's provider defines.
 */
export async function startS3Server(bucket: string) {
  const directory = mkdtempSync(path.join(tmpdir(), 'behavio-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    /** The settings a process needs for the bucket (s3rver's fixed credentials). */
    env: {
      FILE_STORAGE: 's3',
      S3_URL: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    /** The objects in the bucket, by name (s3rver keeps each as a folder of its own). */
    directory: path.join(directory, bucket),
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
