import type { PageDetailsData } from '@kontor/contract/api/pages';
import { createContext, useContext } from 'react';

/** What every element of a detail page may need: the environment, the record and its type. */
type PageContextValue = Readonly<{ envKey: string; element: PageDetailsData['element'] }>;

export const PageContext = createContext<PageContextValue | null>(null);

export const usePageContext = (): PageContextValue => {
  const value = useContext(PageContext);
  if (!value) throw new Error('page element outside of a detail page');
  return value;
};
