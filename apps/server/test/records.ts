import type { RecordType } from '@kontor/contract/api/record-types';
import { eq, sql } from 'drizzle-orm';
import { type EnvScope, trustedEnvId, withEnv } from '../src/db/env-scope';
import { newId } from '../src/db/ids';
import { type ChildTypeDefinition, resolveChildType } from '../src/engine/record-types.service';
import { searchTextOf } from '../src/engine/records.service';
import { records, recordTypes } from '../src/engine/records.table';
import { syncSortFields } from '../src/engine/sort-fields';
import { environments } from '../src/features/environments/environments.table';
import type { TestApp } from './harness';

/**
 * Direct database access for record tests, where no call exists yet (defining record types comes
 * with the data-structures feature) or a call would be too slow (thousands of records). Tenant
 * tables are reached only through `withEnv`, as the application does.
 */

export const envIdOf = async (t: TestApp, slug: string): Promise<string> => {
  const [env] = await t.db.select({ id: environments.id }).from(environments).where(eq(environments.urlSlug, slug));
  if (!env) throw new Error(`no environment ${slug}`);
  return env.id;
};

/** Runs `work` inside the environment's tenant scope. */
export const inEnv = async <T>(t: TestApp, slug: string, work: (scope: EnvScope) => Promise<T>): Promise<T> =>
  withEnv(t.db, trustedEnvId(await envIdOf(t, slug)), null, work);

/**
 * Moves the environment's configuration stamp a second forward (as every definition change does),
 * so the cached record types are read again.
 */
export const touchConfig = async (t: TestApp, slug: string): Promise<void> => {
  t.clock.advance(1000);
  await t.db.update(environments).set({ configUpdatedAt: t.clock.now() }).where(eq(environments.urlSlug, slug));
};

/** Stores a child type (only what differs from its base type), as the data-structure editor will. */
export const defineChildType = async (
  t: TestApp,
  slug: string,
  p: { key: string; parent: string; definition: ChildTypeDefinition },
): Promise<void> => {
  await inEnv(t, slug, async (scope) => {
    await scope.tx.insert(recordTypes).values({
      envId: scope.envId,
      key: p.key,
      parent: p.parent,
      definition: p.definition as Record<string, unknown>,
    });
    // As every write of a child type does (record-types.service.ts): the sort keys of its lists.
    await syncSortFields(scope, p.key, resolveChildType(p));
  });
  await touchConfig(t, slug);
};

/**
 * Inserts many records of a type in a few statements (no validation; one transaction, so all share
 * one created_at, its now()). Each chunk travels as one JSON parameter, which is far
 * quicker than thousands of bound values. Returns the ids in insertion order.
 */
export const bulkInsertRecords = async (
  t: TestApp,
  slug: string,
  type: RecordType,
  rows: ReadonlyArray<Record<string, unknown>>,
  chunkSize = 2000,
): Promise<string[]> => {
  const ids: string[] = [];
  await inEnv(t, slug, async (scope) => {
    for (let start = 0; start < rows.length; start += chunkSize) {
      const chunk = rows.slice(start, start + chunkSize).map((data) => {
        const id = newId();
        ids.push(id);
        return { id, data, search_text: searchTextOf(type, data) };
      });
      await scope.tx.execute(sql`
        insert into ${records} (env_id, id, type, data, search_text)
        select ${scope.envId}::uuid, r.id, ${type.key}, r.data, r.search_text
        from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as r(id uuid, data jsonb, search_text text)`);
    }
  });
  return ids;
};

/** Sets a record's stage directly (the stage change call belongs to another feature). */
export const setStage = async (t: TestApp, slug: string, id: string, stage: string | null): Promise<void> => {
  await inEnv(t, slug, (scope) => scope.tx.update(records).set({ stage }).where(eq(records.id, id)));
};

/** A small deterministic random source, so a failing random case can be replayed. */
export const seededRandom = (seed: number) => {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
  };
};
