import { randomUUID } from 'node:crypto';
import type { Structure } from '@kontor/contract/api/data-structures';
import * as api from '@kontor/contract/api/data-structures';
import type { RecordType } from '@kontor/contract/api/record-types';
import * as recordsApi from '@kontor/contract/api/records';
import { translator } from '@kontor/contract/i18n/catalogs';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectOk } from '../../../test/assertions';
import { userWithEnvironment } from '../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../test/harness';
import { bulkInsertRecords, envIdOf, inEnv } from '../../../test/records';
import { trustedEnvId } from '../../db/env-scope';
import { rowsOf } from '../../db/rows';
import { recordListStatement } from '../../engine/record-list.repo';
import { recordListPlan } from '../../engine/record-list.service';
import { records } from '../../engine/records.table';
import { shippedSortIndexes } from '../../engine/sort-indexes';
import { reconcileSortIndexes } from './data-structures.service';

/**
 * Issue 11 item 5: a user-made list is as fast as a built-in one; issue 28 item 2: without costing
 * any other tenant a write. A sortable cell of a user-made list keeps its keys in record_sort_keys
 * (one row per record and field, behind two indexes that serve every field); saving the structure
 * fills them for the records saved before, in the same transaction; no index is built on records.
 */

const de = translator('de_sie');

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

/** An index's state: missing, or whether it is valid. */
const indexState = async (name: string): Promise<'missing' | 'valid' | 'invalid'> => {
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
  // The records come first, while the plate is not sortable: the save below must fill their keys.
  await saveList(false);
  const type = (await t.call(recordsApi.recordTypeDetails, { _env: who.env, type: 'fahrzeuge' }, who.token)).body
    .data as RecordType;
  await bulkInsertRecords(
    t,
    who.env,
    type,
    Array.from({ length: 3000 }, (_, i) => ({ title: `Fahrzeug ${i}`, kennzeichen: `B-KT ${i}` })),
  );
  await saveList(true);
  await t.deps.database.analyze();
});
afterAll(async () => {
  await t.deps.background.idle();
  await t.close();
});

/** The plan of the list query of the user-made list, planned as the app runs it (app role, RLS). */
const planOf = async (body: {
  search?: string;
  sort?: { field: string; dir: 'asc' | 'desc' };
  cursor?: string;
}): Promise<string> => {
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

const plates = async (
  sort: { field: string; dir: 'asc' | 'desc' },
  extra: { search?: string; cursor?: string } = {},
) => {
  const res = await t.call(
    recordsApi.simpleTableData,
    { _env: who.env, model: 'DynamicRecord', type: 'fahrzeuge', sort, pageSize: 3, ...extra },
    who.token,
  );
  expectOk(res);
  return { plates: res.body.data?.rows.map((r) => r.kennzeichen), next: res.body.data?.nextCursor ?? '' };
};

const keyCount = async (field = 'kennzeichen') =>
  Number(
    (
      await t.asSuperuser(
        sql`select count(*)::int as n from record_sort_keys where type = 'fahrzeuge' and field = ${field}`,
      )
    ).rows[0]?.n,
  );

const sortIndexNames = async () =>
  (
    await t.asSuperuser(
      sql`select indexname as name from pg_indexes where tablename = 'records' and indexname like 'records\_sort\_%'`,
    )
  ).rows
    .map((r) => String(r.name))
    .sort();

describe('sorting user-made lists', () => {
  test('saving a list with a sortable cell fills the keys of the records saved before, and builds no index on records', async () => {
    expect(await keyCount()).toBe(3000);
    expect(await sortIndexNames()).toEqual([...shippedSortIndexes().keys()].sort());
  });

  test("the user-made list sorts on the keys' index and searches through the trigram index (EXPLAIN)", async () => {
    const sorted = await planOf({ sort: { field: 'kennzeichen', dir: 'asc' } });
    expect(sorted).toContain('record_sort_keys_text_idx');
    const searched = await planOf({ search: 'kt 42', sort: { field: 'kennzeichen', dir: 'asc' } });
    expect(searched).toContain('Bitmap Index Scan on records_search_trgm_idx');
    const found = await plates({ field: 'kennzeichen', dir: 'asc' }, { search: 'kt 42' });
    expect(found.plates).toEqual(['B-KT 42', 'B-KT 420', 'B-KT 421']);
  });

  test('pages follow each other by cursor, in both directions, and the cursor is an index condition', async () => {
    const first = await plates({ field: 'kennzeichen', dir: 'asc' });
    expect(first.plates).toEqual(['B-KT 0', 'B-KT 1', 'B-KT 10']);
    const second = await plates({ field: 'kennzeichen', dir: 'asc' }, { cursor: first.next });
    expect(second.plates).toEqual(['B-KT 100', 'B-KT 1000', 'B-KT 1001']);
    const last = await plates({ field: 'kennzeichen', dir: 'desc' });
    expect(last.plates).toEqual(['B-KT 999', 'B-KT 998', 'B-KT 997']);
    const plan = await planOf({ sort: { field: 'kennzeichen', dir: 'asc' }, cursor: first.next });
    expect(plan.split('\n').some((l) => l.includes('Index Cond:') && l.includes('text_key'))).toBe(true);
  });

  test('a record inserted, changed and removed keeps its key in step (whatever writes it: triggers)', async () => {
    const id = randomUUID();
    await inEnv(t, who.env, (scope) =>
      scope.tx.insert(records).values({ envId: scope.envId, id, type: 'fahrzeuge', data: { kennzeichen: 'A-AA 1' } }),
    );
    expect((await plates({ field: 'kennzeichen', dir: 'asc' })).plates?.[0]).toBe('A-AA 1');
    await inEnv(t, who.env, (scope) =>
      scope.tx
        .update(records)
        .set({ data: { kennzeichen: 'Z-ZZ 9' } })
        .where(and(eq(records.envId, scope.envId), eq(records.id, id))),
    );
    expect((await plates({ field: 'kennzeichen', dir: 'desc' })).plates?.[0]).toBe('Z-ZZ 9');
    await inEnv(t, who.env, (scope) =>
      scope.tx.delete(records).where(and(eq(records.envId, scope.envId), eq(records.id, id))),
    );
    expect(await keyCount()).toBe(3000);
  });

  test('a list that stops sorting by the field drops its keys; sorting again fills them', async () => {
    await saveList(false);
    expect(await keyCount()).toBe(0);
    await saveList(true);
    expect(await keyCount()).toBe(3000);
  });

  test('housekeeping drops a sort index the product does not ship, rebuilds a missing shipped one, and refills lost keys', async () => {
    const customersName = [...shippedSortIndexes().values()].find((i) => i.type === 'customers' && i.field === 'name');
    expect(customersName).toBeDefined();
    await t.asSuperuser(sql.raw(`drop index ${customersName?.name}`));
    await t.asSuperuser(
      sql.raw(
        `create index records_sort_text_verwaist_idx on records (env_id, type, kontor.sort_key_text(data, 'verwaist'), id)`,
      ),
    );
    await t.asSuperuser(sql`delete from record_sort_fields where type = 'fahrzeuge'`);
    await t.asSuperuser(sql`delete from record_sort_keys where type = 'fahrzeuge'`);
    await reconcileSortIndexes(t.deps);
    expect(await indexState('records_sort_text_verwaist_idx')).toBe('missing');
    expect(await indexState(customersName?.name ?? '')).toBe('valid');
    expect(await keyCount()).toBe(3000);
  });

  test('another environment sees none of the keys (Row Level Security)', async () => {
    const other = await userWithEnvironment(t, 'Andere GmbH', 'craftsman');
    const otherId = trustedEnvId(await envIdOf(t, other.env));
    const seen = await t.deps.database.inEnv(otherId, null, async (scope) =>
      rowsOf<{ n: number }>(
        await scope.tx.execute(
          sql`select (select count(*)::int from record_sort_keys) + (select count(*)::int from record_sort_fields) as n`,
        ),
      ),
    );
    expect(seen[0]?.n).toBe(0);
  });
});
