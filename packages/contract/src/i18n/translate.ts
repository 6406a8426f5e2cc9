import type { Catalog, MessageKey } from './de_sie';
import type { Language } from './language';

/**
 * The catalog contract without the catalogs themselves and without zod: placeholders and a
 * translator over one catalog. The web app imports this and loads each language's catalog when it
 * is first used (issue 16); `catalogs.ts` binds all three for the server and the tests.
 */
export type MessageParams = Readonly<Record<string, string | number>>;

/** Fills `{name}` placeholders; an unknown placeholder stays visible so a gap is noticed. */
export const interpolate = (text: string, params?: MessageParams): string =>
  params ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole)) : text;

export type Translate = (key: MessageKey, params?: MessageParams) => string;

export const translatorOf =
  (catalog: Catalog): Translate =>
  (key, params) =>
    interpolate(catalog[key], params);

export type { Catalog, Language, MessageKey };
