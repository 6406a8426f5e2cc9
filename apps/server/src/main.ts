import { buildApp } from './app';
import { createDeps } from './bootstrap';
import { loadConfig } from './config';
import { seedDemo } from './demo';
import { reconcileSortIndexes } from './features/data-structures/data-structures.service';
import { devMailPageEnabled } from './mail/dev-page';
import { startMaintenance } from './maintenance';
import { holdServerLock, runningServerPid } from './server-lock';

// Milliseconds since the process began, per start phase: logged once, to see where a slow start goes.
const phases: Record<string, number> = { modules: Math.round(performance.now()) };
const mark = (phase: string) => {
  phases[phase] = Math.round(performance.now());
};
const config = loadConfig();
if (!config.databaseUrl) {
  const pid = runningServerPid(config.dataDir);
  if (pid) {
    console.error(`Ein anderer Server (PID ${pid}) nutzt bereits die eingebettete Datenbank in ${config.dataDir}.`);
    process.exit(1);
  }
}
const releaseLock = config.databaseUrl ? () => {} : holdServerLock(config.dataDir);
const deps = await createDeps(config);
mark('database');
const app = await buildApp(deps);
mark('app');

const demo = config.demo ? await seedDemo(deps) : null;
if (demo) {
  app.log.info('demo data created');
  console.log(
    `\n  Demo-Zugang angelegt:\n    E-Mail:   ${demo.email}\n    Passwort: ${demo.password}${config.production ? '  (zufällig, wird nur jetzt angezeigt)' : ''}\n  (ausschalten mit DEMO=0)\n`,
  );
}

mark('demo');
deps.mail.start();
const maintenance = startMaintenance(deps, (err) => app.log.warn({ err }, 'maintenance failed'));
await app.listen({ port: config.port, host: config.host });
mark('listening');
// Sort indexes the product no longer ships (the shared indexes of user-made lists before migration
// 0024, an older definition) are dropped online within seconds of an upgrade, not at the first
// hourly housekeeping.
deps.background.run('sort-indexes', () => reconcileSortIndexes(deps));
app.log.info({ startup: phases }, 'started');
console.log(
  `\n  Kontor läuft auf ${config.appUrl}  (Datenbank: ${deps.database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})\n`,
);
if (devMailPageEnabled(config))
  console.log(
    `  Ohne SMTP_URL werden E-Mails unter http://localhost:${config.port}/dev/mails angezeigt (Links gekürzt hier im Log).\n  Diese Seite öffnet nur dieser Rechner selbst (Loopback), nicht das Netzwerk.\n`,
  );

let closing = false;
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 15_000);
  force.unref();
  try {
    maintenance.stop();
    await app.close(); // waits for running requests
    await deps.background.idle(); // and for the work they started
    await deps.mail.stop();
    await deps.database.close();
    await deps.redis?.quit();
    releaseLock();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
};
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
