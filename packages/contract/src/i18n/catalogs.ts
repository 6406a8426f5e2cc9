import { z } from 'zod';
import { de_du } from './de_du';
import { type Catalog, de_sie, type MessageKey } from './de_sie';
import { en } from './en';

export const languages = ['de_sie', 'de_du', 'en'] as const;
export const languageSchema = z.enum(languages);
export type Language = z.infer<typeof languageSchema>;

export const catalogs: Readonly<Record<Language, Catalog>> = { de_sie, de_du, en };

export type MessageParams = Readonly<Record<string, string | number>>;

/** Fills `{name}` placeholders; an unknown placeholder stays visible so a gap is noticed. */
export const interpolate = (text: string, params?: MessageParams): string =>
  params ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole)) : text;

export type Translate = (key: MessageKey, params?: MessageParams) => string;

export const translator =
  (language: Language): Translate =>
  (key, params) =>
    interpolate(catalogs[language][key], params);

export type { Catalog, MessageKey };
