import path from 'node:path';
import { z } from 'zod';

const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : ['1', 'true', 'yes'].includes(v)));

/** Every environment variable the server reads, parsed once. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** The login role requests are served through (not the owner); default: DATABASE_URL as kontor_app_login. */
  DATABASE_APP_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Kontor <no-reply@kontor.local>'),
  APP_URL: z.string().url().optional(),
  REDIS_URL: z.string().optional(),
  DEMO: flag,
  NODE_ENV: z.string().default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: flag,
  /** Multiplies every per-minute rate limit; end-to-end tests from one address raise it. */
  RATE_LIMIT_FACTOR: z.coerce.number().min(1).max(10_000).default(1),
});

export type Config = Readonly<{
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databaseAppUrl: string | undefined;
  databasePoolSize: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  appUrl: string;
  redisUrl: string | undefined;
  demo: boolean;
  production: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDist: string;
  trustProxy: boolean;
  rateLimitFactor: number;
}>;

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    // npm runs workspace scripts inside their package; a relative DATA_DIR means the caller's folder.
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseAppUrl: e.DATABASE_APP_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    redisUrl: e.REDIS_URL || undefined,
    demo: e.DEMO ?? true,
    production: e.NODE_ENV === 'production',
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    trustProxy: e.TRUST_PROXY ?? false,
    rateLimitFactor: e.RATE_LIMIT_FACTOR,
  };
};

/** A configuration for tests and tools: defaults plus overrides, no process environment. */
export const testConfig = (overrides: Partial<Config> = {}): Config => ({
  ...loadConfig({ DEMO: '0', LOG_LEVEL: 'silent', NODE_ENV: 'test' }),
  ...overrides,
});
