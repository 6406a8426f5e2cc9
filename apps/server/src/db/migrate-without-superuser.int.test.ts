import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { records } from '../engine/records.table';
import { likeOperator, sortExpression } from '../engine/sort-keys';
import { type Database, openDatabase } from './client';
import { trustedEnvId } from './env-scope';
import { newId } from './ids';
import { rowsOf } from './rows';

/**
 * Managed PostgreSQL often gives no superuser: the owner of the database migrates. Then nothing
 * can be declared LEAKPROOF and the functions are created plain: lists stay correct, only slower.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const suffix = randomBytes(6).toString('hex');
const owner = `kontor_t_owner_${suffix}`;
const dbName = `kontor_t_nosuper_${suffix}`;

const asAdmin = async (statement: string) => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
};

let database: Database | undefined;
let ownerUrl = '';

beforeAll(async () => {
  if (!adminUrl) return;
  await asAdmin(`CREATE ROLE ${owner} LOGIN NOSUPERUSER CREATEDB`);
  await asAdmin(`CREATE DATABASE ${dbName} OWNER ${owner}`);
  const url = new URL(adminUrl);
  url.username = owner;
  url.pathname = `/${dbName}`;
  ownerUrl = url.toString();
});

afterAll(async () => {
  if (!adminUrl) return;
  await database?.close();
  await asAdmin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await asAdmin(`DROP ROLE IF EXISTS ${owner}`);
});

describe.runIf(adminUrl)('migrating as an owner that is no superuser', () => {
  test('migrates, serves through the login role, and sorts, filters and searches correctly', async () => {
    database = await openDatabase({ url: ownerUrl, poolSize: 2 });
    const envId = trustedEnvId(newId());
    const owned = new pg.Client({ connectionString: ownerUrl });
    await owned.connect();
    await owned.query(
      `INSERT INTO environments (id, name, url_slug) VALUES ('${envId}', 'Ohne Superuser', 'ohne-${suffix}')`,
    );
    await owned.end();
    const names = ['Özdemir', 'Zander', 'Äbele', 'Müller', 'Mueller'];
    const found = await database.inEnv(envId, null, async (scope) => {
      for (const name of names) {
        await scope.tx.insert(records).values({
          envId,
          id: newId(),
          type: 'customers',
          data: { name, no: name.length },
          searchText: name.toLowerCase(),
        });
      }
      const sorted = await scope.tx
        .select({ name: sql<string>`${records.data}->>'name'` })
        .from(records)
        .orderBy(sortExpression('name', 'text'), sortExpression('no', 'num'));
      const searched = await scope.tx.execute(
        sql`select data->>'name' as name from ${records} where ${records.searchText} ${likeOperator} ${'%ll%'}`,
      );
      const filtered = await scope.tx.execute(
        sql`select data->>'name' as name from ${records} where ${sortExpression('name', 'text')} = kontor.sort_key_text('{"name":"muller"}'::jsonb, 'name')`,
      );
      return {
        sorted: sorted.map((r) => r.name),
        searched: rowsOf<{ name: string }>(searched).map((r) => r.name),
        filtered: rowsOf<{ name: string }>(filtered).map((r) => r.name),
      };
    });
    expect(found).toEqual({
      sorted: ['Äbele', 'Mueller', 'Müller', 'Özdemir', 'Zander'],
      searched: ['Müller', 'Mueller'],
      filtered: ['Müller'],
    });
    const leakproof = await database.db.execute(
      sql`select count(*)::int as n from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'kontor' and p.proleakproof`,
    );
    expect(rowsOf<{ n: number }>(leakproof)[0]?.n).toBe(0);
  });
});
