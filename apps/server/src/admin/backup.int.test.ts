import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, test } from 'vitest';
import { createDeps } from '../bootstrap';
import { testConfig } from '../config';
import { openDatabase, pgliteDir, pgliteExtensions } from '../db/client';
import { seedDemo } from '../demo';
import { backupEmbedded, restoreEmbedded } from './backup';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kontor-backup-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** Every row of every table of the product (public, drizzle, kontor schemas), as sorted JSON per table. */
const everyRow = async (dataDir: string): Promise<Record<string, unknown>> => {
  const client = await PGlite.create(pgliteDir(dataDir), { extensions: pgliteExtensions });
  try {
    const tables = await client.query<{ name: string }>(
      `select format('%I.%I', table_schema, table_name) as name from information_schema.tables
       where table_schema in ('public', 'drizzle', 'kontor') and table_type = 'BASE TABLE' order by 1`,
    );
    const rows: Record<string, unknown> = {};
    for (const { name } of tables.rows) {
      const result = await client.query<{ rows: unknown }>(
        `select coalesce(json_agg(t order by t::text), '[]'::json) as rows from ${name} t`,
      );
      rows[name] = result.rows[0]?.rows;
    }
    return rows;
  } finally {
    await client.close();
  }
};

// PGlite's own format; the PostgreSQL run covers the server path, which pg_dump serves (README).
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('backup and restore of the embedded database', () => {
  test('a round trip brings back every row; the replaced database is kept', async () => {
    const live = path.join(root, 'live');
    const database = await openDatabase({ dataDir: live });
    const deps = await createDeps(testConfig({ dataDir: live }), { database, log: () => {} });
    expect(await seedDemo(deps)).not.toBeNull();
    await deps.background.idle();
    await database.close();
    const before = await everyRow(live);
    expect((before['public.records'] as unknown[]).length).toBeGreaterThan(0);
    expect((before['public.users'] as unknown[]).length).toBe(1);

    const file = path.join(root, 'kontor.backup.tar.gz');
    expect(await backupEmbedded(live, file)).toBeGreaterThan(1000);

    // Restored over a database that has moved on: the backup's state comes back.
    const again = await openDatabase({ dataDir: live });
    await again.close();
    const restoredInto = path.join(root, 'other');
    expect(await restoreEmbedded(file, restoredInto)).toBeNull();
    expect(await everyRow(restoredInto)).toEqual(before);

    const kept = await restoreEmbedded(file, live);
    expect(kept && fs.existsSync(kept)).toBe(true);
    expect(await everyRow(live)).toEqual(before);
    // And the server opens it (migrations find nothing to do).
    const reopened = await openDatabase({ dataDir: live });
    await reopened.close();
    // Four PGlite databases opened and closed, a demo seeded: a minute on a busy machine.
  }, 180_000);

  test('a file that is no backup is refused and changes nothing', async () => {
    const junk = path.join(root, 'junk.tar.gz');
    fs.writeFileSync(junk, 'kein Archiv');
    const target = path.join(root, 'untouched');
    await expect(restoreEmbedded(junk, target)).rejects.toThrow();
    expect(fs.existsSync(pgliteDir(target))).toBe(false);
    expect(fs.readdirSync(target).filter((n) => n.startsWith('pgdata'))).toEqual([]);
  });
});
