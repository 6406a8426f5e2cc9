import { describe, expect, test } from 'vitest';
import {
  canMoveDown,
  canMoveUp,
  defaultColumns,
  emptyDraft,
  followsQuestions,
  isNestedKey,
  move,
  newQuestion,
  optionValue,
  questionsWithErrors,
  relabelOption,
  removeColumn,
  renameColumns,
  withDefinition,
} from './editor-draft';

describe('query form editor draft', () => {
  test('a new question has the spec defaults and a key from the time', () => {
    expect(newQuestion('Neue Frage ...', [], 1_700_000_000_000)).toEqual({
      type: 'question',
      questionType: 'string',
      key: 'frage_1700000000000',
      title: 'Neue Frage ...',
      default: '',
      required: false,
      columns: 12,
    });
    expect(newQuestion('x', ['frage_5'], 5).key).toBe('frage_5_2');
  });

  test('the first cannot move up, the last cannot move down', () => {
    expect(canMoveUp(0)).toBe(false);
    expect(canMoveUp(1)).toBe(true);
    expect(canMoveDown(2, 3)).toBe(false);
    expect(canMoveDown(1, 3)).toBe(true);
    expect(move(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(move(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(move(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });

  test('dotted keys are nested; columns follow renames and are removed by mapping', () => {
    expect(isNestedKey('1.2')).toBe(true);
    expect(isNestedKey('name')).toBe(false);
    const columns = [
      { type: 'setting-field' as const, mapping: 'name', label: 'Name' },
      { type: 'table-options' as const },
      { type: 'setting-field' as const, mapping: 'city', label: '' },
    ];
    expect(removeColumn(columns, 'name')).toEqual(columns.slice(1));
    expect(renameColumns(columns, 'city', 'ort')[2]).toEqual({ type: 'setting-field', mapping: 'ort', label: '' });
  });

  test('server errors are grouped by question', () => {
    expect(questionsWithErrors({ 'definition[1].key': ['a'], 'definition[1].options': ['b'], title: ['c'] })).toEqual(
      new Map([[1, ['a', 'b']]]),
    );
  });

  test('a new form shows every question by its title until the columns are changed by hand', () => {
    const name = { ...newQuestion('Name', [], 1), key: 'name' };
    const city = { ...newQuestion('Wohnort', [], 2), key: 'city' };
    let draft = withDefinition(emptyDraft(), [name]);
    expect(draft.answer_table_columns).toEqual([{ type: 'setting-field', mapping: 'name', label: 'Name' }]);
    draft = withDefinition(draft, [name, city]);
    draft = withDefinition(draft, [name, { ...city, title: 'Ort', key: 'ort' }], {
      renamed: { from: 'city', to: 'ort' },
    });
    expect(draft.answer_table_columns).toEqual([
      { type: 'setting-field', mapping: 'name', label: 'Name' },
      { type: 'setting-field', mapping: 'ort', label: 'Ort' },
    ]);
    expect(followsQuestions(draft)).toBe(true);

    // Chosen by hand: a new question adds no column, a renamed key is carried, a removed one dropped.
    const custom = {
      ...draft,
      answer_table_columns: [{ type: 'setting-field' as const, mapping: 'ort', label: 'Stadt' }],
    };
    const added = withDefinition(custom, [...draft.definition, { ...newQuestion('Alter', [], 3), key: 'age' }]);
    expect(added.answer_table_columns).toEqual(custom.answer_table_columns);
    const renamed = withDefinition(custom, [name, { ...city, key: 'town' }], { renamed: { from: 'ort', to: 'town' } });
    expect(renamed.answer_table_columns).toEqual([{ type: 'setting-field', mapping: 'town', label: 'Stadt' }]);
    expect(withDefinition(custom, [name], { removed: 'ort' }).answer_table_columns).toEqual([]);

    // A form saved without columns takes the default with its next question.
    const bare = { ...draft, answer_table_columns: [] };
    expect(withDefinition(bare, [name]).answer_table_columns).toEqual([
      { type: 'setting-field', mapping: 'name', label: 'Name' },
    ]);
  });

  test('default columns leave out nested section keys and fall back to the key without a title', () => {
    const q = (key: string, title: string) => ({ ...newQuestion(title, [], 1), key });
    expect(defaultColumns([q('a', ' '), q('1.2', 'Abschnitt')])).toEqual([
      { type: 'setting-field', mapping: 'a', label: 'a' },
    ]);
  });

  test('an option value is a unique slug of its label', () => {
    expect(optionValue('Große Feier (ab 50 Personen)', new Set())).toBe('grosse-feier-ab-50-personen');
    expect(optionValue('Café', new Set(['cafe']))).toBe('cafe-2');
    expect(optionValue('!!!', new Set())).toBe('option');
  });

  test('relabelling keeps the stored value of existing options and derives it for new ones', () => {
    const options = [
      { value: 'v1', label: 'Alt' },
      { value: 'option', label: '' },
    ];
    const kept = new Set(['v1']);
    expect(relabelOption(options, 0, 'Neu', kept)[0]).toEqual({ value: 'v1', label: 'Neu' });
    expect(relabelOption(options, 1, 'Vegetarisch', kept)[1]).toEqual({ value: 'vegetarisch', label: 'Vegetarisch' });
    expect(relabelOption(options, 1, 'V1', kept)[1]).toEqual({ value: 'v1-2', label: 'V1' });
    expect(relabelOption(options, 1, ' ', kept)[1]).toEqual({ value: '', label: ' ' });
  });
});
