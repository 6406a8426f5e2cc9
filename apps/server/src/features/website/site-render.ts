import type { Block, MenuEntry } from '@kontor/contract/api/website';
import { translator } from '@kontor/contract/i18n/catalogs';
import type { EnvScope } from '../../db/env-scope';
import { recordListPage, requireList } from '../../engine/record-list.service';
import { loadTypes } from '../../engine/record-types.service';
import { loadForm } from '../../engine/records.service';
import { html, type SafeHtml, trusted } from '../../public/html';
import { htmlDocument } from '../../public/public-page';
import { environmentById } from '../environments/environments.service';
import { designCss, designs, findDesign } from './designs';
import { sanitizeBlockHtml } from './sanitize';
import { imageUrl, type RenderContext, renderBlock, siteHref } from './site-blocks';
import { type PageRow, type WebsiteRow, websiteRepo } from './website.repo';

const t = translator('de_sie');

/** What failed while rendering: for the server log only, never for the page (issue 30). */
export type RenderFailure = Readonly<{ block: string | null; error: unknown }>;

export type Rendered = Readonly<{
  status: number;
  body: string;
  style: string;
  countable: boolean;
  failures: readonly RenderFailure[];
}>;

export type Address = Readonly<{ base: string; formsBase: string; path: string; query: URLSearchParams }>;

const fallbackStyle = designCss(designs[0] as NonNullable<(typeof designs)[number]>, {});

/** A friendly page of our own (site inactive, nothing found, an error): never a stack trace (issue 30). */
const plainPage = (status: number, title: string, message: string, failures: RenderFailure[]): Rendered => ({
  status,
  style: fallbackStyle,
  countable: false,
  failures,
  body: htmlDocument({
    title,
    style: fallbackStyle,
    indexable: false,
    body: html`<main id="inhalt"><section><div class="wrap"><h1>${title}</h1><p>${message}</p></div></section></main>`,
  }),
});

const menuList = (entries: MenuEntry[], base: string, current: string): SafeHtml =>
  html`<ul>${entries.map((e) => {
    const href = siteHref(e.url, base);
    const attrs = e.attributes ?? {};
    const blank = attrs.target === '_blank';
    const link = href
      ? html`<a href="${href}"${href === current ? html` aria-current="page"` : ''}${
          attrs.title ? html` title="${attrs.title}"` : ''
        }${attrs['aria-label'] ? html` aria-label="${attrs['aria-label']}"` : ''}${
          blank ? html` target="_blank" rel="noopener noreferrer"` : ''
        }>${e.label}</a>`
      : html`<span>${e.label}</span>`;
    return html`<li>${link}${e.children?.length ? menuList(e.children, base, current) : ''}</li>`;
  })}</ul>`;

/** The page a path names: the homepage at '/', else by url_path; null when there is none. */
const findPage = async (scope: EnvScope, site: WebsiteRow, path: string): Promise<PageRow | null> => {
  const repo = websiteRepo(scope);
  if (path === '/' || path === '') {
    if (site.homepage) {
      const home = await repo.page(site.homepage);
      if (home) return home;
    }
    return (await repo.pages())[0] ?? null;
  }
  return (await repo.pageByPath(path.replace(/\/+$/, '').toLowerCase())) ?? null;
};

/** The record a record page shows: by id, or by a list field (with the page's conditions). */
const findRecord = async (
  scope: EnvScope,
  ctx: Pick<RenderContext, 'types'>,
  page: PageRow,
  query: URLSearchParams,
): Promise<RenderContext['record']> => {
  const rp = page.recordPage;
  if (!rp) return null;
  const value = query.get(rp.url_parameter);
  const type = ctx.types.get(rp.type);
  if (!value || !type || value.length > 200) return null;
  const list = requireList(type, undefined, t);
  let values: Record<string, unknown> | null = null;
  if (rp.mapping === '_id') {
    const form = await loadForm(
      { scope, types: ctx.types, t, writable: false, actor: 'system' },
      {
        type: type.key,
        id: value,
      },
    ).catch(() => null);
    values = form ? form.values : null;
    if (values && rp.conditions.some((c) => String(values?.[c.field] ?? '') !== c.value)) values = null;
  } else {
    const filter = Object.fromEntries([...rp.conditions.map((c) => [c.field, c.value]), [rp.mapping, value]]);
    const found = await recordListPage(
      scope,
      type,
      { _env: '', model: 'DynamicRecord', type: type.key, page: 1, pageSize: 1, filter },
      t,
    );
    values = (found.rows[0] as Record<string, unknown> | undefined) ?? null;
  }
  return values ? { values, cells: list.cells } : null;
};

type EnvRow = Awaited<ReturnType<typeof environmentById>>;

const companyOf = async (
  scope: EnvScope,
  env: EnvRow,
  types: RenderContext['types'],
): Promise<RenderContext['company']> => {
  let address: RenderContext['company']['address'] = null;
  if (env?.defaultAddressInvoice) {
    const form = await loadForm(
      { scope, types, t, writable: false, actor: 'system' },
      { type: 'envAddresses', id: env.defaultAddressInvoice },
    ).catch(() => null);
    const v = form?.values ?? {};
    if (form) {
      address = {
        street: [v.street, v.housenumber].filter(Boolean).join(' '),
        zip: String(v.zip ?? ''),
        city: String(v.city ?? ''),
      };
    }
  }
  return {
    name: env?.name ?? '',
    phone: env?.phone ?? null,
    email: env?.email ?? null,
    fax: env?.fax ?? null,
    website: env?.website ?? null,
    address,
  };
};

/**
 * Renders one public page of an environment's website: the design's frame (header with logo and
 * main menu, footer with footer menu, contact and footer HTML) around the page's blocks. A block
 * that fails is left out, or marked as failed when the website's debug flag is on. The error
 * itself goes to the server log only: a public GET carries no staff credential (staff use bearer
 * tokens), so no page can tell a previewing member from a visitor (issue 30).
 */
export const renderSite = async (scope: EnvScope, address: Address): Promise<Rendered> => {
  const repo = websiteRepo(scope);
  const site = await repo.website();
  if (!site?.isActive) {
    return plainPage(404, 'Seite nicht gefunden', 'Diese Website gibt es nicht oder sie ist nicht aktiv.', []);
  }
  try {
    return await renderActive(scope, site, address);
  } catch (error) {
    return plainPage(
      500,
      'Die Seite kann gerade nicht angezeigt werden',
      'Bitte versuchen Sie es in einigen Minuten noch einmal.',
      [{ block: null, error }],
    );
  }
};

const renderActive = async (scope: EnvScope, site: WebsiteRow, address: Address): Promise<Rendered> => {
  const repo = websiteRepo(scope);
  const design = findDesign(site.design) ?? designs[0];
  if (!design) throw new Error('no design');
  const config = site.designConfig[design.key] ?? {};
  const env = await environmentById(scope);
  const types = await loadTypes(scope, env?.configUpdatedAt ?? new Date(0));
  let page = await findPage(scope, site, address.path);
  let status = 200;
  const partial = { types };
  let record: RenderContext['record'] = null;
  if (page?.recordPage) {
    record = await findRecord(scope, partial, page, address.query);
    if (!record) page = null;
  }
  if (!page) {
    status = 404;
    page = (await repo.notFoundPage()) ?? null;
    record = null;
  }
  const [menus, recordPageRows, company] = await Promise.all([
    repo.menus(),
    repo.recordPages(),
    companyOf(scope, env, types),
  ]);
  const recordPages = new Map(
    recordPageRows
      .filter((r) => r.recordPage)
      .map((r) => [
        r.recordPage?.type ?? '',
        { urlPath: r.urlPath, mapping: r.recordPage?.mapping ?? '_id', parameter: r.recordPage?.url_parameter ?? 'id' },
      ]),
  );
  const ctx: RenderContext = {
    scope,
    t,
    types,
    base: address.base,
    formsBase: address.formsBase,
    company,
    record,
    recordPages,
  };
  const blocks: Block[] = page?.blocks ?? [
    {
      type: 'text',
      designblock: true,
      fields: { heading: 'Seite nicht gefunden', text: 'Die aufgerufene Seite gibt es auf dieser Website nicht.' },
    },
  ];
  const rendered: SafeHtml[] = [];
  const failures: RenderFailure[] = [];
  for (const block of blocks) {
    try {
      rendered.push(await renderBlock(block, ctx));
    } catch (error) {
      failures.push({ block: block.type, error });
      if (site.debug) {
        rendered.push(
          html`<section><div class="wrap"><pre class="error">${t('website.blockFailed', { block: block.type })}</pre></div></section>`,
        );
      }
    }
  }
  const slotMenu = (slot: string) => menus.find((m) => m.designUsage[design.key] === slot);
  const current = `${address.base}${page && page.id === site.homepage ? '/' : (page?.urlPath ?? '')}`;
  const main = slotMenu('main');
  const footer = slotMenu('footer');
  const logo = imageUrl(config.logo, address.base);
  const siteTitle = site.title || company.name;
  const tagline = typeof config.tagline === 'string' ? config.tagline : '';
  const showContact = config.show_contact_footer !== false;
  const footerHtml = typeof config.footer_html === 'string' ? sanitizeBlockHtml(config.footer_html) : '';
  const pageTitle = page?.title ? (page.title === siteTitle ? page.title : `${page.title} – ${siteTitle}`) : siteTitle;
  const style = designCss(design, config);
  const body = html`<a class="skip" href="#inhalt">Zum Inhalt springen</a>
<header class="site"><div class="wrap"><a class="brand" href="${`${address.base}/`}">${
    logo ? html`<img src="${logo}" alt="" width="132" height="44">` : ''
  }<span>${siteTitle}${tagline ? html`<span class="tagline">${tagline}</span>` : ''}</span></a>${
    main?.definition.length
      ? html`<nav aria-label="Hauptnavigation">${menuList(main.definition, address.base, current)}</nav>`
      : ''
  }</div></header>
<main id="inhalt">${rendered}</main>
<footer class="site"><div class="wrap">${
    showContact
      ? html`<address><strong>${company.name}</strong>${
          company.address ? html`<br>${company.address.street}<br>${company.address.zip} ${company.address.city}` : ''
        }${company.phone ? html`<br>Telefon: ${company.phone}` : ''}</address>`
      : ''
  }${footer?.definition.length ? html`<nav aria-label="Fußbereich">${menuList(footer.definition, address.base, current)}</nav>` : ''}${
    footerHtml ? html`<div>${trusted(footerHtml)}</div>` : ''
  }</div></footer>`;
  const head = html`<link rel="icon" href="${`${address.base}/favicon.ico`}">${site.metaDescription ? html`<meta name="description" content="${site.metaDescription}">` : ''}${
    site.metaKeywords ? html`<meta name="keywords" content="${site.metaKeywords}">` : ''
  }`;
  return {
    status,
    style,
    countable: status === 200,
    failures,
    body: htmlDocument({ title: pageTitle, body, style, indexable: status === 200, head }),
  };
};

/** Absolute addresses of the site's pages for sitemap.xml (record and not-found pages left out). */
export const sitemapXml = async (scope: EnvScope, origin: string): Promise<string | null> => {
  const repo = websiteRepo(scope);
  const site = await repo.website();
  if (!site?.isActive) return null;
  const pages = (await repo.pages()).filter((p) => !p.recordPage && !p.setAsNotFoundPage);
  const entry = (p: PageRow) =>
    html`<url><loc>${`${origin}${p.id === site.homepage ? '/' : p.urlPath}`}</loc><lastmod>${p.updatedAt
      .toISOString()
      .slice(0, 10)}</lastmod></url>`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${html`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${pages.map(entry)}</urlset>`.value}`;
};

/**
 * Whether a file is used by the published site (a design image or an image block): only those are
 * served publicly, never an arbitrary file of the environment.
 */
export const isPublishedFile = async (scope: EnvScope, fileId: string): Promise<boolean> => {
  const repo = websiteRepo(scope);
  const site = await repo.website();
  if (!site?.isActive) return false;
  const design = findDesign(site.design);
  const config = design ? (site.designConfig[design.key] ?? {}) : {};
  if (design?.variables.some((v) => v.type === 'image' && config[v.name] === fileId)) return true;
  const imageFields = new Map(
    design?.blocks.map((b) => [b.name, b.fields.filter((f) => f.type === 'image').map((f) => f.key)]),
  );
  return (await repo.pages()).some((p) =>
    p.blocks.some((b) => (imageFields.get(b.type) ?? []).some((key) => b.fields[key] === fileId)),
  );
};
