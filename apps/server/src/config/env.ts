import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

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
  MAX_UPLOAD_MB: positiveInt(100),
  MAX_UPLOAD_ROWS: positiveInt(2_000_000),
  UPLOAD_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(8000),
  RUN_WORKER: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  WEB_DIST_DIR: z.string().trim().min(1).optional(),
});

export type Env = z.input<typeof envSchema>;

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
  rateLimit: { ipPerMinute: number; emailPerMinute: number };
  maxUploadBytes: number;
  maxUploadRows: number;
  uploadWaitMs: number;
  runWorker: boolean;
  webDistDir: string | undefined;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The secret is generated once and kept in DATA_DIR, so tokens survive restarts without setup. */
function loadOrCreateJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Reads and validates the environment once; every other module takes a Config. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
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
    jwtSecret: e.JWT_SECRET ?? loadOrCreateJwtSecret(dataDir),
    jwtTtlMinutes: e.JWT_TTL_MINUTES,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    appName: e.APP_NAME,
    logLevel: e.LOG_LEVEL,
    rateLimit: {
      ipPerMinute: e.RATE_LIMIT_IP_PER_MINUTE,
      emailPerMinute: e.RATE_LIMIT_EMAIL_PER_MINUTE,
    },
    maxUploadBytes: e.MAX_UPLOAD_MB * 1024 * 1024,
    maxUploadRows: e.MAX_UPLOAD_ROWS,
    uploadWaitMs: e.UPLOAD_WAIT_MS,
    runWorker: e.RUN_WORKER,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
  };
}
