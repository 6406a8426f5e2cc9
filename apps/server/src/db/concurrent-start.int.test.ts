import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { openDatabase } from './client';
import { rowsOf } from './rows';

const adminUrl = process.env.TEST_DATABASE_URL;
const name = `kontor_t_${randomBytes(6).toString('hex')}`;

const asAdmin = async (statement: string) => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
};

afterAll(async () => {
  if (adminUrl) await asAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

describe.runIf(adminUrl)('processes starting at the same moment on an empty database', () => {
  test('all come up: migrations take turns under an advisory lock and run once', async () => {
    await asAdmin(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl as string);
    url.pathname = `/${name}`;
    const started = await Promise.allSettled(
      Array.from({ length: 4 }, () => openDatabase({ url: url.toString(), poolSize: 1 })),
    );
    const reasons = started.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []));
    expect(reasons).toEqual([]);
    const databases = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    try {
      const owner = await openDatabase({ url: url.toString(), appUrl: undefined, poolSize: 1 });
      await owner.close();
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      const applied = await client.query(
        'select count(*)::int as n, count(distinct hash)::int as d from drizzle.__drizzle_migrations',
      );
      await client.end();
      expect(applied.rows[0].n).toBe(applied.rows[0].d);
      for (const database of databases) {
        expect(rowsOf<{ one: number }>(await database.db.execute(sql`select 1 as one`))[0]?.one).toBe(1);
      }
    } finally {
      await Promise.all(databases.map((d) => d.close()));
    }
  });
});
