import { z } from 'zod';
import { call, envScoped } from '../call';

/**
 * Query forms (spec 02 §2.7, §3 "Query form", §7 query-forms/*): questionnaires whose answers land
 * in the environment. Answers are listed through simpletable/data (model QueryFormAnswer with
 * `filter.formular`); the CSV export is our addition.
 */

export const questionTypes = [
  'string',
  'text',
  'number',
  'date',
  'selection',
  'selection-multi',
  'array',
  'signature',
] as const;
export type QuestionType = (typeof questionTypes)[number];

export const queryFormLimits = {
  title: 200,
  questions: 200,
  nestedQuestions: 50,
  options: 100,
  columns: 30,
  questionTitle: 500,
  key: 64,
  /** Longest answer per question type (characters). */
  stringAnswer: 1000,
  textAnswer: 10_000,
  /** A drawn signature: a PNG data URL of at most this many characters (about 110 KB of image). */
  signature: 150_000,
  /** Rows of an array question per answer. */
  arrayRows: 50,
  /** Query forms of one environment. */
  formsPerEnvironment: 200,
  /** Answers a CSV export holds at most. */
  exportRows: 10_000,
} as const;

/** A question's key: letters, digits, `_` and `-`; a dot marks a nested (section) key, which the editor cannot open. */
const questionKey = z
  .string()
  .trim()
  .min(1)
  .max(queryFormLimits.key)
  .regex(/^[A-Za-z0-9_][A-Za-z0-9_.-]*$/);

export const questionOptionSchema = z.object({
  value: z.string().trim().min(1).max(200),
  label: z.string().trim().max(200),
});
export type QuestionOption = z.infer<typeof questionOptionSchema>;

const questionShape = {
  type: z.literal('question'),
  questionType: z.enum(questionTypes).default('string'),
  key: questionKey,
  title: z.string().trim().max(queryFormLimits.questionTitle),
  columns: z.number().int().min(1).max(12).default(12),
  required: z.boolean().default(false),
  default: z
    .union([z.string().max(queryFormLimits.stringAnswer), z.number(), z.array(z.string().max(200)).max(100)])
    .nullable()
    .optional(),
  options: z.array(questionOptionSchema).max(queryFormLimits.options).optional(),
};

/** A question inside an array question (one level: an array holds no further arrays). */
export const nestedQuestionSchema = z.object({
  ...questionShape,
  questionType: z.enum(questionTypes).exclude(['array']).default('string'),
});
export type NestedQuestion = z.infer<typeof nestedQuestionSchema>;

/** Spec 02 §3 "Definition element". */
export const questionSchema = z.object({
  ...questionShape,
  definition: z.array(nestedQuestionSchema).max(queryFormLimits.nestedQuestions).optional(),
});
export type Question = z.infer<typeof questionSchema>;
export type AnyQuestion = Question | NestedQuestion;

/** Spec 02 §3 "answer_table_columns". */
export const answerTableColumnSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('setting-field'),
    mapping: z.string().trim().min(1).max(200),
    label: z.string().trim().max(200).default(''),
  }),
  z.object({ type: z.literal('table-options') }),
]);
export type AnswerTableColumn = z.infer<typeof answerTableColumnSchema>;

export const publicationsSchema = z.object({
  html_website: z.object({
    is_active: z.boolean(),
    /** Given by the server on the first save with an active publication; the client's value is ignored. */
    publish_key: z.string().max(64).nullable(),
  }),
});
export type Publications = z.infer<typeof publicationsSchema>;

export const queryFormSchema = z.object({
  _id: z.string(),
  title: z.string(),
  name: z.string(),
  definition: z.array(questionSchema),
  answer_table_columns: z.array(answerTableColumnSchema),
  filled_once: z.boolean(),
  publications: publicationsSchema,
  /** The public fill page ({APP_URL}/forms/{url_slug}/{publish_key}) while published, else null. */
  public_url: z.string().nullable(),
  answers: z.number().int().min(0),
});
export type QueryForm = z.infer<typeof queryFormSchema>;

const queryFormSummarySchema = z.object({
  _id: z.string(),
  title: z.string(),
  filled_once: z.boolean(),
  published: z.boolean(),
  answers: z.number().int().min(0),
});

const queryFormId = z.string().trim().min(1).max(64);

export const listQueryForms = call('/api/query-forms/list', {
  body: envScoped({}),
  data: z.array(queryFormSummarySchema),
});

export const queryFormDetails = call('/api/query-forms/details', {
  body: envScoped({ id: queryFormId }),
  data: queryFormSchema,
});

export const saveQueryForm = call('/api/query-forms/save', {
  body: envScoped({
    id: queryFormId,
    title: z.string().trim().max(queryFormLimits.title),
    definition: z.array(questionSchema).max(queryFormLimits.questions),
    answer_table_columns: z.array(answerTableColumnSchema).max(queryFormLimits.columns),
    filled_once: z.boolean(),
    publications: publicationsSchema,
  }),
  data: z.object({ id: z.string() }),
});

/** CSV of a form's answers (UTF-8 with BOM, semicolons: German Excel opens it as it is). */
export const exportQueryFormAnswers = call('/api/query-forms/answers/export', {
  body: envScoped({ id: queryFormId }),
  data: z.object({ filename: z.string(), csv: z.string() }),
});
