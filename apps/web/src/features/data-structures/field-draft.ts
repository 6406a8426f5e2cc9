import type { Structure } from '@kontor/contract/api/data-structures';
import type { DataField, FieldType, ValidationMap } from '@kontor/contract/api/record-types';
import { optionsMapping } from '@kontor/contract/api/record-types';
import type { structures } from '@kontor/contract/i18n/de_sie/structures';
import { isStructureKey } from '@kontor/contract/logic/structure-checks';
import { type RuleName, ruleDefaults, rulesFor } from '@kontor/contract/logic/validation';

/** The field types an administrator can add (spec 02 §3 "Data field"). */
export const editableTypes = [
  'string',
  'date',
  'datetime',
  'integer',
  'float',
  'map',
  'model',
  'models',
  'files',
] as const;
export type EditableType = (typeof editableTypes)[number];

/** A child field of a map: key, label and a simple type. */
export type ChildDraft = { key: string; label: string; type: 'string' | 'integer' | 'float' | 'date' };

export type FieldDraft = {
  key: string;
  type: EditableType | '';
  label: string;
  /** The rules switched on, with their values. */
  rules: ValidationMap;
  children: ChildDraft[];
  selectorType: string;
  placeInMainForm: boolean;
  placeInList: boolean;
};

export const emptyDraft = (): FieldDraft => ({
  key: '',
  type: 'string',
  label: '',
  rules: {},
  children: [],
  selectorType: '',
  placeInMainForm: true,
  placeInList: false,
});

export const draftOf = (field: DataField): FieldDraft => ({
  key: field.key,
  type: (editableTypes as readonly string[]).includes(field.type) ? (field.type as EditableType) : '',
  label: field.label,
  rules: field.validation ?? {},
  children: (field.definition ?? []).map((c) => ({
    key: c.key,
    label: c.label,
    type: c.type === 'integer' || c.type === 'float' || c.type === 'date' ? c.type : 'string',
  })),
  selectorType: field.selector?.type ?? '',
  placeInMainForm: false,
  placeInList: false,
});

/** A rule switched on starts with its default of spec 02 §5. */
export const ruleStart = (rule: RuleName): ValidationMap[RuleName] => {
  const start = ruleDefaults[rule];
  if (start !== undefined) return start;
  return rule === 'minDate' || rule === 'maxDate' ? '2000-01-01' : true;
};

/** Only the rules the (maybe changed) type offers. */
const keptRules = (type: string, rules: ValidationMap): ValidationMap =>
  Object.fromEntries(Object.entries(rules).filter(([rule]) => rulesFor(type).includes(rule as RuleName)));

export const fieldOf = (d: FieldDraft): DataField => {
  const type = d.type as FieldType;
  const validation = keptRules(type, d.rules);
  return {
    key: d.key.trim(),
    type,
    label: d.label.trim(),
    ...(Object.keys(validation).length > 0 ? { validation } : {}),
    ...(type === 'map'
      ? { definition: d.children.map((c) => ({ key: c.key.trim(), label: c.label.trim(), type: c.type })) }
      : {}),
    ...((type === 'model' || type === 'models') && d.selectorType ? { selector: { type: d.selectorType } } : {}),
  };
};

type Issue = keyof typeof structures;

/** The field editor's checks (spec 02 §5 "Field-definition editor"), by input. */
export const draftIssues = (d: FieldDraft, takenKeys: ReadonlySet<string>): Record<string, Issue> => {
  const issues: Record<string, Issue> = {};
  if (!d.type) issues.type = 'structures.fieldTypeRequired';
  if (!d.key.trim()) issues.key = 'structures.fieldKeyRequired';
  else if (!isStructureKey(d.key.trim())) issues.key = 'structures.keyInvalid';
  else if (takenKeys.has(d.key.trim())) issues.key = 'structures.fieldKeyTaken';
  if (!d.label.trim()) issues.label = 'structures.fieldLabelRequired';
  if (d.type === 'map') {
    if (d.children.length === 0) issues.children = 'structures.childFieldsRequired';
    const seen = new Set<string>();
    d.children.forEach((c, i) => {
      if (!c.key.trim() || !isStructureKey(c.key.trim())) issues[`children.${i}.key`] = 'structures.fieldKeyRequired';
      else if (seen.has(c.key.trim())) issues[`children.${i}.key`] = 'structures.fieldKeyTaken';
      seen.add(c.key.trim());
      if (!c.label.trim()) issues[`children.${i}.label`] = 'structures.fieldLabelRequired';
    });
  }
  if ((d.type === 'model' || d.type === 'models') && !d.selectorType)
    issues.selectorType = 'structures.selectorUnknown';
  return issues;
};

/** Adds a new field, and where asked places it in the main form and as a column of the default list. */
export const withNewField = (s: Structure, field: DataField, d: FieldDraft): Structure => ({
  ...s,
  fields: [...s.fields, field],
  forms: d.placeInMainForm
    ? s.forms.map((f) =>
        f.key === s.mainForm && !f.isPreset
          ? { ...f, fields: [...f.fields, { type: 'field', field: field.key, columns: 6 }] }
          : f,
      )
    : s.forms,
  lists:
    d.placeInList && field.type !== 'map'
      ? s.lists.map((l) => {
          if (l.key !== s.defaultList || l.isPreset) return l;
          const cell = { mapping: field.key, label: field.label, searchable: true, sortable: true };
          const at = l.cells.findIndex((c) => c.mapping === optionsMapping);
          const cells = at < 0 ? [...l.cells, cell] : [...l.cells.slice(0, at), cell, ...l.cells.slice(at)];
          return { ...l, cells };
        })
      : s.lists,
});

/** Removes a field and every reference to it in forms and lists, so the structure stays whole. */
export const withoutField = (s: Structure, key: string): Structure => {
  const strip = (elements: Structure['forms'][number]['fields']): Structure['forms'][number]['fields'] =>
    elements
      .filter((e) => !(e.type === 'field' && e.field === key))
      .map((e) =>
        e.type === 'tabs'
          ? { ...e, sections: e.sections.map((sec) => ({ ...sec, fields: strip(sec.fields) })) }
          : e.type === 'card' || e.type === 'container'
            ? { ...e, children: strip(e.children) }
            : e,
      );
  return {
    ...s,
    fields: s.fields.filter((f) => f.key !== key),
    forms: s.forms.map((f) => (f.isPreset ? f : { ...f, fields: strip(f.fields) })),
    lists: s.lists.map((l) => (l.isPreset ? l : { ...l, cells: l.cells.filter((c) => c.mapping !== key) })),
  };
};
