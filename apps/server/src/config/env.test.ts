import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.js';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'behavio-config-'));

describe('loadConfig', () => {
  it('runs on embedded defaults, leaving the JWT secret to the database', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first).toMatchObject({
      jwtSecret: undefined,
      fileStorage: 'disk',
      trustProxy: false,
      metricsToken: undefined,
      port: 3000,
      databaseUrl: undefined,
      smtpUrl: undefined,
      appName: 'Behavio',
      publicUrl: 'http://localhost:3000',
      maxUploadBytes: 100 * 1024 * 1024,
      maxUploadRows: 2_000_000,
      imports: { concurrency: 2, scoringThreads: 1 },
      alertDigestCron: '0 7 * * *',
    });
  });

  it.each([
    ['30 6 * * 1-5', '30 6 * * 1-5'],
    ['  0   7 * *   *  ', '0 7 * * *'],
    ['*/15 8-18/2 1,15 jan-mar MON-fri', '*/15 8-18/2 1,15 jan-mar MON-fri'],
    ['0 7 * * 7', '0 7 * * 7'],
  ])('takes the digest schedule %j', (value, kept) => {
    expect(loadConfig({ DATA_DIR: tempDir(), ALERT_DIGEST_CRON: value }).alertDigestCron).toBe(
      kept,
    );
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must start with postgres:// or postgresql://'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 32 characters long'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL must start with smtp:// or smtps://'],
    [{ PUBLIC_URL: 'localhost:3000' }, 'PUBLIC_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ MAX_UPLOAD_MB: '0' }, 'MAX_UPLOAD_MB'],
    [{ RM_LIST_CACHE_MB: '-1' }, 'RM_LIST_CACHE_MB'],
    [{ RM_LIST_CACHE_MB: 'lots' }, 'RM_LIST_CACHE_MB'],
    [{ IMPORT_SCORING_THREADS: '-1' }, 'IMPORT_SCORING_THREADS'],
    [{ IMPORT_SCORING_THREADS: '17' }, 'IMPORT_SCORING_THREADS'],
    [{ IMPORT_SCORING_THREADS: '1.5' }, 'IMPORT_SCORING_THREADS'],
    [{ IMPORT_SCORING_THREADS: 'two' }, 'IMPORT_SCORING_THREADS'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY must be false, a hop count, or a comma-separated list'],
    [{ TRUST_PROXY: '10.0.0.1,proxy.local' }, 'not proxy.local'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN must be at least 16 characters long'],
    [{ FILE_STORAGE: 's3' }, 'S3_BUCKET is required when FILE_STORAGE is s3'],
    [{ FILE_STORAGE: 'nfs' }, 'FILE_STORAGE'],
    [{ S3_BUCKET: 'b', S3_URL: 'ftp://store' }, 'S3_URL must start with http:// or https://'],
    [{ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'key' }, 'are set together'],
    [{ ALERT_DIGEST_CRON: '0 7 * *' }, 'ALERT_DIGEST_CRON must be a cron expression in UTC'],
    [{ ALERT_DIGEST_CRON: 'daily' }, 'it has 1 field, not 5'],
    [{ ALERT_DIGEST_CRON: '0 25 * * *' }, '"25" is not a valid hour (0-23)'],
    [{ ALERT_DIGEST_CRON: '60 7 * * *' }, '"60" is not a valid minute (0-59)'],
    [{ ALERT_DIGEST_CRON: '0 7 0 * *' }, '"0" is not a valid day of month (1-31)'],
    [{ ALERT_DIGEST_CRON: '0 7 * 13 *' }, '"13" is not a valid month (1-12)'],
    [{ ALERT_DIGEST_CRON: '0 7 * * 8' }, '"8" is not a valid day of week (0-7)'],
    [{ ALERT_DIGEST_CRON: '0 9-5 * * *' }, '"9-5" is not a valid hour'],
    [{ ALERT_DIGEST_CRON: '*/0 7 * * *' }, '"*/0" is not a valid minute'],
    [{ ALERT_DIGEST_CRON: '0 7 * * mon,,fri' }, '"" is not a valid day of week'],
    [{ ALERT_DIGEST_CRON: '0 7 L * *' }, '"L" is not a valid day of month'],
  ])('refuses %j with a message naming the variable', (env, text) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrow(text);
  });

  it('keeps files in S3 when a bucket is given, with or without DATABASE_URL', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      DATABASE_URL: 'postgresql://u@db/behavio',
      S3_URL: 'http://127.0.0.1:9000',
      S3_BUCKET: 'behavio-files',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config).toMatchObject({
      fileStorage: 's3',
      s3: {
        endpoint: 'http://127.0.0.1:9000',
        bucket: 'behavio-files',
        region: 'us-east-1',
        credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      },
    });
    // FILE_STORAGE still decides: a bucket configured but not chosen stays unused.
    expect(
      loadConfig({ DATA_DIR: tempDir(), S3_BUCKET: 'behavio-files', FILE_STORAGE: 'disk' })
        .fileStorage,
    ).toBe('disk');
  });

  it('uses the given values', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      PORT: '8080',
      JWT_SECRET: 'x'.repeat(40),
      PUBLIC_URL: 'https://app.example.com/',
      APP_NAME: 'Acme Insights',
      DATABASE_URL: 'postgresql://u@db/behavio',
      RM_LIST_CACHE_MB: '0',
      TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,loopback',
      IMPORT_SCORING_THREADS: '0',
    });
    expect(config).toMatchObject({
      fileStorage: 'database',
      trustProxy: ['10.0.0.1', '10.1.0.0/16', 'loopback'],
      rmListCacheBytes: 0,
      port: 8080,
      jwtSecret: 'x'.repeat(40),
      publicUrl: 'https://app.example.com',
      appName: 'Acme Insights',
      databaseUrl: 'postgresql://u@db/behavio',
      imports: { scoringThreads: 0 },
    });
  });
});
