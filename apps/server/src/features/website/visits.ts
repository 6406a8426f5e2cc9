import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { type EnvScope, trustedEnvId, withEnv } from '../../db/env-scope';
import { daySalt, websiteRepo } from './website.repo';

/**
 * Visitor statistics without cookies and without storing addresses: a visitor is the SHA-256 of
 * the day's salt, the environment, the client address and its user agent. The salt is random,
 * made once per day (stored so every server process uses the same) and deleted the next day, so a
 * stored hash can never be traced back to an address. Counts are gathered in memory and written
 * in batches (every few seconds, before the statistics are read, and on shutdown), so a page view
 * costs no database write.
 */
type Pending = { day: string; hits: number; hashes: Set<string> };
const pending = new Map<string, Pending>();
let salt: { day: string; value: Promise<string> } | undefined;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

const saltFor = (db: Db, day: string): Promise<string> => {
  if (salt?.day !== day) {
    const value = daySalt(db, day, randomBytes(32).toString('base64'));
    salt = { day, value };
    value.catch(() => {
      salt = undefined;
    });
  }
  return salt.value;
};

const botAgent = /bot|crawler|spider|slurp|facebookexternalhit|preview/i;

/** Counts one page view of an environment's site (bots and prefetches are not visits). */
export const countVisit = async (
  db: Db,
  envId: string,
  request: Readonly<{ ip: string; userAgent: string; prefetch: boolean }>,
  now: Date,
): Promise<void> => {
  if (request.prefetch || botAgent.test(request.userAgent)) return;
  const day = isoDay(now);
  const dailySalt = await saltFor(db, day);
  const hash = createHash('sha256')
    .update(`${dailySalt}\n${envId}\n${request.ip}\n${request.userAgent}\n${day}`)
    .digest('base64url')
    .slice(0, 32);
  let entry = pending.get(envId);
  if (entry && entry.day !== day) {
    // Another day began: this entry is written by the next flush; a new one starts.
    pending.set(`${envId}|${entry.day}`, entry);
    entry = undefined;
  }
  if (!entry) {
    entry = { day, hits: 0, hashes: new Set() };
    pending.set(envId, entry);
  }
  entry.hits++;
  if (entry.hashes.size < 50_000) entry.hashes.add(hash);
};

const take = (key: string) => {
  const entry = pending.get(key);
  pending.delete(key);
  return entry;
};

const write = async (scope: EnvScope, entry: Pending) =>
  websiteRepo(scope).addVisits(entry.day, entry.hits, [...entry.hashes]);

/** Background writes under way, per environment: the statistics wait for them before they read. */
const writing = new Map<string, Promise<unknown>>();

/** Writes the pending counts of the scope's environment (the statistics call reads them next). */
export const flushVisits = async (scope: EnvScope): Promise<void> => {
  await writing.get(scope.envId);
  for (const key of [...pending.keys()].filter((k) => k === scope.envId || k.startsWith(`${scope.envId}|`))) {
    const entry = take(key);
    if (entry) await write(scope, entry);
  }
};

/** Writes every pending count; a failure puts nothing back (statistics are not worth a retry storm). */
export const flushAllVisits = async (db: Db): Promise<void> => {
  for (const key of [...pending.keys()]) {
    const entry = take(key);
    const envId = key.split('|')[0] ?? key;
    if (!entry) continue;
    const done = withEnv(db, trustedEnvId(envId), null, (scope) => write(scope, entry)).catch(() => undefined);
    writing.set(envId, done);
    await done;
    if (writing.get(envId) === done) writing.delete(envId);
  }
};
