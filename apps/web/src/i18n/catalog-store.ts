import { de_sie } from '@kontor/contract/i18n/de_sie';
import { type Catalog, type Language, type Translate, translatorOf } from '@kontor/contract/i18n/translate';

/**
 * The catalogs this page has: the formal German one from the start (the login and account area
 * speak it), the others fetched the first time an environment asks for them (issue 16: the login
 * page should not ship three languages).
 */
const loaded: Partial<Record<Language, Catalog>> = { de_sie };

const loaders: Readonly<Record<Exclude<Language, 'de_sie'>, () => Promise<Catalog>>> = {
  de_du: async () => (await import('@kontor/contract/i18n/de_du')).de_du,
  en: async () => (await import('@kontor/contract/i18n/en')).en,
};

const pending = new Map<Language, Promise<void>>();

export const hasCatalog = (language: Language): boolean => loaded[language] !== undefined;

/** Fetches a language's catalog once; a failed fetch (a deploy replaced the chunk) may be retried. */
export const loadCatalog = (language: Language): Promise<void> => {
  if (language === 'de_sie' || hasCatalog(language)) return Promise.resolve();
  let promise = pending.get(language);
  if (!promise) {
    promise = loaders[language]().then(
      (catalog) => {
        loaded[language] = catalog;
      },
      (error: unknown) => {
        pending.delete(language);
        throw error;
      },
    );
    pending.set(language, promise);
  }
  return promise;
};

/**
 * The translator of a language. Until its catalog has arrived it answers in formal German, so
 * callers outside the providers (the api helper's generic message) never fail.
 */
export const translator = (language: Language): Translate => translatorOf(loaded[language] ?? de_sie);
