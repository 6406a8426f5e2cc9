import { auth } from '@kontor/contract/i18n/de_sie/auth';
import { common } from '@kontor/contract/i18n/de_sie/common';
import type { Catalog, Language, MessageKey, Translate } from '@kontor/contract/i18n/translate';
import { interpolate } from '@kontor/contract/i18n/translate';

/**
 * The catalogs this page has (issue 16: the login page should not ship three languages). The
 * public pages speak formal German and use only the common and auth areas, which come with the
 * page; the full formal catalog loads with the logged-in area (session-area.tsx), the informal
 * and English ones the first time an environment asks for them. One contract still: every
 * catalog is the contract's, with all keys, once it has arrived.
 */
const publicGerman: Partial<Catalog> = { ...common, ...auth };
const loaded: Partial<Record<Language, Catalog>> = {};

const loaders: Readonly<Record<Language, () => Promise<Catalog>>> = {
  de_sie: async () => (await import('@kontor/contract/i18n/de_sie')).de_sie,
  de_du: async () => (await import('@kontor/contract/i18n/de_du')).de_du,
  en: async () => (await import('@kontor/contract/i18n/en')).en,
};

const pending = new Map<Language, Promise<void>>();

/** Whether a language's texts are here; formal German always is, for the public pages. */
export const hasCatalog = (language: Language): boolean => language === 'de_sie' || loaded[language] !== undefined;

/** Fetches a language's full catalog once; a failed fetch (a deploy replaced the chunk) may be retried. */
export const loadCatalog = (language: Language): Promise<void> => {
  if (loaded[language]) return Promise.resolve();
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

const textOf = (language: Language, key: MessageKey): string =>
  loaded[language]?.[key] ?? loaded.de_sie?.[key] ?? publicGerman[key] ?? key;

/**
 * The translator of a language, looking up at call time. Until its catalog has arrived it answers
 * in formal German (and, before that one, with the key), so callers outside the providers (the api
 * helper's generic message) never fail.
 */
export const translator =
  (language: Language): Translate =>
  (key, params) =>
    interpolate(textOf(language, key), params);
