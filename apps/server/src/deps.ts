import type { Redis } from 'ioredis';
import type { Background } from './background';
import type { Config } from './config';
import type { Database } from './db/client';
import type { GuardLookups } from './http/access';
import type { MailService } from './mail/mail.service';
import type { TxtResolver } from './net/dns';
import type { AnyStorage } from './storage/create-storage';

/** Everything a request handler may reach, built once by main.ts (or a test) and given to buildApp. */
export type AppDeps = Readonly<{
  config: Config;
  database: Database;
  mail: MailService;
  guards: GuardLookups;
  background: Background;
  /**
   * Shared state of several server processes (REDIS_URL): rate limits and the login limiter count
   * there. Without it they count in this process's memory (the embedded default).
   */
  redis: Redis | null;
  /** Where the bytes of files live (local directory or S3). */
  storage: AnyStorage;
  /** Injectable so tests can move time (token expiry, lockouts). */
  now: () => Date;
  /** DNS TXT lookups (website host verification, issue 30 item 2); tests give a double. */
  resolveTxt: TxtResolver;
}>;

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
