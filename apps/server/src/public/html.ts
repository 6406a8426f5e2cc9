/** Text for an HTML text node or a quoted attribute: every character that could open markup is escaped. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Markup that is already safe (built from escaped parts); `html` inserts it unchanged. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type Part = SafeHtml | string | number | null | undefined | false | readonly Part[];

const render = (part: Part): string => {
  if (part === null || part === undefined || part === false) return '';
  if (part instanceof SafeHtml) return part.value;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeHtml(String(part));
};

/**
 * A template tag that escapes every interpolated value unless it is SafeHtml, so a public page
 * cannot forget to escape what a stranger typed: html`<p>${answer}</p>`.
 */
export const html = (strings: TemplateStringsArray, ...values: Part[]): SafeHtml =>
  new SafeHtml(strings.reduce((out, s, i) => out + s + (i < values.length ? render(values[i]) : ''), ''));

/** Markup from a trusted source (a sanitiser's output, a shipped design): inserted unescaped. */
export const trusted = (markup: string): SafeHtml => new SafeHtml(markup);
