import { isIP } from 'node:net';
import path from 'node:path';
import type { BillingCycle, PaidPlan } from '@behavio/contract';
import { z } from 'zod';
import { cronProblem } from './cron.js';

const optionalUrl = (protocols: string[], name: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(p)), {
      message: `${name} must start with ${protocols.join(' or ')}`,
    });

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const optionalString = () =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined));

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * Which peers may say who the client is (X-Forwarded-For): off, a hop count (the last N proxies
 * in front of the app), or the load balancers' addresses. `true` (any peer) is refused: then
 * every client could choose its own address, and with it its rate limit.
 */
const trustProxySchema = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx): TrustProxy => {
    if (!v || v === 'false' || v === '0') return false;
    if (/^\d+$/.test(v)) return Number(v);
    const entries = v.split(',').map((e) => e.trim());
    const bad = entries.filter(
      (e) => !PROXY_RANGE_NAMES.includes(e) && isIP(e.replace(/\/\d+$/, '')) === 0,
    );
    if (bad.length > 0 || entries.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: `TRUST_PROXY must be false, a hop count, or a comma-separated list of addresses or CIDR ranges (not ${bad.join(', ') || v})`,
      });
      return z.NEVER;
    }
    return entries;
  });

export type TrustProxy = false | number | string[];

/** With STRIPE_SECRET_KEY set, Stripe is the payment provider and these must be set too. */
const STRIPE_REQUIRED = [
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_PRO_MONTHLY',
  'STRIPE_PRICE_PRO_YEARLY',
  'STRIPE_PRICE_BUSINESS_MONTHLY',
  'STRIPE_PRICE_BUSINESS_YEARLY',
] as const;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalUrl(['postgres://', 'postgresql://'], 'DATABASE_URL'),
  JWT_SECRET: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || v.length >= 32, {
      message: 'JWT_SECRET must be at least 32 characters long',
    }),
  JWT_TTL_MINUTES: positiveInt(12 * 60),
  SMTP_URL: optionalUrl(['smtp://', 'smtps://'], 'SMTP_URL'),
  MAIL_FROM: z.string().trim().min(3).default('Behavio <no-reply@behavio.local>'),
  PUBLIC_URL: optionalUrl(['http://', 'https://'], 'PUBLIC_URL'),
  APP_NAME: z.string().trim().min(1).max(60).default('Behavio'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_IP_PER_MINUTE: positiveInt(30),
  RATE_LIMIT_EMAIL_PER_MINUTE: positiveInt(10),
  RATE_LIMIT_API_KEY_PER_MINUTE: positiveInt(60),
  MAX_UPLOAD_MB: positiveInt(100),
  MAX_UPLOAD_ROWS: positiveInt(2_000_000),
  UPLOAD_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(8000),
  RM_LIST_CACHE_MB: z.coerce.number().int().min(0).max(16_384).default(64),
  RUN_WORKER: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  WEB_DIST_DIR: z.string().trim().min(1).optional(),
  METRICS_TOKEN: optionalString().refine((v) => v === undefined || v.length >= 16, {
    message: 'METRICS_TOKEN must be at least 16 characters long',
  }),
  TRUST_PROXY: trustProxySchema,
  IMPORT_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  IMPORT_STALE_SECONDS: z.coerce.number().int().min(3).max(600).default(30),
  IMPORT_SCORING_THREADS: z.coerce.number().int().min(0).max(16).default(1),
  FILE_STORAGE: z.enum(['database', 'disk', 's3']).optional(),
  S3_URL: optionalUrl(['http://', 'https://'], 'S3_URL'),
  S3_BUCKET: optionalString(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString(),
  S3_SECRET_ACCESS_KEY: optionalString(),
  STRIPE_SECRET_KEY: optionalString(),
  STRIPE_WEBHOOK_SECRET: optionalString(),
  STRIPE_PRICE_PRO_MONTHLY: optionalString(),
  STRIPE_PRICE_PRO_YEARLY: optionalString(),
  STRIPE_PRICE_BUSINESS_MONTHLY: optionalString(),
  STRIPE_PRICE_BUSINESS_YEARLY: optionalString(),
  STRIPE_API_BASE: optionalUrl(['http://', 'https://'], 'STRIPE_API_BASE'),
  PAYMENTS_PROVIDER: z
    .enum(['stripe', 'offline'], { error: 'PAYMENTS_PROVIDER must be stripe or offline' })
    .optional(),
  /** Only `production` matters here: payments must then be chosen explicitly (docs/billing.md). */
  NODE_ENV: optionalString(),
  ALERT_DIGEST_CRON: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v.replace(/\s+/g, ' ') : '0 7 * * *'))
    .superRefine((v, ctx) => {
      const problem = cronProblem(v);
      if (problem)
        ctx.addIssue({
          code: 'custom',
          message: `ALERT_DIGEST_CRON must be a cron expression in UTC such as "0 7 * * *" (07:00 daily): ${problem}`,
        });
    }),
});

/**
 * Stripe's variables come together: with the key set, the rest must be too. PAYMENTS_PROVIDER
 * must agree with the key: stripe needs it, offline (no money moves) refuses it.
 */
const checkedEnvSchema = envSchema.superRefine((env, ctx) => {
  if (env.FILE_STORAGE === 's3' && !env.S3_BUCKET)
    ctx.addIssue({
      code: 'custom',
      path: ['S3_BUCKET'],
      message: 'S3_BUCKET is required when FILE_STORAGE is s3',
    });
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY))
    ctx.addIssue({
      code: 'custom',
      path: ['S3_SECRET_ACCESS_KEY'],
      message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together',
    });
  if (env.PAYMENTS_PROVIDER === 'stripe' && !env.STRIPE_SECRET_KEY)
    ctx.addIssue({
      code: 'custom',
      path: ['STRIPE_SECRET_KEY'],
      message: 'STRIPE_SECRET_KEY is required when PAYMENTS_PROVIDER is stripe',
    });
  if (env.PAYMENTS_PROVIDER === 'offline' && env.STRIPE_SECRET_KEY)
    ctx.addIssue({
      code: 'custom',
      path: ['PAYMENTS_PROVIDER'],
      message: 'PAYMENTS_PROVIDER=offline cannot be used with STRIPE_SECRET_KEY set',
    });
  if (!env.STRIPE_SECRET_KEY) return;
  for (const name of STRIPE_REQUIRED)
    if (!env[name])
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `${name} is required when STRIPE_SECRET_KEY is set`,
      });
});

/**
 * Which payment provider runs subscriptions: Stripe when configured; the offline checkout
 * (no money moves) when asked for, or by default on a development embedded database only (not
 * with NODE_ENV=production); otherwise none, and buying a plan answers 503 (docs/billing.md).
 */
export type BillingConfig =
  | { provider: 'none' }
  | { provider: 'local'; reason: 'PAYMENTS_PROVIDER=offline' | 'embedded database' }
  | {
      provider: 'stripe';
      secretKey: string;
      webhookSecret: string;
      prices: Record<PaidPlan, Record<BillingCycle, string>>;
      /** A stand-in for the Stripe API (tests): where the client sends its requests. */
      apiBase: { protocol: 'http' | 'https'; host: string; port: number } | undefined;
    };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string;
  jwtTtlMinutes: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  appName: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  rateLimit: { ipPerMinute: number; emailPerMinute: number; apiKeyPerMinute: number };
  maxUploadBytes: number;
  maxUploadRows: number;
  uploadWaitMs: number;
  /** Bytes of RM list responses kept per process (0: no cache). */
  rmListCacheBytes: number;
  runWorker: boolean;
  webDistDir: string | undefined;
  billing: BillingConfig;
  /** Bearer token of GET /api/metrics; unset, the endpoint does not exist. */
  metricsToken: string | undefined;
  trustProxy: TrustProxy;
  imports: ImportConfig;
  /** Where uploads and reports are kept: PostgreSQL, DATA_DIR or S3 (docs/decisions/0004). */
  fileStorage: 'database' | 'disk' | 's3';
  /** The S3-compatible bucket, when fileStorage is s3. */
  s3: S3Config | undefined;
  /** When the digest of unread alerts is emailed: five-field cron, UTC (docs/alert-digest.md). */
  alertDigestCron: string;
}

export interface S3Config {
  /** An S3-compatible server's address; unset, AWS's own endpoint for the region. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Unset: the AWS SDK's default chain (environment, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

export interface ImportConfig {
  /** Imports one process runs at once (a firm's run one at a time). */
  concurrency: number;
  /** An import whose worker has not said it is alive for this long is retried. */
  staleSeconds: number;
  /**
   * Worker threads that score each import's rows beside its parser (0: in the import's own
   * thread). Each running import has its own, so a process uses up to concurrency x this many.
   */
  scoringThreads: number;
}

/**
 * The configuration as the environment gives it: without JWT_SECRET, the secret is generated
 * once and kept in the database (`withStoredJwtSecret`), so every process agrees on it.
 */
export type EnvConfig = Omit<Config, 'jwtSecret'> & { jwtSecret: string | undefined };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the environment once; every other module takes a Config. */
export function loadConfig(env: Record<string, string | undefined> = process.env): EnvConfig {
  const parsed = checkedEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    jwtTtlMinutes: e.JWT_TTL_MINUTES,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    appName: e.APP_NAME,
    logLevel: e.LOG_LEVEL,
    rateLimit: {
      ipPerMinute: e.RATE_LIMIT_IP_PER_MINUTE,
      emailPerMinute: e.RATE_LIMIT_EMAIL_PER_MINUTE,
      apiKeyPerMinute: e.RATE_LIMIT_API_KEY_PER_MINUTE,
    },
    maxUploadBytes: e.MAX_UPLOAD_MB * 1024 * 1024,
    maxUploadRows: e.MAX_UPLOAD_ROWS,
    uploadWaitMs: e.UPLOAD_WAIT_MS,
    rmListCacheBytes: e.RM_LIST_CACHE_MB * 1024 * 1024,
    runWorker: e.RUN_WORKER,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    billing: billingConfig(e),
    metricsToken: e.METRICS_TOKEN,
    trustProxy: e.TRUST_PROXY,
    imports: {
      concurrency: e.IMPORT_CONCURRENCY,
      staleSeconds: e.IMPORT_STALE_SECONDS,
      scoringThreads: e.IMPORT_SCORING_THREADS,
    },
    fileStorage: e.FILE_STORAGE ?? (e.S3_BUCKET ? 's3' : e.DATABASE_URL ? 'database' : 'disk'),
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_URL,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
        }
      : undefined,
    alertDigestCron: e.ALERT_DIGEST_CRON,
  };
}

function billingConfig(e: z.infer<typeof envSchema>): BillingConfig {
  if (!e.STRIPE_SECRET_KEY) {
    // In production (NODE_ENV=production, on either database, as the Docker image runs) or on
    // a PostgreSQL server, giving every admin a free paid plan must be asked for, never the
    // result of a forgotten variable. Only a development embedded database defaults to it.
    if (e.PAYMENTS_PROVIDER === 'offline')
      return { provider: 'local', reason: 'PAYMENTS_PROVIDER=offline' };
    return e.DATABASE_URL || e.NODE_ENV === 'production'
      ? { provider: 'none' }
      : { provider: 'local', reason: 'embedded database' };
  }
  const required = (v: string | undefined) => v ?? '';
  let apiBase: Extract<BillingConfig, { provider: 'stripe' }>['apiBase'];
  if (e.STRIPE_API_BASE) {
    const url = new URL(e.STRIPE_API_BASE);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    apiBase = {
      protocol,
      host: url.hostname,
      port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    };
  }
  return {
    provider: 'stripe',
    secretKey: e.STRIPE_SECRET_KEY,
    webhookSecret: required(e.STRIPE_WEBHOOK_SECRET),
    prices: {
      pro: {
        monthly: required(e.STRIPE_PRICE_PRO_MONTHLY),
        yearly: required(e.STRIPE_PRICE_PRO_YEARLY),
      },
      business: {
        monthly: required(e.STRIPE_PRICE_BUSINESS_MONTHLY),
        yearly: required(e.STRIPE_PRICE_BUSINESS_YEARLY),
      },
    },
    apiBase,
  };
}
