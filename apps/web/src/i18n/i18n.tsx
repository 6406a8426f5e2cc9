import type { Language, MessageKey, Translate } from '@kontor/contract/i18n/translate';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { hasCatalog, loadCatalog, translator } from './catalog-store';

type I18n = Readonly<{ language: Language; t: Translate; depth: number }>;

const defaultLanguage: Language = 'de_sie';
const I18nContext = createContext<I18n>({ language: defaultLanguage, t: translator(defaultLanguage), depth: 0 });

const htmlLang: Record<Language, string> = { de_sie: 'de', de_du: 'de', en: 'en' };

// The innermost mounted provider names the page language (<html lang>) for screen readers.
const mounted = new Set<{ depth: number; language: Language }>();
const applyHtmlLang = () => {
  let innermost: { depth: number; language: Language } | undefined;
  for (const entry of mounted) if (!innermost || entry.depth >= innermost.depth) innermost = entry;
  document.documentElement.lang = htmlLang[innermost?.language ?? defaultLanguage];
};

/**
 * Whether a language's catalog is here; fetches it when not. A failed fetch is thrown in render,
 * so the route's error view offers the reload.
 */
const useCatalog = (language: Language): boolean => {
  const [, setArrived] = useState<Language | null>(null);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const ready = hasCatalog(language);
  useEffect(() => {
    if (ready) return;
    let current = true;
    loadCatalog(language).then(
      () => current && setArrived(language),
      (error: unknown) => current && setFailure({ error }),
    );
    return () => {
      current = false;
    };
  }, [language, ready]);
  if (failure) throw failure.error;
  return ready;
};

/**
 * Picks the catalog for everything below it. The account area stays formal German (`de_sie`);
 * the environment shell nests another provider with the environment's `default_language`. Until
 * another language's catalog has arrived, `fallback` stands in for the children.
 */
export function I18nProvider({
  language,
  fallback = null,
  children,
}: {
  language: Language;
  fallback?: ReactNode;
  children: ReactNode;
}) {
  const depth = useContext(I18nContext).depth + 1;
  const ready = useCatalog(language);
  const value = useMemo(() => (ready ? { language, t: translator(language), depth } : null), [language, depth, ready]);
  useEffect(() => {
    if (!ready) return;
    const entry = { depth, language };
    mounted.add(entry);
    applyHtmlLang();
    return () => {
      mounted.delete(entry);
      applyHtmlLang();
    };
  }, [language, depth, ready]);
  if (!value) return fallback;
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** The translate function of the nearest provider: `t('auth.loginTitle')`, `t('x', { n: 3 })`. */
export const useT = (): Translate => useContext(I18nContext).t;

export type { MessageKey };
