import { describe, expect, test } from 'vitest';
import {
  canMoveDown,
  canMoveUp,
  isNestedKey,
  move,
  newQuestion,
  questionsWithErrors,
  removeColumn,
  renameColumns,
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
});
