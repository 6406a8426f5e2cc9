import type { RecordType } from '@kontor/contract/api/record-types';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { type EnvScope, whereEnv } from '../db/env-scope';
import { recordSortFields, recordSortKeys, records } from './records.table';
import { sortTableFieldsOf } from './sort-indexes';
import type { SortKind } from './sort-keys';

/**
 * Keeps an environment's record_sort_fields in step with its types' lists (issue 28 item 2): a
 * sortable cell that no shipped index serves has its keys in record_sort_keys. Runs in the
 * structure change's own tenant transaction, so a list never sorts by a field whose keys are
 * missing: a field that becomes sortable gets the keys of the records saved before it in the same
 * transaction (the triggers of migration 0024 keep them from then on); a field that stops being
 * sortable, or changes its kind, loses its keys. The cost is the tenant's own rows, nobody else's.
 */
export const syncSortFields = async (scope: EnvScope, typeKey: string, type: RecordType | null): Promise<void> => {
  const wanted: Map<string, SortKind> = type ? sortTableFieldsOf(type) : new Map();
  const stored = await scope.tx
    .select({ field: recordSortFields.field, kind: recordSortFields.kind })
    .from(recordSortFields)
    .where(whereEnv(scope, recordSortFields, eq(recordSortFields.type, typeKey)));
  const gone = stored.filter((s) => wanted.get(s.field) !== s.kind).map((s) => s.field);
  const kept = new Set(stored.filter((s) => wanted.get(s.field) === s.kind).map((s) => s.field));
  const added = [...wanted].filter(([field]) => !kept.has(field));

  if (gone.length > 0) {
    await scope.tx
      .delete(recordSortKeys)
      .where(whereEnv(scope, recordSortKeys, eq(recordSortKeys.type, typeKey), inArray(recordSortKeys.field, gone)));
    await scope.tx
      .delete(recordSortFields)
      .where(
        whereEnv(scope, recordSortFields, eq(recordSortFields.type, typeKey), inArray(recordSortFields.field, gone)),
      );
  }
  if (added.length === 0) return;
  await scope.tx
    .insert(recordSortFields)
    .values(added.map(([field, kind]) => ({ envId: scope.envId, type: typeKey, field, kind })));
  // The keys of the records that exist already, computed as the triggers compute them.
  await scope.tx.execute(sql`
    insert into ${recordSortKeys} (env_id, record_id, field, type, text_key, num_key)
    select r.env_id, r.id, f.field, r.type,
           case when f.kind = 'text' then kontor.sort_key_text(r.data, f.field) end,
           case when f.kind = 'num' then kontor.sort_key_num(r.data, f.field) end
      from ${records} r
      join ${recordSortFields} f on f.env_id = r.env_id and f.type = r.type
     where r.env_id = ${scope.envId} and r.type = ${typeKey}
       and f.field in (${sql.join(
         added.map(([field]) => sql`${field}`),
         sql`, `,
       )})
    on conflict (env_id, record_id, field) do update set text_key = excluded.text_key, num_key = excluded.num_key`);
};

/** Every type of the environment in step, and the rows of types it no longer has removed (the repair path). */
export const syncAllSortFields = async (scope: EnvScope, types: Iterable<RecordType>): Promise<void> => {
  const keys: string[] = [];
  for (const type of types) {
    keys.push(type.key);
    await syncSortFields(scope, type.key, type);
  }
  const orphaned = keys.length > 0 ? notInArray(recordSortFields.type, keys) : undefined;
  const orphanedKeys = keys.length > 0 ? notInArray(recordSortKeys.type, keys) : undefined;
  await scope.tx.delete(recordSortKeys).where(and(whereEnv(scope, recordSortKeys, orphanedKeys)));
  await scope.tx.delete(recordSortFields).where(and(whereEnv(scope, recordSortFields, orphaned)));
};
