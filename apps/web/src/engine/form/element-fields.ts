import type { FormElement } from '@kontor/contract/api/record-types';

/** Field keys an element list shows, through tabs, cards and containers (as the server reads a form). */
export const elementFieldKeys = (elements: readonly FormElement[]): string[] =>
  elements.flatMap((element) => {
    switch (element.type) {
      case 'field':
        return [element.field];
      case 'tabs':
        return element.sections.flatMap((section) => elementFieldKeys(section.fields));
      case 'card':
      case 'container':
        return elementFieldKeys(element.children);
      default:
        return [];
    }
  });

/** The top-level field of an error path: `positions[2].title` → `positions`. */
export const fieldOfPath = (path: string): string => path.split(/[.[]/)[0] ?? path;

/** Grid width of an element: 1 to 12, default 12 (spec 01 §9). */
export const columnsOf = (element: { columns?: number | undefined }): number => {
  const columns = Math.round(element.columns ?? 12);
  return Number.isFinite(columns) ? Math.min(12, Math.max(1, columns)) : 12;
};
