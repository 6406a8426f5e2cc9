import { type Language, type MessageKey, type Translate, translator } from '@kontor/contract/i18n/catalogs';
import { createContext, type ReactNode, useContext, useEffect, useMemo } from 'react';

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
 * Picks the catalog for everything below it. The account area stays formal German (`de_sie`);
 * the environment shell nests another provider with the environment's `default_language`.
 */
export function I18nProvider({ language, children }: { language: Language; children: ReactNode }) {
  const depth = useContext(I18nContext).depth + 1;
  const value = useMemo(() => ({ language, t: translator(language), depth }), [language, depth]);
  useEffect(() => {
    const entry = { depth, language };
    mounted.add(entry);
    applyHtmlLang();
    return () => {
      mounted.delete(entry);
      applyHtmlLang();
    };
  }, [language, depth]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** The translate function of the nearest provider: `t('auth.loginTitle')`, `t('x', { n: 3 })`. */
export const useT = (): Translate => useContext(I18nContext).t;
export const useLanguage = (): Language => useContext(I18nContext).language;

export type { MessageKey };
