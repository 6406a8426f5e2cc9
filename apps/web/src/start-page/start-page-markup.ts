import { storageKeys } from '../api/session';

/**
 * The start page arrives prerendered as the login form (start.html, see prerender.tsx). A visitor
 * with a stored session is not shown that form: the inline session check marks <html> before the
 * first paint, the inline style hides the markup, and the app renders afresh (and goes to the
 * account). The server allows this one inline script by its hash (http/web-app.ts).
 */
export const sessionMark = 'data-session';

const sessionCheck = `try{if(localStorage.getItem(${JSON.stringify(storageKeys.token)}))document.documentElement.setAttribute('${sessionMark}','')}catch(e){}`;

/** Whether #root holds the prerendered start page to hydrate; clears it when it must not be used. */
export const hasPrerenderedStartPage = (root: HTMLElement): boolean => {
  const html = document.documentElement;
  if (!html.hasAttribute(sessionMark)) return root.hasChildNodes();
  root.replaceChildren();
  html.removeAttribute(sessionMark);
  return false;
};

/**
 * Hands what a visitor typed into the prerendered form before the app took it over to the app.
 * Hydration keeps such values on the screen but not in the components' state (which still holds
 * the markup's `value`, also the input's defaultValue), so they are typed in again as an input
 * event: the value tracker is reset first, or React would see no change.
 */
export const handTypedValuesToApp = (root: HTMLElement) => {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  for (const input of root.querySelectorAll('input')) {
    const typed = input.value;
    if (typed === input.defaultValue || !setValue) continue;
    input.value = input.defaultValue;
    setValue.call(input, typed);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }
};

const stylesheets = /\s*<link rel="stylesheet"[^>]*>/g;

/**
 * index.html with the prerendered markup in #root and, first in <head>, what the first paint waits
 * for: the stylesheets and the session check. Vite puts the stylesheet after the module preloads,
 * where it would queue behind them for one of the browser's six connections.
 */
export const startPageHtml = (indexHtml: string, markup: string): string => {
  const withMarkup = indexHtml.replace('<div id="root"></div>', `<div id="root">${markup}</div>`);
  if (withMarkup === indexHtml) throw new Error('index.html has no empty <div id="root"></div>');
  const links = (withMarkup.match(stylesheets) ?? []).map((link) => link.trim());
  const blocking = [
    ...links,
    `<script>${sessionCheck}</script>`,
    `<style>html[${sessionMark}] #root{visibility:hidden}</style>`,
  ];
  return withMarkup.replace(stylesheets, '').replace('</title>', `</title>\n    ${blocking.join('\n    ')}`);
};
