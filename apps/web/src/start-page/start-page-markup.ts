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

/** The start page's route beyond the entry: its stylesheets and its modules (from the build's manifest). */
type RouteAssets = Readonly<{ stylesheets: readonly string[]; modules: readonly string[] }>;

/**
 * index.html with the prerendered markup in #root and, first in <head>, what the first paint needs:
 * the stylesheets of the entry and of the login route (whose components bring their own), inlined
 * in their order so the paint waits for no request, and the session check. The route's modules are
 * preloaded, so the app takes the page over sooner. `styleOf` reads a stylesheet of the build.
 */
export const startPageHtml = (
  indexHtml: string,
  markup: string,
  route: RouteAssets,
  styleOf: (href: string) => string,
): string => {
  const withMarkup = indexHtml.replace('<div id="root"></div>', `<div id="root">${markup}</div>`);
  if (withMarkup === indexHtml) throw new Error('index.html has no empty <div id="root"></div>');
  const entryStyles = [...withMarkup.matchAll(stylesheets)].map((m) => /href="([^"]+)"/.exec(m[0])?.[1] ?? '');
  const css = [...entryStyles, ...route.stylesheets].map((href) => {
    const text = styleOf(href);
    if (/<\/style/i.test(text)) throw new Error(`${href} cannot be inlined`);
    return text;
  });
  const head = [
    `<style>${css.join('\n')}</style>`,
    `<script>${sessionCheck}</script>`,
    `<style>html[${sessionMark}] #root{visibility:hidden}</style>`,
  ];
  const preloads = route.modules.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`);
  return withMarkup
    .replace(stylesheets, '')
    .replace('</title>', `</title>\n    ${head.join('\n    ')}`)
    .replace('</head>', `  ${preloads.join('\n    ')}\n  </head>`);
};

type Manifest = Record<string, { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }>;

/** What a lazy route needs beyond the entry: its chunk and static imports, transitively, and their CSS. */
export const routeAssets = (manifest: Manifest, routeModule: string): RouteAssets => {
  const entryChunks = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`"${key}" is no chunk of the build`);
    into.add(key);
    for (const imported of chunk.imports ?? []) walk(imported, into);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key, entryChunks);
  const routeChunks = new Set<string>();
  walk(routeModule, routeChunks);
  const own = [...routeChunks].filter((key) => !entryChunks.has(key)).map((key) => manifest[key]);
  return {
    stylesheets: own.flatMap((chunk) => chunk?.css ?? []).map((file) => `/${file}`),
    modules: own.map((chunk) => `/${chunk?.file}`),
  };
};
