import type {
  AnswerTableColumn,
  NestedQuestion,
  Publications,
  QueryForm,
  Question,
  QuestionType,
} from '@kontor/contract/api/query-forms';

/** What the editor changes before 'Speichern'. */
export type FormDraft = {
  title: string;
  definition: Question[];
  answer_table_columns: AnswerTableColumn[];
  filled_once: boolean;
  publications: Publications;
};

export const emptyDraft = (): FormDraft => ({
  title: '',
  definition: [],
  answer_table_columns: [],
  filled_once: false,
  publications: { html_website: { is_active: false, publish_key: null } },
});

export const draftOf = (form: QueryForm): FormDraft => ({
  title: form.title,
  definition: form.definition,
  answer_table_columns: form.answer_table_columns,
  filled_once: form.filled_once,
  publications: form.publications,
});

/**
 * Spec 02 §2.7: a new question is of type string, keyed by the time, titled 'Neue Frage ...',
 * with an empty default, not required, 12 columns wide. The time key gets a suffix when two
 * questions are added within the same millisecond.
 */
export const newQuestion = (title: string, taken: readonly string[], now = Date.now()): Question => {
  let key = `frage_${now}`;
  for (let i = 2; taken.includes(key); i++) key = `frage_${now}_${i}`;
  return { type: 'question', questionType: 'string', key, title, default: '', required: false, columns: 12 };
};

export const newNestedQuestion = (title: string, taken: readonly string[], now = Date.now()): NestedQuestion => {
  const { definition: _none, ...q } = newQuestion(title, taken, now);
  return q as NestedQuestion;
};

export const canMoveUp = (index: number): boolean => index > 0;
export const canMoveDown = (index: number, length: number): boolean => index < length - 1;

/** Moves one entry a step up (-1) or down (+1); a move past either end changes nothing. */
export const move = <T>(list: readonly T[], index: number, step: -1 | 1): T[] => {
  const target = index + step;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
};

/** A dotted index key names a nested element (inside a section): the editor cannot open or save it. */
export const isNestedKey = (key: string): boolean => key.includes('.');

export const keyPattern = /^[A-Za-z0-9_][A-Za-z0-9_-]*$/;

export const hasOptions = (type: QuestionType): boolean => type === 'selection' || type === 'selection-multi';

/** Removes every answer-table column that shows `mapping` (spec: "a column can be removed by its mapping"). */
export const removeColumn = (columns: readonly AnswerTableColumn[], mapping: string): AnswerTableColumn[] =>
  columns.filter((c) => c.type !== 'setting-field' || c.mapping !== mapping);

/** Renaming a question's key carries its answer-table columns along. */
export const renameColumns = (columns: readonly AnswerTableColumn[], from: string, to: string): AnswerTableColumn[] =>
  from === to
    ? [...columns]
    : columns.map((c) => (c.type === 'setting-field' && c.mapping === from ? { ...c, mapping: to } : c));

/** The question indexes the server's field errors name (`definition[3].key` → 3). */
export const questionsWithErrors = (errors: Record<string, string[]>): Map<number, string[]> => {
  const out = new Map<number, string[]>();
  for (const [path, messages] of Object.entries(errors)) {
    const m = /^definition\[(\d+)\]/.exec(path);
    if (m) out.set(Number(m[1]), [...(out.get(Number(m[1])) ?? []), ...messages]);
  }
  return out;
};
