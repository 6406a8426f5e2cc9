import type { FormElement } from '../api/record-types';

/**
 * Field keys a form shows, in order, through tabs, cards and containers: the fields a save may
 * write (server) and the fields whose messages a form can show in place (web).
 */
export const formFieldKeys = (elements: readonly FormElement[]): string[] =>
  elements.flatMap((element) => {
    switch (element.type) {
      case 'field':
        return [element.field];
      case 'tabs':
        return element.sections.flatMap((section) => formFieldKeys(section.fields));
      case 'card':
      case 'container':
        return formFieldKeys(element.children);
      default:
        return [];
    }
  });
