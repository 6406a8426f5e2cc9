import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { eventually, freePort, freshPostgresDatabase, request, spawnServer } from '../test/server-process';

/**
 * Issue 28 item 5: two servers started in the same tick on one PostgreSQL (a rolling deploy, two
 * replicas after a host restart) both come up. Before, both built the shipped sort indexes after
 * the migrations at the same moment and the loser died on `duplicate key value violates unique
 * constraint "pg_class_relname_nsp_index"`; now everything a start does to the schema takes turns
 * under the migrations' advisory lock. (PGlite: one process owns the data directory by design.)
 */
const adminUrl = process.env.TEST_DATABASE_URL;
let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
afterAll(async () => {
  await database?.drop();
});

/** Starts `count` servers in the same tick and waits until each answers /healthz (or one exits). */
const startTogether = async (url: string, count: number) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kontor-together-'));
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const servers = ports.map((port) =>
    spawnServer({
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      SMTP_URL: '',
      DEMO: '0',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'development',
      WEB_DIST: path.join(dataDir, 'no-web'),
    }),
  );
  try {
    await Promise.all(
      servers.map((server, i) =>
        eventually(async () => {
          if (server.child.exitCode !== null) throw new Error(`server ${i} exited:\n${server.output().slice(-2000)}`);
          try {
            return (await request(ports[i] as number, 'GET', '/healthz')).status === 200;
          } catch {
            return false;
          }
        }, 120_000),
      ),
    );
  } finally {
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

const asOwner = async (url: string, statement: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
};

describe.runIf(adminUrl)('servers started in the same tick on one PostgreSQL', () => {
  test('on an empty database both come up', async () => {
    database = await freshPostgresDatabase('kontor_together');
    await startTogether((database as { url: string }).url, 2);
  }, 180_000);

  test('on a migrated database whose sort indexes are missing, both build them in turn and come up', async () => {
    const url = (database as { url: string }).url;
    // The state a release with new shipped indexes meets: both processes skip the migrations at once
    // and reach the index builds at the same moment.
    await asOwner(
      url,
      `DO $$ DECLARE i record; BEGIN
         FOR i IN SELECT indexname FROM pg_indexes WHERE tablename = 'records' AND indexname LIKE 'records\\_sort\\_%' LOOP
           EXECUTE format('DROP INDEX %I', i.indexname);
         END LOOP;
         DELETE FROM kontor_start_tasks;
       END $$`,
    );
    await startTogether(url, 2);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const built = await client.query(
      `select count(*)::int as n from pg_indexes where tablename = 'records' and indexname like 'records\\_sort\\_%'`,
    );
    await client.end();
    expect(built.rows[0].n).toBeGreaterThan(0);
  }, 180_000);
});
