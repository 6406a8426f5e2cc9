import path from 'node:path';
import { z } from 'zod';
import { parseStorageUrl, type S3Settings } from './storage/storage-url';

const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : ['1', 'true', 'yes'].includes(v)));

/** Every environment variable the server reads, parsed once. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Without it: 127.0.0.1 in development (nothing reachable from the network), 0.0.0.0 in production. */
  HOST: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** The login role requests are served through (not the owner); default: DATABASE_URL as kontor_app_login. */
  DATABASE_APP_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^\d{1,6}(kB|MB|GB)$/, 'e.g. 32MB')
    .default('32MB'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Kontor <no-reply@kontor.local>'),
  APP_URL: z.string().url().optional(),
  REDIS_URL: z.string().optional(),
  DEMO: flag,
  NODE_ENV: z.string().default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: z.string().optional(),
  /** Multiplies every per-minute rate limit; end-to-end tests from one address raise it. */
  RATE_LIMIT_FACTOR: z.coerce.number().min(1).max(10_000).default(1),
  /** S3-compatible file storage (storage/storage-url.ts); without it files live under DATA_DIR/files. */
  STORAGE_URL: z.string().optional(),
  /** HMAC key of the local driver's signed file URLs; generated under DATA_DIR outside production. */
  FILE_URL_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  /** The largest file an environment may upload, in bytes (default 2 GiB). */
  FILE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(5 * 1024 ** 4)
    .default(2 * 1024 ** 3),
  /** The bytes all files of one environment may take together (default 20 GiB). */
  FILE_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(1024 ** 5)
    .default(20 * 1024 ** 3),
});

export type Config = Readonly<{
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databaseAppUrl: string | undefined;
  databasePoolSize: number;
  /** PGlite's shared buffers (PostgreSQL syntax): small by default, as they are resident from the start. */
  pgliteSharedBuffers: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  appUrl: string;
  redisUrl: string | undefined;
  demo: boolean;
  production: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDist: string;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses/CIDRs. Never `true`. */
  trustProxy: false | number | string[];
  rateLimitFactor: number;
  /** S3 settings from STORAGE_URL; undefined: the local driver under DATA_DIR/files. */
  s3: S3Settings | undefined;
  fileUrlSecret: string | undefined;
  /** Per environment: the largest file and the total of all files, in bytes. */
  fileLimits: Readonly<{ maxFileBytes: number; quotaBytes: number }>;
}>;

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const problems: string[] = [];
  // Without a transport the mails (reset links among them) would reach only the log.
  if (production && !e.SMTP_URL) problems.push('  SMTP_URL: required in production');
  const trustProxy = parseTrustProxy(e.TRUST_PROXY ?? '');
  if ('error' in trustProxy) problems.push(`  TRUST_PROXY: ${trustProxy.error}`);
  const storage = e.STORAGE_URL ? parseStorageUrl(e.STORAGE_URL) : undefined;
  if (storage && 'error' in storage) problems.push(`  STORAGE_URL: ${storage.error}`);
  // A secret generated on the machine would differ between instances and vanish with a container.
  if (production && !e.STORAGE_URL && !e.FILE_URL_SECRET) {
    problems.push('  FILE_URL_SECRET: required in production with the local file storage');
  }
  if (problems.length > 0) throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  return {
    port: e.PORT,
    host: e.HOST || (production ? '0.0.0.0' : '127.0.0.1'),
    // npm runs workspace scripts inside their package; a relative DATA_DIR means the caller's folder.
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseAppUrl: e.DATABASE_APP_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    redisUrl: e.REDIS_URL || undefined,
    // A demo account on a production server is an open door: only when asked for there.
    demo: e.DEMO ?? !production,
    production,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    trustProxy: 'error' in trustProxy ? false : trustProxy.value,
    rateLimitFactor: e.RATE_LIMIT_FACTOR,
    s3: storage && 'value' in storage ? storage.value : undefined,
    fileUrlSecret: e.FILE_URL_SECRET || undefined,
    fileLimits: { maxFileBytes: e.FILE_MAX_BYTES, quotaBytes: e.FILE_QUOTA_BYTES },
  };
};

const ipOrCidr = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-fA-F:]+)(\/\d{1,3})?$/;

/**
 * TRUST_PROXY: empty or 0 trusts no proxy; a number trusts that many hops (the client address is
 * the one the nearest untrusted hop reported); otherwise a comma-separated list of the proxies'
 * addresses or CIDRs. A bare `true` would believe the left-most X-Forwarded-For, which any client
 * writes, so it is refused.
 */
export const parseTrustProxy = (raw: string): { value: Config['trustProxy'] } | { error: string } => {
  const value = raw.trim();
  if (value === '' || value === '0' || value === 'false' || value === 'no') return { value: false };
  if (/^\d{1,2}$/.test(value)) return { value: Number(value) };
  const entries = value
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  if (entries.length > 0 && entries.every((x) => ipOrCidr.test(x))) return { value: entries };
  return { error: `"${value}" is neither a hop count nor proxy addresses/CIDRs (e.g. 1 or 10.0.0.2,10.0.1.0/24)` };
};

/** A configuration for tests and tools: defaults plus overrides, no process environment. */
export const testConfig = (overrides: Partial<Config> = {}): Config => ({
  ...loadConfig({ DEMO: '0', LOG_LEVEL: 'silent', NODE_ENV: 'test' }),
  ...overrides,
});
