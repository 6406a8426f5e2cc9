import type { Selector } from '@kontor/contract/api/record-types';
import type { ModelSelectorItem } from '@kontor/contract/api/records';
import type { Translate } from '@kontor/contract/i18n/catalogs';
import type { EnvScope } from '../db/env-scope';
import { isUuid } from '../db/ids';
import { AppError } from '../http/errors';
import { labelColumns, modelLabel } from './model-labels';
import { requireType, selectableTypeKeys, type TypeCatalog } from './record-types.service';
import { recordsRepo } from './records.repo';
import { isSortableKey, likePattern } from './sort-keys';

const resultLimit = 30;

/** The types behind a selector and the columns its labels are made of; both must exist. */
const resolve = (types: TypeCatalog, selector: Selector, t: Translate) => {
  const keys = selectableTypeKeys(types, selector.type);
  if (keys.length === 0) requireType(types, selector.type, t);
  // A label column is a field of the selector's type(s); anything else would only cost queries.
  const fields = new Set(keys.flatMap((k) => types.get(k)?.fields.map((f) => f.key) ?? []));
  if (selector.columns?.some((c) => !fields.has(c))) {
    throw new AppError('invalid', { message: t('records.selectorUnknownColumn') });
  }
  const first = types.get(keys[0] ?? '');
  const columns = first ? labelColumns(first, selector).filter(isSortableKey) : [];
  if (!first || columns.length === 0) throw new AppError('invalid', { message: t('records.selectorMissingLabel') });
  return { keys, columns };
};

const item = (
  types: TypeCatalog,
  selector: Selector,
  row: { id: string; type: string; data: Record<string, unknown> },
): ModelSelectorItem => {
  const type = types.get(row.type);
  return { _id: row.id, label: (type && modelLabel(type, row.data, selector)) || row.id };
};

/** Records of the selector's types whose label columns contain the search text, sorted by the first column. */
export const searchModels = async (
  scope: EnvScope,
  types: TypeCatalog,
  selector: Selector,
  search: string | undefined,
  t: Translate,
): Promise<ModelSelectorItem[]> => {
  const { keys, columns } = resolve(types, selector, t);
  const text = search?.trim();
  const pattern = text ? likePattern(text) : null;
  const rows = await recordsRepo(scope).searchByColumns(keys, columns, pattern, resultLimit);
  return rows.map((r) => item(types, selector, r));
};

/** The selected record(s) with their labels, in the order asked; ids of other environments are simply absent. */
export const modelResults = async (
  scope: EnvScope,
  types: TypeCatalog,
  selector: Selector,
  value: string | string[],
  t: Translate,
): Promise<ModelSelectorItem | ModelSelectorItem[] | null> => {
  const { keys } = resolve(types, selector, t);
  const ids = (Array.isArray(value) ? value : [value]).filter(isUuid);
  const rows = await recordsRepo(scope).byIds(keys, ids);
  const byId = new Map(rows.map((r) => [r.id, item(types, selector, r)]));
  if (!Array.isArray(value)) return byId.get(value) ?? null;
  return ids.map((id) => byId.get(id)).filter((x): x is ModelSelectorItem => Boolean(x));
};
