import { type AnyQuestion, type Question, queryFormLimits } from '@kontor/contract/api/query-forms';
import type { Translate } from '@kontor/contract/i18n/catalogs';

/**
 * Checking and showing answers: pure functions, shared by the public page, the portal, the answers
 * table and the CSV export. Raw input is what a page posted, already grouped: a string, a list of
 * strings (multiple choice) or, for an array question, a list of rows.
 */
export type RawAnswers = Record<string, unknown>;
export type Signature = { image?: string; name?: string };
export type CheckedAnswers = { data: Record<string, unknown>; errors: Record<string, string[]> };

const pngDataUrl = 'data:image/png;base64,';
const pngMagic = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const list = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((v): v is string => typeof v === 'string')
    : typeof value === 'string'
      ? [value]
      : [];

/** German or plain decimals: "1.234,5", "12,5", "12.5". */
export const parseNumber = (raw: string): number | null => {
  const s = raw.trim().replace(/\s/g, '');
  if (!/^-?[\d.,]+$/.test(s)) return null;
  const normalised = s.includes(',') ? s.replace(/\./g, '').replace(',', '.') : s;
  if (!/^-?\d+(\.\d+)?$/.test(normalised)) return null;
  const n = Number(normalised);
  return Number.isFinite(n) && Math.abs(n) < 1e15 ? n : null;
};

const isDate = (s: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/** A drawn signature: a real PNG behind a bounded data URL. */
export const isPngDataUrl = (value: string): boolean => {
  if (!value.startsWith(pngDataUrl) || value.length > queryFormLimits.signature) return false;
  const b64 = value.slice(pngDataUrl.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) return false;
  return Buffer.from(b64, 'base64').subarray(0, 8).equals(pngMagic);
};

type One = { value?: unknown; error?: string };

const checkOne = (q: AnyQuestion, raw: unknown, t: Translate): One => {
  const required = (empty: boolean): One | null =>
    empty ? (q.required ? { error: t('validation.required') } : {}) : null;
  switch (q.questionType) {
    case 'string':
    case 'text': {
      const max = q.questionType === 'string' ? queryFormLimits.stringAnswer : queryFormLimits.textAnswer;
      const value = q.questionType === 'string' ? text(raw).trim() : text(raw).replace(/\r\n/g, '\n').trim();
      const empty = required(value === '');
      if (empty) return empty;
      if (value.length > max) return { error: t('validation.maxLength', { n: max }) };
      return { value };
    }
    case 'number': {
      const s = text(raw).trim();
      const empty = required(s === '');
      if (empty) return empty;
      const n = parseNumber(s);
      return n === null ? { error: t('validation.number') } : { value: n };
    }
    case 'date': {
      const s = text(raw).trim();
      const empty = required(s === '');
      if (empty) return empty;
      return isDate(s) ? { value: s } : { error: t('validation.date') };
    }
    case 'selection': {
      const s = text(raw).trim();
      const empty = required(s === '');
      if (empty) return empty;
      return (q.options ?? []).some((o) => o.value === s) ? { value: s } : { error: t('queryForms.choiceInvalid') };
    }
    case 'selection-multi': {
      const values = [...new Set(list(raw).map((v) => v.trim()))].filter(Boolean);
      const empty = required(values.length === 0);
      if (empty) return empty;
      const known = new Set((q.options ?? []).map((o) => o.value));
      return values.every((v) => known.has(v)) ? { value: values } : { error: t('queryForms.choiceInvalid') };
    }
    case 'signature': {
      const sig = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
      const image = text(sig.image).trim();
      const name = text(sig.name).trim();
      const empty = required(image === '' && name === '');
      if (empty) return empty;
      if (image && !isPngDataUrl(image)) return { error: t('queryForms.signatureInvalid') };
      if (name.length > 200) return { error: t('validation.maxLength', { n: 200 }) };
      const value: Signature = {};
      if (image) value.image = image;
      if (name) value.name = name;
      return { value };
    }
    default:
      return {};
  }
};

const rowIsEmpty = (row: unknown): boolean =>
  !row ||
  typeof row !== 'object' ||
  Object.values(row).every((v) => (Array.isArray(v) ? v.length === 0 : typeof v === 'string' ? v.trim() === '' : !v));

/**
 * Checks posted answers against a form's definition: German messages keyed by question key (an
 * array question's rows as `key[i].sub`); unknown keys are dropped, empty answers left out.
 */
export const checkAnswers = (definition: readonly Question[], raw: RawAnswers, t: Translate): CheckedAnswers => {
  const data: Record<string, unknown> = {};
  const errors: Record<string, string[]> = {};
  for (const q of definition) {
    if (q.questionType === 'array') {
      const rows = (Array.isArray(raw[q.key]) ? (raw[q.key] as unknown[]) : []).filter((r) => !rowIsEmpty(r));
      if (rows.length > queryFormLimits.arrayRows) {
        errors[q.key] = [t('validation.maxEntries', { n: queryFormLimits.arrayRows })];
        continue;
      }
      if (rows.length === 0) {
        if (q.required) errors[q.key] = [t('validation.required')];
        continue;
      }
      const out = rows.map((row, i) => {
        const cells: Record<string, unknown> = {};
        for (const sub of q.definition ?? []) {
          const r = checkOne(sub, (row as Record<string, unknown>)[sub.key], t);
          if (r.error) errors[`${q.key}[${i}].${sub.key}`] = [r.error];
          else if (r.value !== undefined) cells[sub.key] = r.value;
        }
        return cells;
      });
      data[q.key] = out;
      continue;
    }
    const r = checkOne(q, raw[q.key], t);
    if (r.error) errors[q.key] = [r.error];
    else if (r.value !== undefined) data[q.key] = r.value;
  }
  return { data, errors };
};

const optionLabel = (q: AnyQuestion | undefined, value: string) =>
  q?.options?.find((o) => o.value === value)?.label || value;

/** One answer as plain text (table cells, CSV): choices by their label, signatures by a word. */
export const answerText = (q: AnyQuestion | undefined, value: unknown, t: Translate): string => {
  if (value === undefined || value === null) return '';
  if (
    q?.questionType === 'signature' ||
    (value && typeof value === 'object' && ('image' in value || 'name' in value))
  ) {
    const sig = value as Signature;
    if (sig.name) return t('queryForms.signatureTyped', { name: sig.name });
    return sig.image ? t('queryForms.signatureDrawn') : '';
  }
  if (q?.questionType === 'array' && Array.isArray(value)) {
    return value
      .map((row) =>
        (q.definition ?? [])
          .map((sub) => {
            const cell = answerText(sub, (row as Record<string, unknown>)[sub.key], t);
            return cell ? `${sub.title || sub.key}: ${cell}` : '';
          })
          .filter(Boolean)
          .join(', '),
      )
      .join(' | ');
  }
  if (Array.isArray(value)) return value.map((v) => optionLabel(q, String(v))).join(', ');
  if (typeof value === 'number') return value.toLocaleString('de-DE', { maximumFractionDigits: 10 });
  if (q?.questionType === 'date' && typeof value === 'string') {
    const [y, m, d] = value.split('-');
    return `${d}.${m}.${y}`;
  }
  if (q?.questionType === 'selection' && typeof value === 'string') return optionLabel(q, value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/** The value of `data.{mapping}`: a question key first, else a dotted path into the answer. */
export const valueAt = (data: Record<string, unknown>, mapping: string): unknown => {
  if (Object.hasOwn(data, mapping)) return data[mapping];
  let current: unknown = data;
  for (const part of mapping.split('.')) {
    if (!current || typeof current !== 'object' || !Object.hasOwn(current, part)) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
};

/** Every question of a form by key, nested ones under `array.sub` too. */
export const questionsByKey = (definition: readonly Question[]): Map<string, AnyQuestion> => {
  const map = new Map<string, AnyQuestion>();
  for (const q of definition) {
    map.set(q.key, q);
    for (const sub of q.definition ?? []) map.set(`${q.key}.${sub.key}`, sub);
  }
  return map;
};
