import { z } from 'zod';
import { call, envScoped } from '../call';
import { stageSchema } from './record-types';

/**
 * Stage changes (spec 02 §4 "Record stage change", §7 stages/details and stages/change). The
 * details call is the change-stage screen's loading check: it refuses exactly what the change
 * would refuse, and names the consequences the confirmation shows.
 */

const typeKey = z.string().trim().min(1).max(60);
const recordId = z.string().trim().min(1).max(64);
const stageKey = z.string().trim().min(1).max(60);

const stageChangeBody = envScoped({ type: typeKey, stage: stageKey, id: recordId });

/** What entering the stage does besides changing it; the confirmation names each one. */
const stageConsequencesSchema = z.object({
  /** The record cannot be edited or removed afterwards. */
  editLock: z.boolean(),
  /** A PDF is rendered and frozen with the next number of the range. */
  freeze: z.boolean(),
  /** A cancellation record (Storno) with negated positions is made and frozen. */
  cancellation: z.boolean(),
});

export const stageTransitionSchema = z.object({
  from: z.string().nullable(),
  fromName: z.string().nullable(),
  to: z.string(),
  toName: z.string(),
  at: z.string(),
  by: z.string(),
});
export type StageTransition = z.infer<typeof stageTransitionSchema>;

export const stageDetails = call('/api/dynamic-records/stages/details', {
  body: stageChangeBody,
  data: z.object({
    stage: stageSchema,
    currentStage: stageSchema.nullable(),
    stages: z.array(stageSchema),
    consequences: stageConsequencesSchema,
    singular: z.string(),
    plural: z.string(),
    /** The record's number (or other label) for the confirmation's text; '' when it has none yet. */
    label: z.string(),
    /**
     * Freezing stages of types that issue e-invoices: the business terms (BT-…) the record still
     * misses, as German messages naming the field to fill; the freeze then makes no e-invoice.
     */
    einvoiceProblems: z.array(z.string().max(1000)).max(200).optional(),
  }),
});
export type StageDetailsData = z.infer<typeof stageDetails.data>;

const frozenDocumentSchema = z.object({
  id: z.string(),
  number: z.string(),
  sha256: z.string(),
});

export const stageChange = call('/api/dynamic-records/stages/change', {
  body: stageChangeBody,
  data: z.object({
    stage: stageSchema,
    /** The frozen document of this change, when the stage has an export. */
    frozen: frozenDocumentSchema.nullable(),
    /** The cancellation record made by this change, when the stage cancels. */
    cancellation: z.object({ id: z.string(), number: z.string() }).nullable(),
  }),
});
export type StageChangeData = z.infer<typeof stageChange.data>;

/** A record's stage history, newest first (shown on the record). */
export const stageHistory = call('/api/dynamic-records/stages/history', {
  body: envScoped({ type: typeKey, id: recordId }),
  data: z.array(stageTransitionSchema),
});

/**
 * Number ranges (issue 31): every type that numbers its records, with its pattern, the next
 * number and whether the number is drawn by itself. `minNext` is one above the highest number
 * already drawn: a number is never issued twice (§ 14 Abs. 4 Nr. 4 UStG, fortlaufende Nummer).
 */
export const numberRangeSchema = z.object({
  type: z.string(),
  name: z.string(),
  field: z.string(),
  fieldLabel: z.string(),
  assign: z.enum(['freeze', 'create']),
  format: z.string(),
  defaultFormat: z.string(),
  /** Drawn by itself when the field is left empty; always true for numbers drawn at the freeze. */
  auto: z.boolean(),
  next: z.number().int(),
  minNext: z.number().int(),
  /** The next number as it will read, e.g. RE-2026-0005. */
  example: z.string(),
});
export type NumberRange = z.infer<typeof numberRangeSchema>;

export const numberRangeLimits = { format: 40, next: 999_999_999 } as const;

export const numberRanges = call('/api/settings/number-ranges', {
  body: envScoped({}),
  data: z.array(numberRangeSchema),
});

export const saveNumberRange = call('/api/settings/number-ranges/save', {
  body: envScoped({
    type: typeKey,
    format: z.string().trim().min(1).max(numberRangeLimits.format),
    next: z.number().int().min(1).max(numberRangeLimits.next),
    auto: z.boolean(),
  }),
  data: numberRangeSchema,
});
export type SaveNumberRangeBody = z.infer<typeof saveNumberRange.body>;
