import {
  type AnswerTableColumn,
  type NestedQuestion,
  type Publications,
  type QueryForm,
  type Question,
  type QuestionOption,
  type QuestionType,
  queryFormLimits,
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

/**
 * The answer table a form shows until its columns are chosen by hand (issue 31 item 5): one column
 * per question (nested section keys aside), headed by the question's title.
 */
export const defaultColumns = (definition: readonly Question[]): AnswerTableColumn[] =>
  definition
    .filter((q) => !isNestedKey(q.key))
    .slice(0, queryFormLimits.columns)
    .map((q) => ({ type: 'setting-field', mapping: q.key, label: q.title.trim() || q.key }));

const sameColumns = (a: readonly AnswerTableColumn[], b: readonly AnswerTableColumn[]): boolean =>
  JSON.stringify(a) === JSON.stringify(b);

/** Whether the columns are still the default of the questions, i.e. nobody chose them by hand. */
export const followsQuestions = (draft: Pick<FormDraft, 'definition' | 'answer_table_columns'>): boolean =>
  sameColumns(draft.answer_table_columns, defaultColumns(draft.definition));

/**
 * Replaces the questions. Default columns follow along (added, removed, moved, renamed questions),
 * and so does an empty column list (a table without columns shows nothing; forms saved before the
 * default existed); columns chosen by hand keep their choice, only a renamed key and a removed
 * question carry over.
 */
export const withDefinition = (
  draft: FormDraft,
  definition: Question[],
  change: { renamed?: { from: string; to: string }; removed?: string } = {},
): FormDraft => {
  if (draft.answer_table_columns.length === 0 || followsQuestions(draft))
    return { ...draft, definition, answer_table_columns: defaultColumns(definition) };
  let columns = draft.answer_table_columns;
  if (change.renamed) columns = renameColumns(columns, change.renamed.from, change.renamed.to);
  if (change.removed !== undefined) columns = removeColumn(columns, change.removed);
  return { ...draft, definition, answer_table_columns: columns };
};

const transliterated: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/**
 * The stored value of an answer option, derived from its label (issue 31 item 5): a lower-case
 * slug ("Große Feier" → "grosse-feier"), unique among `taken` by a suffix; "option" when the label
 * has no letters or digits.
 */
export const optionValue = (label: string, taken: ReadonlySet<string>): string => {
  const slug =
    label
      .toLowerCase()
      .replace(/[äöüß]/g, (c) => transliterated[c] ?? c)
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'option';
  let value = slug;
  for (let i = 2; taken.has(value); i++) value = `${slug}-${i}`;
  return value;
};

/**
 * Sets one option's label. An option that already had a stored value (`kept`, the options the
 * question was opened with) keeps it, so earlier answers still match; a new one takes its value
 * from the label.
 */
export const relabelOption = (
  options: readonly QuestionOption[],
  index: number,
  label: string,
  kept: ReadonlySet<string>,
): QuestionOption[] =>
  options.map((o, i) => {
    if (i !== index) return o;
    if (kept.has(o.value)) return { ...o, label };
    // A blank label has no value yet, so the editor's check asks for the label.
    if (!label.trim()) return { value: '', label };
    const taken = new Set(options.filter((_, j) => j !== index).map((x) => x.value));
    return { value: optionValue(label, taken), label };
  });
