import { z } from 'zod';
import type { MessageKey } from './i18n/catalogs';

/**
 * A call of the spec: `POST <path>` with a JSON body, answered by the envelope
 * `{ status, message?, data?, errors? }` (a failure also carries a `code` of `errors.ts`). Both sides use the same descriptor: the server
 * registers a route from it, the web posts through it.
 */
export type Call<B extends z.ZodType = z.ZodType, D extends z.ZodType = z.ZodType> = Readonly<{
  path: string;
  body: B;
  data: D;
  /** The login call answers its payload at the envelope's top level (spec 01 §7), not under `data`. */
  topLevel?: boolean;
  /**
   * Where the spec shows a field's errors under another key than the field's own (environment
   * create: `name` is answered under `names`), body key → error key.
   */
  errorKeys?: Readonly<Record<string, string>>;
  /** The envelope's message when the body is refused, where the spec gives the form its own. */
  invalidMessage?: MessageKey;
}>;

export const call = <B extends z.ZodType, D extends z.ZodType>(
  path: string,
  def: Omit<Call<B, D>, 'path'>,
): Call<B, D> => ({ path, ...def });

export type BodyOf<C extends Call> = z.input<C['body']>;
export type DataOf<C extends Call> = z.output<C['data']>;

/** Field path (`taxes[0].name`) to the messages shown under that field. */
export type FieldErrors = Record<string, string[]>;

/** The environment key `_env` is the environment's url_slug. */
export const envKey = z.string().trim().min(1).max(120);

export const envScoped = <S extends z.ZodRawShape>(shape: S) => z.object({ _env: envKey, ...shape });

export const noBody = z.object({}).optional().default({});

export const id = z.string().trim().min(1).max(64);

/**
 * A JSON object of at most `maxKeys` entries (zod's record has no size limit). Refused as
 * `too_big` like a long array, so the message names the limit; checked before any use.
 */
export const boundedRecord = <K extends z.core.$ZodRecordKey, V extends z.ZodType>(key: K, value: V, maxKeys: number) =>
  z.record(key, value).check((ctx) => {
    if (Object.keys(ctx.value).length > maxKeys) {
      ctx.issues.push({ code: 'too_big', origin: 'object', maximum: maxKeys, inclusive: true, input: ctx.value });
    }
  });

/** Joins a zod issue path into the wire's field path notation: `positions[2].title`. */
export const fieldPath = (path: ReadonlyArray<PropertyKey>): string =>
  path.reduce<string>((acc, part) => {
    if (typeof part === 'number') return `${acc}[${part}]`;
    const key = String(part);
    return acc === '' ? key : `${acc}.${key}`;
  }, '');
