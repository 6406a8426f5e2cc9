import { de_du } from './de_du';
import { de_sie } from './de_sie';
import { en } from './en';
import type { Language } from './language';
import { type Catalog, type Translate, translatorOf } from './translate';

export { type Language, languageSchema, languages } from './language';
export type { MessageKey, MessageParams, Translate } from './translate';

/** All three catalogs at once: the server's and the tests' entry (the web loads them one by one). */
const catalogs: Readonly<Record<Language, Catalog>> = { de_sie, de_du, en };

export const translator = (language: Language): Translate => translatorOf(catalogs[language]);
