import { translator } from '@kontor/contract/i18n/catalogs';
import { createDeps } from '../apps/server/src/bootstrap';
import { loadConfig } from '../apps/server/src/config';
import type { Database } from '../apps/server/src/db/client';
import { trustedEnvId, withEnv } from '../apps/server/src/db/env-scope';
import { readTypes } from '../apps/server/src/engine/record-types.service';
import { createActivatedUser, findUserByEmail } from '../apps/server/src/features/auth/auth.service';
import * as envRepo from '../apps/server/src/features/environments/environments.repo';
import { createEnvironment } from '../apps/server/src/features/environments/environments.service';
import { bulkLoad } from './bulk-load';
import { customer, seededRandom } from './german-data';

export const benchUser = { email: 'bench@kontor.local', password: 'bench-passwort' } as const;
export const smallEnvCount = 20;
export const smallEnvRecords = 5_000;
export const bigEnvRecords = 100_000;

export const smallEnvName = (i: number) => `Bench Betrieb ${String(i + 1).padStart(2, '0')}`;
export const bigEnvName = 'Bench Großbetrieb';

/**
 * Fills the database named by the environment (DATA_DIR for PGlite or DATABASE_URL) with 20
 * environments of 5,000 customers and one of 100,000, through the bench's bulk loader that applies
 * the save's rules (bulk-load.ts). Deterministic: the same seed gives the same records.
 */
export const generate = async (log: (line: string) => void): Promise<void> => {
  const deps = await createDeps({ ...loadConfig(), demo: false }, { log: () => {} });
  const { db } = deps.database;
  try {
    if (await findUserByEmail(db, benchUser.email)) {
      log('  data already generated, reusing it');
      await deps.database.analyze();
      return;
    }
    const user = await createActivatedUser(deps, { ...benchUser, firstname: 'Bench', name: 'Mark' });
    const auth = {
      id: user.id,
      email: user.email,
      firstname: user.firstname,
      name: user.name,
      isActive: true,
      passwordChangedAt: null,
      createdAt: user.createdAt,
    };
    const t = translator('de_sie');
    const plan = [
      ...Array.from({ length: smallEnvCount }, (_, i) => ({ name: smallEnvName(i), count: smallEnvRecords })),
      { name: bigEnvName, count: bigEnvRecords },
    ];
    let seq = 0;
    const envIds: string[] = [];
    let lastImportSeconds = 0;
    for (const [i, p] of plan.entries()) {
      const random = seededRandom(1000 + i);
      // The rows are made before the clock starts: the figure is the import's, not the generator's.
      const rows = Array.from({ length: p.count }, () => customer(random, ++seq));
      const { environment } = await createEnvironment(deps, t, auth, { name: p.name, preset: 'craftsman' });
      const env = await envRepo.findBySlug(db, environment.url_slug);
      if (!env) throw new Error('environment vanished');
      envIds.push(env.id);
      const started = Date.now();
      const cpuBefore = process.cpuUsage();
      // One import per environment: one batch, all or nothing, as a file of that size would be.
      await withEnv(db, trustedEnvId(env.id), user.id, async (scope) =>
        bulkLoad(
          { scope, types: await readTypes(scope), t, writable: true, actor: 'system', now: new Date() },
          'customers',
          rows,
        ),
      );
      // The import's own work (validation, search text, statements) against the database's share of the time.
      const cpu = process.cpuUsage(cpuBefore);
      const nodeSeconds = ((cpu.user + cpu.system) / 1e6).toFixed(1);
      lastImportSeconds = (Date.now() - started) / 1000;
      log(
        `  ${p.name}: ${p.count.toLocaleString('de-DE')} Kunden in ${((Date.now() - started) / 1000).toFixed(1)} s (Node-CPU ${nodeSeconds} s)`,
      );
    }
    const baseline = await bareInsertBaseline(deps.database, envIds[0] ?? '', envIds.at(-1) ?? '');
    log(
      `  Baseline: dieselben ${baseline.rows.toLocaleString('de-DE')} Kunden als ein INSERT … SELECT des Tabelleneigentümers (ohne Prüfung, RLS, JSON), zurückgerollt: ${baseline.seconds.toFixed(1)} s; Import ${(lastImportSeconds / baseline.seconds).toFixed(2)}× davon`,
    );
    await deps.database.analyze();
  } finally {
    await deps.mail.stop();
    await deps.database.close();
  }
};

/**
 * The import's baseline, measured in the same run: the big environment's customers inserted once
 * more, by one INSERT … SELECT as the table's owner (no validation, no Row Level Security, no
 * JSON on the wire) into the same table with the same indexes, then rolled back. Into another
 * environment, so the ids (the import's own, time-ordered) stay unique.
 */
const bareInsertBaseline = async (
  database: Database,
  intoEnvId: string,
  fromEnvId: string,
): Promise<{ rows: number; seconds: number }> =>
  database.asOwner(async (query) => {
    await query('BEGIN');
    try {
      const started = Date.now();
      const copied = await query(
        `WITH copied AS (
           INSERT INTO records (env_id, id, type, stage, data, search_text, created_by)
           SELECT $1::uuid, id, type, stage, data, search_text, created_by FROM records
            WHERE env_id = $2::uuid AND type = 'customers' RETURNING 1)
         SELECT count(*)::int AS n FROM copied`,
        [intoEnvId, fromEnvId],
      );
      return { rows: Number(copied[0]?.n), seconds: (Date.now() - started) / 1000 };
    } finally {
      await query('ROLLBACK');
    }
  });
