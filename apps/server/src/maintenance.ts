import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { trustedEnvId } from './db/env-scope';
import { rowsOf } from './db/rows';
import type { AppDeps } from './deps';
import { deleteExpired } from './features/auth/auth.repo';
import { reconcileSortIndexes } from './features/data-structures/data-structures.service';
import { environmentIds } from './features/environments/environments.service';
import { sweepOrphanedObjects } from './features/files/orphans.service';
import { cleanInterruptedUploads, type InEnv, staleUploadMs } from './features/files/uploads.service';
import { deleteOldSentMails } from './mail/outbox.repo';

/**
 * Takes the lease `name` for `forMs` when nobody holds it (or the holder's ran out): one statement,
 * so of several processes asking at once exactly one gets it.
 */
const claimLease = async (deps: AppDeps, name: string, holder: string, forMs: number): Promise<boolean> => {
  const now = deps.now();
  const until = new Date(now.getTime() + forMs);
  const result = await deps.database.db.execute(sql`
    insert into maintenance_leases (name, holder, until) values (${name}, ${holder}, ${until.toISOString()})
    on conflict (name) do update set holder = excluded.holder, until = excluded.until
      where maintenance_leases.until <= ${now.toISOString()}
    returning holder`);
  return rowsOf(result).length === 1;
};

/**
 * Hourly housekeeping: drop expired sessions and tokens, old sent mails, interrupted uploads and stored
 * objects no file owns, rebuild sort indexes
 * of user-made lists that failed and drop unused ones; on PGlite, which has no
 * autovacuum, also vacuum and refresh planner statistics so index-only scans and estimates stay good.
 * `run` does it now (tests, admin); the timer's `tick` only when this process holds the lease.
 */
export const startMaintenance = (deps: AppDeps, warn: (err: unknown) => void, everyMs = 60 * 60_000) => {
  const run = async () => {
    const now = deps.now();
    await deleteExpired(deps.database.db, now);
    await deleteOldSentMails(deps.database.db, now);
    // Interrupted uploads: rows and bytes of each environment, then the storage's own leftovers.
    const inEnv: InEnv = (id) => (work) => deps.database.inEnv(trustedEnvId(id), null, work);
    const environments = await environmentIds(deps);
    for (const id of environments) await cleanInterruptedUploads(inEnv(id), deps.storage, now);
    await deps.storage.purgeStale({ olderThan: new Date(now.getTime() - staleUploadMs) });
    // Sort indexes of user-made lists: a build that failed after a structure save is retried here.
    await reconcileSortIndexes(deps);
    if (deps.database.kind === 'pglite') await deps.database.analyze();
    // Last, as it lists the whole storage: every stored object no file row owns goes (local and S3 alike).
    await sweepOrphanedObjects(deps.storage, new Set(environments), inEnv, now);
  };
  // Several processes on one database run it once per period: the first to take the lease. It
  // ends a little before the next tick, so a slow clock does not skip a period.
  const holder = randomUUID();
  const tick = async (): Promise<boolean> => {
    if (!(await claimLease(deps, 'housekeeping', holder, everyMs * 0.9))) return false;
    await run();
    return true;
  };
  const timer = setInterval(() => void tick().catch(warn), everyMs);
  timer.unref();
  return { run, tick, stop: () => clearInterval(timer) };
};
