import type { DataField, Form, FormElement, List, RecordType } from '../api/record-types';
import { limits, optionsMapping } from '../api/record-types';
import type { structures } from '../i18n/de_sie/structures';
import { type RuleName, rulesFor } from './validation';

/**
 * The rules a data structure must keep beyond its zod model (spec 02 §5 "Field-definition editor",
 * "Lists and forms", "Query form links"): unique keys, child fields of maps, rules offered per type,
 * forms and lists naming existing fields. Pure, so the editor and the server check alike; the
 * server refuses a save with any finding and writes nothing.
 */

type StructureIssue = Readonly<{ path: string; key: keyof typeof structures; params?: Record<string, string> }>;

/** A key the engine can sort, search and index by (the sort index's field pattern). */
const indexableKey = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

/** Mappings a list cell may name besides the fields: the buttons column and the record's stage. */
const extraMappings = new Set([optionsMapping, 'stage']);

type StructureInput = Pick<
  RecordType,
  'fields' | 'forms' | 'mainForm' | 'lists' | 'defaultList' | 'settings' | 'settingValues' | 'queryForms'
>;

const checkFields = (
  fields: readonly DataField[],
  path: string,
  issues: StructureIssue[],
  types: ReadonlySet<string>,
) => {
  const seen = new Set<string>();
  fields.forEach((field, i) => {
    const at = `${path}[${i}]`;
    if (seen.has(field.key)) issues.push({ path: `${at}.key`, key: 'structures.fieldKeyTaken' });
    seen.add(field.key);
    if (field.label.trim() === '') issues.push({ path: `${at}.label`, key: 'structures.fieldLabelRequired' });
    if (field.origin) return;
    const offered = rulesFor(field.type);
    for (const rule of Object.keys(field.validation ?? {})) {
      if (!offered.includes(rule as RuleName)) {
        issues.push({ path: `${at}.validation.${rule}`, key: 'structures.ruleNotOffered' });
      }
    }
    if (field.type === 'map' && !field.subType) {
      if (!field.definition?.length) issues.push({ path: `${at}.definition`, key: 'structures.childFieldsRequired' });
      else checkFields(field.definition, `${at}.definition`, issues, types);
    }
    if ((field.type === 'model' || field.type === 'models') && field.selector && !types.has(field.selector.type)) {
      issues.push({ path: `${at}.selector.type`, key: 'structures.selectorUnknown' });
    }
  });
};

const fieldRefs = (elements: readonly FormElement[], out: string[] = []): string[] => {
  for (const element of elements) {
    if (element.type === 'field') out.push(element.field);
    else if (element.type === 'tabs') for (const section of element.sections) fieldRefs(section.fields, out);
    else if (element.type === 'card' || element.type === 'container') fieldRefs(element.children, out);
  }
  return out;
};

const checkForms = (
  forms: readonly Form[],
  input: StructureInput,
  fieldKeys: Set<string>,
  issues: StructureIssue[],
) => {
  const seen = new Set<string>();
  forms.forEach((form, i) => {
    if (seen.has(form.key)) issues.push({ path: `forms[${i}].key`, key: 'structures.formKeyTaken' });
    seen.add(form.key);
    if (form.isPreset) return;
    for (const ref of fieldRefs(form.fields)) {
      if (!fieldKeys.has(ref)) issues.push({ path: `forms[${i}].fields`, key: 'structures.unknownField' });
    }
  });
  if (!seen.has(input.mainForm)) issues.push({ path: 'mainForm', key: 'structures.mainFormRequired' });
};

const checkLists = (
  lists: readonly List[],
  input: StructureInput,
  fieldKeys: Set<string>,
  issues: StructureIssue[],
) => {
  const seen = new Set<string>();
  const sorted = new Set<string>();
  lists.forEach((list, i) => {
    list.cells.forEach((cell, c) => {
      if (!cell.sortable || sorted.has(cell.mapping)) return;
      sorted.add(cell.mapping);
      // Each sorted field keeps a key per record (record_sort_keys): bounded per type.
      if (sorted.size === limits.sortableFields + 1) {
        issues.push({
          path: `lists[${i}].cells[${c}].sortable`,
          key: 'structures.tooManySortable',
          params: { n: String(limits.sortableFields) },
        });
      }
    });
    if (seen.has(list.key)) issues.push({ path: `lists[${i}].key`, key: 'structures.listKeyTaken' });
    seen.add(list.key);
    if (list.isPreset) return;
    if (list.name.trim() === '') issues.push({ path: `lists[${i}].name`, key: 'structures.listNameRequired' });
    list.cells.forEach((cell, c) => {
      const at = `lists[${i}].cells[${c}]`;
      const known = fieldKeys.has(cell.mapping) || extraMappings.has(cell.mapping);
      if (!known) issues.push({ path: `${at}.mapping`, key: 'structures.unknownField' });
      else if (
        (cell.searchable || cell.sortable) &&
        (!fieldKeys.has(cell.mapping) || !indexableKey.test(cell.mapping))
      ) {
        issues.push({ path: `${at}.mapping`, key: 'structures.cellNotIndexable' });
      }
    });
  });
  if (!seen.has(input.defaultList)) issues.push({ path: 'defaultList', key: 'structures.defaultListRequired' });
};

const checkSettings = (input: StructureInput, issues: StructureIssue[]) => {
  const byKey = new Map<string, string>();
  input.settings.forEach((setting, i) => {
    if (byKey.has(setting.key)) issues.push({ path: `settings[${i}].key`, key: 'structures.settingKeyTaken' });
    byKey.set(setting.key, setting.type);
  });
  for (const [key, value] of Object.entries(input.settingValues)) {
    if (byKey.get(key) !== typeof value)
      issues.push({ path: `settingValues.${key}`, key: 'structures.settingValueInvalid' });
  }
  const forms = new Set<string>();
  input.queryForms.forEach((link, i) => {
    if (forms.has(link.form)) issues.push({ path: `queryForms[${i}].form`, key: 'structures.queryFormTwice' });
    forms.add(link.form);
    if (link.portal_requirement && !link.portal_fillable) {
      issues.push({ path: `queryForms[${i}].portal_requirement`, key: 'structures.portalRequirement' });
    }
  });
};

/**
 * Every issue of a whole structure. `types` are the type keys a model field may select (the
 * environment's types and the base types standing for their children).
 */
export const structureIssues = (input: StructureInput, types: ReadonlySet<string>): StructureIssue[] => {
  const issues: StructureIssue[] = [];
  checkFields(input.fields, 'fields', issues, types);
  const fieldKeys = new Set(input.fields.map((f) => f.key));
  checkForms(input.forms, input, fieldKeys, issues);
  checkLists(input.lists, input, fieldKeys, issues);
  checkSettings(input, issues);
  return issues;
};

/** Letters, digits and underscore, starting with a letter (a JSON key the engine can index). */
export const isStructureKey = (key: string): boolean => /^[A-Za-z][A-Za-z0-9_]{0,59}$/.test(key);

/** A key suggested from a name (spec 02 §5 "Export copy"): lower case, spaces to underscores, the rest dropped. */
export const suggestKey = (name: string): string =>
  name
    .toLowerCase()
    .replace(/ /g, '_')
    .replace(/[^a-z0-9_]/g, '');
