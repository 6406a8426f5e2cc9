import type { Redis } from 'ioredis';
import { createBackground } from './background';
import type { Config } from './config';
import { type Database, type OwnerQuery, openDatabase } from './db/client';
import type { AppDeps } from './deps';
import { buildShippedSortIndexes } from './engine/sort-indexes';
import { userBySessionHash } from './features/auth/auth.service';
import { sortFieldsStartTask, syncSortFieldsEverywhere } from './features/data-structures/data-structures.service';
import {
  envAccess,
  onEnvironmentCreated,
  publicEnvironment,
  syncPresets,
  userWithEnv,
  userWithEnvOpening,
} from './features/environments/environments.service';
import { createMainDirectory } from './features/files/files.service';
import { seedEnvironmentRecords } from './features/records/seed';
import { createMailService, type MailWorkerOptions } from './mail/mail.service';
import { consoleTransport, type MailTransport, smtpTransport } from './mail/transport';
import { systemTxtResolver, type TxtResolver } from './net/dns';
import { type AnyStorage, createStorage } from './storage/create-storage';

export type BootstrapOptions = Readonly<{
  database?: Database;
  transport?: MailTransport;
  now?: () => Date;
  mail?: Partial<Pick<MailWorkerOptions, 'pollMs' | 'baseDelayMs' | 'maxDelayMs' | 'maxAttempts'>>;
  log?: (line: string) => void;
  /** A Redis client instead of one made from REDIS_URL (tests give one with its own key prefix). */
  redis?: Redis | null;
  storage?: AnyStorage;
  /** DNS TXT lookups instead of the system resolver (tests of the host verification, issue 30). */
  resolveTxt?: TxtResolver;
}>;

/** Builds the dependencies of the app from the configuration: database, mail worker, guards. */
export const createDeps = async (config: Config, options: BootstrapOptions = {}): Promise<AppDeps> => {
  const database =
    options.database ??
    (await openDatabase({
      url: config.databaseUrl,
      appUrl: config.databaseAppUrl,
      dataDir: config.databaseUrl ? undefined : config.dataDir,
      poolSize: config.databasePoolSize,
      sharedBuffers: config.pgliteSharedBuffers,
    }));
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((line: string) => console.log(line));
  const transport = options.transport ?? (config.smtpUrl ? smtpTransport(config.smtpUrl) : consoleTransport(log));
  const mail = createMailService({
    db: database.db,
    transport,
    from: config.mailFrom,
    now,
    log: { warn: (obj, msg) => log(`${msg} ${JSON.stringify(obj)}`) },
    ...options.mail,
  });
  const redis =
    options.redis !== undefined
      ? options.redis
      : config.redisUrl
        ? // Imported only when configured: ioredis costs start time that a single process never uses.
          new (await import('ioredis')).Redis(config.redisUrl, { keyPrefix: 'kontor:', maxRetriesPerRequest: 2 })
        : null;
  const deps: AppDeps = {
    config,
    database,
    mail,
    redis,
    now,
    resolveTxt: options.resolveTxt ?? systemTxtResolver,
    storage: options.storage ?? (await createStorage(config, { now })),
    background: createBackground((obj, msg) => log(`${msg} ${JSON.stringify(obj)}`)),
    guards: {
      userBySessionHash: (hash) => userBySessionHash(deps, hash),
      envAccess: (userId, slug) => envAccess(deps, userId, slug),
      publicEnv: (key) => publicEnvironment(deps, key),
      userWithEnv: (hash, slug) => userWithEnv(deps, hash, slug),
      userWithEnvOpening: (hash, slug) => userWithEnvOpening(deps, hash, slug),
    },
  };
  await syncPresets(deps);
  onEnvironmentCreated(seedEnvironmentRecords);
  onEnvironmentCreated(createMainDirectory);
  await startSchemaWork(deps);
  return deps;
};

/**
 * What a start does to the schema after the migrations, under their advisory lock (PostgreSQL), so
 * processes started in the same tick take turns instead of racing (issue 28 item 5): the shipped
 * types' sort indexes (a plain build as the table owner without a statement timeout: on a new
 * database the table is empty; the housekeeping drops what is no longer needed, online), and the
 * one-time tasks not yet done. On PGlite one process owns the data directory (server-lock.ts), and
 * its owner work holds the only connection, so the task runs after it.
 */
const startSchemaWork = async (deps: AppDeps) => {
  const { database } = deps;
  const task = sortFieldsStartTask();
  const done = async (query: OwnerQuery) =>
    (await query('SELECT 1 FROM kontor_start_tasks WHERE name = $1', [task])).length > 0;
  const mark = (query: OwnerQuery) =>
    query('INSERT INTO kontor_start_tasks (name) VALUES ($1) ON CONFLICT DO NOTHING', [task]);
  if (database.kind === 'postgres') {
    await database.asOwner(
      async (query) => {
        await buildShippedSortIndexes(query, false);
        if (await done(query)) return;
        await syncSortFieldsEverywhere(deps);
        await mark(query);
      },
      { startLock: true },
    );
    return;
  }
  const pending = await database.asOwner(async (query) => {
    await buildShippedSortIndexes(query, false);
    return !(await done(query));
  });
  if (!pending) return;
  await syncSortFieldsEverywhere(deps);
  await database.asOwner(mark);
};
