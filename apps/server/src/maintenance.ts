import { trustedEnvId } from './db/env-scope';
import type { AppDeps } from './deps';
import { deleteExpired } from './features/auth/auth.repo';
import { environmentIds } from './features/environments/environments.service';
import { cleanInterruptedUploads, staleUploadMs } from './features/files/uploads.service';
import { deleteOldSentMails } from './mail/outbox.repo';

/**
 * Hourly housekeeping: drop expired sessions and tokens, old sent mails and interrupted uploads; on PGlite, which has no
 * autovacuum, also vacuum and refresh planner statistics so index-only scans and estimates stay good.
 */
export const startMaintenance = (deps: AppDeps, warn: (err: unknown) => void, everyMs = 60 * 60_000) => {
  const run = async () => {
    const now = deps.now();
    await deleteExpired(deps.database.db, now);
    await deleteOldSentMails(deps.database.db, now);
    // Interrupted uploads: rows and bytes of each environment, then the storage's own leftovers.
    for (const id of await environmentIds(deps)) {
      await cleanInterruptedUploads((work) => deps.database.inEnv(trustedEnvId(id), null, work), deps.storage, now);
    }
    await deps.storage.purgeStale({ olderThan: new Date(now.getTime() - staleUploadMs) });
    if (deps.database.kind === 'pglite') await deps.database.analyze();
  };
  const timer = setInterval(() => void run().catch(warn), everyMs);
  timer.unref();
  return { run, stop: () => clearInterval(timer) };
};
