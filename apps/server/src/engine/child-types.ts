import type { RecordType } from '@kontor/contract/api/record-types';
import { recordTypeSchema } from '@kontor/contract/api/record-types';
import { baseTypes, presetChildKeys } from './base-types/registry';
import type { RecordTypeRow } from './record-types.repo';

/**
 * How a child type is resolved from its base and its stored changes, and the types as they ship:
 * pure functions of the base types, shared by the type service and the sort indexes.
 */

/** What a child type stores: only what differs from its base type. */
export type ChildTypeDefinition = Partial<
  Pick<
    RecordType,
    | 'singular'
    | 'plural'
    | 'icon'
    | 'fields'
    | 'forms'
    | 'lists'
    | 'stages'
    | 'mainForm'
    | 'defaultList'
    | 'settings'
    | 'settingValues'
    | 'queryForms'
    | 'modelSelectorLabel'
    | 'exports'
    | 'defaultExport'
    | 'pages'
    | 'einvoice'
    | 'access'
  >
>;

const byKey = <T extends { key: string }>(inherited: T[], own: T[] | undefined): T[] => {
  const ownKeys = new Set((own ?? []).map((x) => x.key));
  return [...inherited.filter((x) => !ownKeys.has(x.key)), ...(own ?? [])];
};

/** Child = base + own changes. Inherited fields carry `origin`; inherited forms and lists are presets. */
export const resolveChildType = (row: Pick<RecordTypeRow, 'key' | 'parent' | 'definition'>): RecordType | null => {
  const base = baseTypes.get(row.parent);
  if (!base) return null;
  const own = row.definition as ChildTypeDefinition;
  const ownFieldKeys = new Set((own.fields ?? []).map((fd) => fd.key));
  return recordTypeSchema.parse({
    ...base,
    key: row.key,
    parent: base.key,
    singular: own.singular ?? base.singular,
    plural: own.plural ?? base.plural,
    icon: own.icon ?? base.icon,
    fields: [
      ...base.fields.filter((fd) => !ownFieldKeys.has(fd.key)).map((fd) => ({ ...fd, origin: base.key })),
      ...(own.fields ?? []),
    ],
    forms: byKey(
      base.forms.map((fm) => ({ ...fm, isPreset: true })),
      own.forms,
    ),
    lists: byKey(
      base.lists.map((l) => ({ ...l, isPreset: true })),
      own.lists,
    ),
    stages: own.stages ?? base.stages,
    mainForm: own.mainForm ?? base.mainForm,
    defaultList: own.defaultList ?? base.defaultList,
    exports: byKey(
      base.exports.map((e) => ({ ...e, isParent: true })),
      own.exports,
    ),
    defaultExport: own.defaultExport !== undefined ? own.defaultExport : base.defaultExport,
    pages: byKey(base.pages, own.pages),
    settings: byKey(base.settings, own.settings),
    settingValues: own.settingValues ?? {},
    queryForms: own.queryForms ?? [],
    modelSelectorLabel: own.modelSelectorLabel ?? base.modelSelectorLabel,
    einvoice: own.einvoice ?? base.einvoice,
    access: own.access ?? base.access,
    system: false,
    isCreatable: true,
  });
};

export const systemTypes = [...baseTypes.values()].filter((t) => t.system);

/** The types as they ship: the system types and the presets' child types, before any change of an environment. */
export const shippedTypes = (): RecordType[] => [
  ...systemTypes,
  ...Object.entries(presetChildKeys).flatMap(
    ([parent, key]) => resolveChildType({ key, parent, definition: {} }) ?? [],
  ),
];
