import type { AppDeps } from './deps';
import { deleteExpired } from './features/auth/auth.repo';
import { deleteOldSentMails } from './mail/outbox.repo';

/**
 * Hourly housekeeping: drop expired sessions and tokens and old sent mails; on PGlite, which has no
 * autovacuum, also vacuum and refresh planner statistics so index-only scans and estimates stay good.
 */
export const startMaintenance = (deps: AppDeps, warn: (err: unknown) => void, everyMs = 60 * 60_000) => {
  const run = async () => {
    const now = deps.now();
    await deleteExpired(deps.database.db, now);
    await deleteOldSentMails(deps.database.db, now);
    if (deps.database.kind === 'pglite') await deps.database.analyze();
  };
  const timer = setInterval(() => void run().catch(warn), everyMs);
  timer.unref();
  return { run, stop: () => clearInterval(timer) };
};
