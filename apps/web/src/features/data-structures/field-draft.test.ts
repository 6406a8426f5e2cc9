import type { Structure } from '@kontor/contract/api/data-structures';
import { describe, expect, test } from 'vitest';
import { draftIssues, emptyDraft, fieldOf, ruleStart, withNewField, withoutField } from './field-draft';

const structure = {
  key: 'fahrzeuge',
  mainForm: 'main',
  defaultList: 'main',
  fields: [{ key: 'title', type: 'string', label: 'Bezeichnung', origin: 'article' }],
  forms: [{ key: 'main', name: 'Hauptformular', fields: [] }],
  lists: [{ key: 'main', name: 'Standard', type: 'simpletable', cells: [{ mapping: '___options___', label: '' }] }],
} as unknown as Structure;

describe('field editor rules (spec 02 §5)', () => {
  test('type, key and label are required; a key is unique; a map needs unique child fields', () => {
    expect(draftIssues({ ...emptyDraft(), type: '' }, new Set())).toEqual({
      type: 'structures.fieldTypeRequired',
      key: 'structures.fieldKeyRequired',
      label: 'structures.fieldLabelRequired',
    });
    expect(draftIssues({ ...emptyDraft(), key: 'title', label: 'T' }, new Set(['title']))).toEqual({
      key: 'structures.fieldKeyTaken',
    });
    const map = { ...emptyDraft(), type: 'map' as const, key: 'achsen', label: 'Achsen' };
    expect(draftIssues(map, new Set())).toEqual({ children: 'structures.childFieldsRequired' });
    const twice = {
      ...map,
      children: [
        { key: 'a', label: 'A', type: 'string' as const },
        { key: 'a', label: 'B', type: 'string' as const },
      ],
    };
    expect(draftIssues(twice, new Set())).toEqual({ 'children.1.key': 'structures.fieldKeyTaken' });
  });

  test('rules start with the defaults of spec 02 §5 and only offered rules are kept', () => {
    expect([
      ruleStart('required'),
      ruleStart('minLength'),
      ruleStart('maxLength'),
      ruleStart('min'),
      ruleStart('max'),
    ]).toEqual([true, 1, 10, 1, 10]);
    const field = fieldOf({ ...emptyDraft(), type: 'integer', key: 'km', label: 'km', rules: { min: 1, email: true } });
    expect(field.validation).toEqual({ min: 1 });
  });

  test('a new field can go into the main form and before the buttons column; removal drops every reference', () => {
    const draft = { ...emptyDraft(), key: 'kennzeichen', label: 'Kennzeichen', placeInList: true };
    const added = withNewField(structure, fieldOf(draft), draft);
    expect(added.forms[0]?.fields).toEqual([{ type: 'field', field: 'kennzeichen', columns: 6 }]);
    expect(added.lists[0]?.cells.map((c) => c.mapping)).toEqual(['kennzeichen', '___options___']);
    const removed = withoutField(added, 'kennzeichen');
    expect(removed.forms[0]?.fields).toEqual([]);
    expect(removed.lists[0]?.cells.map((c) => c.mapping)).toEqual(['___options___']);
  });
});
