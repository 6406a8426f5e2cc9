import { de_du } from './de_du';
import { de_sie } from './de_sie';
import { en } from './en';
import { type Catalog, type Language, type Translate, translatorOf } from './translate';

export {
  type Catalog,
  interpolate,
  type Language,
  languageSchema,
  languages,
  type MessageKey,
  type MessageParams,
  type Translate,
} from './translate';

/** All three catalogs at once: the server's and the tests' entry (the web loads them one by one). */
export const catalogs: Readonly<Record<Language, Catalog>> = { de_sie, de_du, en };

export const translator = (language: Language): Translate => translatorOf(catalogs[language]);
