import type { Structure } from '@kontor/contract/api/data-structures';
import * as api from '@kontor/contract/api/data-structures';
import type { RecordType } from '@kontor/contract/api/record-types';
import * as recordsApi from '@kontor/contract/api/records';
import { translator } from '@kontor/contract/i18n/catalogs';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectOk } from '../../../test/assertions';
import { userWithEnvironment } from '../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../test/harness';
import { bulkInsertRecords, envIdOf } from '../../../test/records';
import { trustedEnvId } from '../../db/env-scope';
import { rowsOf } from '../../db/rows';
import { recordListStatement } from '../../engine/record-list.repo';
import { recordListPlan } from '../../engine/record-list.service';
import { sortIndexFor } from '../../engine/sort-indexes';
import { reconcileSortIndexes } from './data-structures.service';

/**
 * Issue 11 item 5: a user-made list is as fast as a built-in one. Saving its structure builds the
 * expression index of each sortable cell after the commit, online (PostgreSQL: CONCURRENTLY, writes
 * go on), drops the ones nobody needs any more, and housekeeping repairs what a failed run left.
 */

const de = translator('de_sie');
// A user-made type: the shared, partial index of the field (engine/sort-indexes.ts).
const index = sortIndexFor('fahrzeuge', 'kennzeichen', 'text').name;

let t: TestApp;
let who: { env: string; token: string };

const loaded = async (): Promise<Structure> => {
  const res = await t.call(api.structureDetails, { _env: who.env, type: 'fahrzeuge' }, who.token);
  expectOk(res);
  return res.body.data?.type as Structure;
};

/** Saves the structure with the plate cell searchable and (or not) sortable, and waits for the index work. */
const saveList = async (sortable: boolean, extra: Partial<Structure> = {}) => {
  const s = await loaded();
  const fields = s.fields.some((f) => f.key === 'kennzeichen')
    ? s.fields
    : [
        ...s.fields,
        { key: 'kennzeichen', type: 'string' as const, label: 'Kennzeichen', validation: { maxLength: 10 } },
      ];
  const lists = s.lists.map((l) =>
    l.key === s.defaultList
      ? {
          ...l,
          cells: [
            { mapping: 'kennzeichen', label: 'Kennzeichen', searchable: true, sortable },
            ...l.cells.filter((c) => c.mapping !== 'kennzeichen'),
          ],
        }
      : l,
  );
  const { version, ...rest } = { ...s, fields, lists, ...extra };
  const res = await t.call(
    api.saveStructure,
    { ...rest, orgKey: s.key, version, _env: who.env } as Parameters<typeof t.call<typeof api.saveStructure>>[1],
    who.token,
  );
  expectOk(res);
  return res;
};

/** The index's state: missing, or whether it is valid. */
const indexState = async (name = index): Promise<'missing' | 'valid' | 'invalid'> => {
  const { rows } = await t.asSuperuser(
    sql`select i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid where c.relname = ${name}`,
  );
  return rows.length === 0 ? 'missing' : rows[0]?.valid ? 'valid' : 'invalid';
};

beforeAll(async () => {
  t = await startTestApp();
  who = await userWithEnvironment(t, 'Fuhrpark GmbH', 'craftsman');
  expectOk(
    await t.call(
      api.createStructure,
      { _env: who.env, key: 'fahrzeuge', parent: 'article', plural: 'Fahrzeuge', singular: 'Fahrzeug' },
      who.token,
    ),
  );
  await saveList(true);
  await t.deps.background.idle();
  const type = (await t.call(recordsApi.recordTypeDetails, { _env: who.env, type: 'fahrzeuge' }, who.token)).body
    .data as RecordType;
  await bulkInsertRecords(
    t,
    who.env,
    type,
    Array.from({ length: 3000 }, (_, i) => ({ title: `Fahrzeug ${i}`, kennzeichen: `B-KT ${i}` })),
  );
  await t.deps.database.analyze();
});
afterAll(async () => {
  await t.deps.background.idle();
  await t.close();
});

/** The plan of the list query of the user-made list, planned as the app runs it (app role, RLS). */
const planOf = async (body: { search?: string; sort?: { field: string; dir: 'asc' | 'desc' } }): Promise<string> => {
  const type = (await t.call(recordsApi.recordTypeDetails, { _env: who.env, type: 'fahrzeuge' }, who.token)).body
    .data as RecordType;
  const envId = trustedEnvId(await envIdOf(t, who.env));
  return t.deps.database.inEnv(envId, null, async (scope) => {
    const { plan } = recordListPlan(type, { _env: who.env, model: 'DynamicRecord', type: 'fahrzeuge', ...body }, de);
    const query = recordListStatement(scope, plan);
    await scope.tx.execute(sql`set local enable_seqscan = off`);
    const rows = rowsOf<{ 'QUERY PLAN': string }>(await scope.tx.execute(sql`explain ${query as SQL}`));
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
};

describe('sort indexes of user-made lists', () => {
  test('saving a list with a sortable cell builds its expression index after the commit', async () => {
    expect(await indexState()).toBe('valid');
  });

  test('the user-made list sorts on that index and searches through the trigram index (EXPLAIN)', async () => {
    const sorted = await planOf({ sort: { field: 'kennzeichen', dir: 'asc' } });
    expect(sorted).toContain(`Index Scan using ${index}`);
    const searched = await planOf({ search: 'kt 42', sort: { field: 'kennzeichen', dir: 'asc' } });
    expect(searched).toContain('Bitmap Index Scan on records_search_trgm_idx');
    // And the answer is right: the records inserted after the list was saved are found and sorted.
    const found = await t.call(
      recordsApi.simpleTableData,
      {
        _env: who.env,
        model: 'DynamicRecord',
        type: 'fahrzeuge',
        search: 'kt 42',
        sort: { field: 'kennzeichen', dir: 'asc' },
      },
      who.token,
    );
    expectOk(found);
    expect(found.body.data?.rows.slice(0, 3).map((r) => r.kennzeichen)).toEqual(['B-KT 42', 'B-KT 420', 'B-KT 421']);
  });

  test.runIf(process.env.TEST_DATABASE_URL)(
    'PostgreSQL builds it CONCURRENTLY: a record is written while the build waits, the build then completes',
    async () => {
      await t.asSuperuser(sql.raw(`drop index ${index}`));
      // A transaction holding an old snapshot makes the online build wait in its last phase
      // (it must outlive every snapshot that predates it) — long enough to write meanwhile.
      const blocker = new pg.Client({ connectionString: t.ownerUrl });
      await blocker.connect();
      try {
        await blocker.query('begin isolation level repeatable read');
        await blocker.query('select 1');
        await saveList(true, { plural: 'Fahrzeuge (Flotte)' });
        const building = async () =>
          (
            await t.asSuperuser(
              sql`select count(*)::int as n from pg_stat_activity where query ilike 'CREATE INDEX CONCURRENTLY%' and state = 'active'`,
            )
          ).rows[0]?.n === 1;
        for (let i = 0; i < 100 && !(await building()); i++) await new Promise((r) => setTimeout(r, 50));
        expect(await building()).toBe(true);
        expect(await indexState()).toBe('invalid'); // in the making

        const started = Date.now();
        const written = await t.call(
          recordsApi.saveRecord,
          { _env: who.env, type: 'fahrzeuge', id: 'new', data: { title: 'Sprinter', kennzeichen: 'B-SP 1' } },
          who.token,
        );
        expectOk(written);
        expect(Date.now() - started).toBeLessThan(3000);
        expect(await building()).toBe(true); // the write did not wait for the build
      } finally {
        await blocker.query('commit').catch(() => {});
        await blocker.end();
      }
      await t.deps.background.idle();
      expect(await indexState()).toBe('valid');
    },
  );

  test('housekeeping rebuilds a missing sort index and drops one nobody needs, keeping the built-in ones', async () => {
    await t.asSuperuser(sql.raw(`drop index ${index}`));
    await t.asSuperuser(
      sql.raw(
        `create index records_sort_text_verwaist_idx on records (env_id, type, kontor.sort_key_text(data, 'verwaist'), id)`,
      ),
    );
    await reconcileSortIndexes(t.deps);
    expect(await indexState()).toBe('valid');
    expect(await indexState('records_sort_text_verwaist_idx')).toBe('missing');
    expect(await indexState(sortIndexFor('customers', 'name', 'text').name)).toBe('valid'); // customers' built-in list
  });

  test('a list that stops sorting by the field drops its index once no list anywhere needs it', async () => {
    await saveList(false);
    await t.deps.background.idle();
    expect(await indexState()).toBe('missing');
    await saveList(true);
    await t.deps.background.idle();
    expect(await indexState()).toBe('valid');
  });
});
