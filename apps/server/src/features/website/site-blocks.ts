import type { Cell, RecordType } from '@kontor/contract/api/record-types';
import type { Block } from '@kontor/contract/api/website';
import type { Translate } from '@kontor/contract/i18n/catalogs';
import type { EnvScope } from '../../db/env-scope';
import { recordListPage } from '../../engine/record-list.service';
import type { TypeCatalog } from '../../engine/record-types.service';
import { html, type SafeHtml, trusted } from '../../public/html';
import { sanitizeBlockHtml } from './sanitize';
import { isSafeUrl } from './website-checks';

/** What every block of one page render can see. */
export type RenderContext = Readonly<{
  scope: EnvScope;
  t: Translate;
  types: TypeCatalog;
  /** '' on the website's own host, '/site/{slug}' at the product's address. */
  base: string;
  /** Where published query forms live: /forms/{slug}/{key} of the product. */
  formsBase: string;
  company: Readonly<{
    name: string;
    phone: string | null;
    email: string | null;
    fax: string | null;
    website: string | null;
    address: Readonly<{ street: string; zip: string; city: string }> | null;
  }>;
  /** The record of a record page, its type and list cells. */
  record: Readonly<{ values: Record<string, unknown>; cells: Cell[] }> | null;
  /** Record pages by type: where a record list links each row. */
  recordPages: ReadonlyMap<string, Readonly<{ urlPath: string; mapping: string; parameter: string }>>;
}>;

const text = (value: unknown): string => (typeof value === 'string' ? value : value == null ? '' : String(value));

/** A URL a person typed, made to work under the site's base; anything unsafe becomes no link. */
export const siteHref = (url: string, base: string): string | null => {
  const u = url.trim();
  if (!u || !isSafeUrl(u)) return null;
  return u.startsWith('/') ? `${base}${u === '/' ? '/' : u}` : u;
};

export const imageUrl = (id: unknown, base: string): string | null =>
  typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id) ? `${base}/_files/${id}` : null;

/** Paragraphs from plain text: a blank line separates them, a single break stays a <br>. */
const paragraphs = (value: string) =>
  value
    .split(/\n\s*\n/)
    .filter((p) => p.trim())
    .map((p) => html`<p>${p.split('\n').map((line, i) => (i === 0 ? html`${line}` : html`<br>${line}`))}</p>`);

const dateFormat = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin' });
const money = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
const number = new Intl.NumberFormat('de-DE');

/** A record value as text, by the list cell's format (never markup). */
export const cellText = (cell: Cell, value: unknown): string => {
  if (value === null || value === undefined || value === '') return '';
  switch (cell.format) {
    case 'currency':
      return typeof value === 'number' ? money.format(value / 100) : text(value);
    case 'money':
      return Number.isFinite(Number(value)) ? money.format(Number(value)) : text(value);
    case 'number':
      return Number.isFinite(Number(value)) ? number.format(Number(value)) : text(value);
    case 'boolean':
      return value ? 'Ja' : 'Nein';
    case 'date':
    case 'datetime': {
      const d = new Date(text(value));
      return Number.isNaN(d.getTime()) ? text(value) : dateFormat.format(d);
    }
    case 'options':
      return cell.options?.find((o) => String(o.value) === String(value))?.label ?? text(value);
    default:
      return typeof value === 'object' ? '' : text(value);
  }
};

const visibleCells = (cells: Cell[]) => cells.filter((c) => c.mapping !== '___options___' && !c.buttons);

const heading = (value: unknown) => (text(value) ? html`<h2>${text(value)}</h2>` : '');

const requireRecordType = (ctx: RenderContext, key: string): RecordType => {
  const type = ctx.types.get(key);
  if (!type) throw new Error(`Unbekannter Datensatz-Typ „${key}“`);
  return type;
};

const recordList = async (block: Block, ctx: RenderContext): Promise<SafeHtml> => {
  const typeKey = text(block.fields.type);
  if (!typeKey) throw new Error('Kein Datensatz-Typ gewählt');
  const type = requireRecordType(ctx, typeKey);
  const limit = Math.min(100, Math.max(1, Number(block.fields.limit) || 20));
  const list = text(block.fields.list) || undefined;
  const page = await recordListPage(
    ctx.scope,
    type,
    { _env: '', model: 'DynamicRecord', type: type.key, list, page: 1, pageSize: limit },
    ctx.t,
  );
  const cells = visibleCells(page.cells);
  const target = ctx.recordPages.get(type.key);
  const rows = page.rows.map((row) => {
    const values = cells.map((c) => cellText(c, (row as Record<string, unknown>)[c.mapping]));
    const linkValue = target
      ? target.mapping === '_id'
        ? row._id
        : (row as Record<string, unknown>)[target.mapping]
      : null;
    // The first value that is filled names the row (an article without number by its title).
    const at = Math.max(
      0,
      values.findIndex((v) => v !== ''),
    );
    const first = values[at] ?? '';
    const label =
      target && linkValue !== null && linkValue !== undefined && text(linkValue)
        ? html`<a href="${`${ctx.base}${target.urlPath}?${target.parameter}=${encodeURIComponent(text(linkValue))}`}">${first}</a>`
        : html`${first}`;
    return html`<li><div class="cells"><span>${label}</span>${values.map((v, i) => (v && i !== at ? html`<span>${v}</span>` : ''))}</div></li>`;
  });
  return html`<section><div class="wrap">${heading(block.fields.heading)}${
    rows.length ? html`<ul class="records-list">${rows}</ul>` : html`<p class="muted">Noch keine Einträge.</p>`
  }</div></section>`;
};

const recordDetail = (block: Block, ctx: RenderContext): SafeHtml => {
  if (!ctx.record) return html``;
  const cells = visibleCells(ctx.record.cells);
  const values = cells.map((c) => ({ label: c.label, value: cellText(c, ctx.record?.values[c.mapping]) }));
  const title = text(block.fields.heading) || values[0]?.value || '';
  return html`<section><div class="wrap">${title ? html`<h1>${title}</h1>` : ''}<dl class="record">${values.map((v) =>
    v.value ? html`<dt>${v.label}</dt><dd>${v.value}</dd>` : '',
  )}</dl></div></section>`;
};

const contact = (block: Block, ctx: RenderContext): SafeHtml => {
  const c = ctx.company;
  const mail = c.email && /^[^\s<>"']+@[^\s<>"']+$/.test(c.email) ? c.email : null;
  const tel = c.phone ? c.phone.replace(/[^0-9+]/g, '') : '';
  return html`<section><div class="wrap"><div class="card">${heading(block.fields.heading)}<address>
    <strong>${c.name}</strong><br>
    ${c.address ? html`${c.address.street}<br>${c.address.zip} ${c.address.city}<br>` : ''}
    ${c.phone ? html`Telefon: <a href="${`tel:${tel}`}">${c.phone}</a><br>` : ''}
    ${c.fax ? html`Fax: ${c.fax}<br>` : ''}
    ${mail ? html`E-Mail: <a href="${`mailto:${mail}`}">${mail}</a><br>` : ''}
  </address></div></div></section>`;
};

const openingHours = (block: Block): SafeHtml => {
  const lines = text(block.fields.hours)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((line) => {
      const at = line.indexOf(':');
      return at > 0 ? { day: line.slice(0, at), time: line.slice(at + 1).trim() } : { day: line, time: '' };
    });
  return html`<section><div class="wrap"><div class="card">${heading(block.fields.heading)}<dl class="hours">${lines.map(
    (l) => html`<dt>${l.day}</dt><dd>${l.time}</dd>`,
  )}</dl></div></div></section>`;
};

const queryForm = (block: Block, ctx: RenderContext): SafeHtml => {
  const key = text(block.fields.form).trim();
  const href = key ? `${ctx.formsBase}/${encodeURIComponent(key)}` : null;
  return html`<section><div class="wrap"><div class="card">${heading(block.fields.heading)}${paragraphs(text(block.fields.text))}${
    href
      ? html`<div class="actions"><a class="button" href="${href}">${text(block.fields.button_label) || 'Zum Formular'}</a></div>`
      : ''
  }</div></div></section>`;
};

const hero = (block: Block, ctx: RenderContext): SafeHtml => {
  const img = imageUrl(block.fields.image, ctx.base);
  const href = siteHref(text(block.fields.button_url), ctx.base);
  const label = text(block.fields.button_label);
  return html`<section class="hero"><div class="wrap"><h1>${text(block.fields.heading)}</h1>${
    text(block.fields.text) ? html`<p class="lead">${text(block.fields.text)}</p>` : ''
  }${href && label ? html`<div class="actions"><a class="button" href="${href}">${label}</a></div>` : ''}${
    img ? html`<img src="${img}" alt="" width="1040" height="480">` : ''
  }</div></section>`;
};

/** Renders one block of the library; an unknown block or a failing one throws (the page decides). */
export const renderBlock = async (block: Block, ctx: RenderContext): Promise<SafeHtml> => {
  const f = block.fields;
  switch (block.type) {
    case 'hero':
      return hero(block, ctx);
    case 'text':
      return html`<section><div class="wrap">${heading(f.heading)}${paragraphs(text(f.text))}</div></section>`;
    case 'html':
      // Cleaned on save already; cleaned again here so nothing stored by any other path can run.
      return html`<section><div class="wrap">${trusted(sanitizeBlockHtml(text(f.html)))}</div></section>`;
    case 'image': {
      const img = imageUrl(f.image, ctx.base);
      return img
        ? html`<section><div class="wrap"><figure><img src="${img}" alt="${text(f.alt)}" loading="lazy">${
            text(f.caption) ? html`<figcaption>${text(f.caption)}</figcaption>` : ''
          }</figure></div></section>`
        : html``;
    }
    case 'columns':
      return html`<section><div class="wrap">${heading(f.heading)}<div class="cols"><div>${trusted(
        sanitizeBlockHtml(text(f.left)),
      )}</div><div>${trusted(sanitizeBlockHtml(text(f.right)))}</div></div></div></section>`;
    case 'contact':
      return contact(block, ctx);
    case 'opening_hours':
      return openingHours(block);
    case 'query_form':
      return queryForm(block, ctx);
    case 'record_list':
      return recordList(block, ctx);
    case 'record_detail':
      return recordDetail(block, ctx);
    default:
      throw new Error(`Block-Definition wurde nicht gefunden ... (${block.type})`);
  }
};
