import { randomBytes } from 'node:crypto';
import type * as api from '@kontor/contract/api/website';
import { type Block, type MenuEntry, websiteLimits } from '@kontor/contract/api/website';
import type { Translate } from '@kontor/contract/i18n/catalogs';
import type { z } from 'zod';
import type { EnvScope } from '../../db/env-scope';
import { newId } from '../../db/ids';
import { readTypes } from '../../engine/record-types.service';
import { AppError } from '../../http/errors';
import { existingFileIds } from '../files/files.service';
import { blockLibrary, defaultDesignKey, designs, findDesign, publicDesign } from './designs';
import { invalidateSite, invalidateTargets } from './site-cache';
import { flushVisits } from './visits';
import { type HostRow, type MenuRow, type PageRow, type WebsiteRow, websiteRepo } from './website.repo';
import {
  allowedMenuAttributes,
  checkedHtml,
  checkedText,
  checkedUrl,
  type FieldErrors,
  hostRefusal,
  isSafeUrl,
  isUnsafeMarkup,
  isValidHost,
  normalisePath,
  pathFromTitle,
  verificationRecord,
} from './website-checks';

type SaveSettingsBody = z.output<(typeof api.saveSettings)['body']>['website'];
type SaveMenuBody = z.output<(typeof api.saveMenu)['body']>['data'];
type PageBody = z.output<typeof api.pageInputSchema>;
type DesignConfig = Record<string, Record<string, string | number | boolean | null>>;

/** CLARIFICATIONS "Public addresses": {APP_URL}/site/{url_slug}/. */
export const siteUrl = (appUrl: string, slug: string) =>
  `${appUrl.replace(/\/+$/, '')}/site/${encodeURIComponent(slug)}/`;

/** The interfaces a design block can be connected to (spec 02 §3 "Website" interfaces). */
export const interfaceList = [
  { key: 'queryforms', name: 'Formulare', description: 'Veröffentlichte Formulare in Blöcken einbinden.' },
  { key: 'records', name: 'Datensätze', description: 'Datensätze (z. B. Speisekarte, Referenzen) in Blöcken zeigen.' },
] as const;

/** The value of the host's TXT record (issue 30 item 2): random, 32 hex digits. */
const newHostToken = () => randomBytes(16).toString('hex');

const invalid = (t: Translate, errors: FieldErrors) =>
  new AppError('invalid', { message: t('website.error.invalid'), errors });

/** The environment's website, created with the default design on first use. */
export const ensureWebsite = async (scope: EnvScope, now: Date): Promise<WebsiteRow> => {
  const repo = websiteRepo(scope);
  const found = await repo.website();
  if (found) return found;
  const created = await repo.insertWebsite({ id: newId(), design: defaultDesignKey, updatedAt: now });
  return created ?? (await repo.website()) ?? Promise.reject(new Error('website row missing'));
};

const toMenu = (row: MenuRow): api.Menu => ({
  _id: row.id,
  title: row.title,
  // Stored after the contract's check (at most three levels), so it has the contract's shape.
  definition: row.definition as api.Menu['definition'],
  design_usage: row.designUsage,
});

/** The state of the host's proof of control and the TXT record to create (issue 30 item 2). */
const toVerification = (host: HostRow | undefined): api.HostVerification => {
  if (!host) return { state: 'none', record_name: '', record_value: '' };
  const record = verificationRecord(host.host, host.token);
  return { state: host.verifiedAt ? 'verified' : 'pending', record_name: record.name, record_value: record.value };
};

const toWebsite = (row: WebsiteRow, menus: MenuRow[], url: string, host: HostRow | undefined): api.Website => ({
  _id: row.id,
  host: host?.host ?? '',
  host_verification: toVerification(host),
  homepage: row.homepage,
  is_active: row.isActive,
  debug: row.debug,
  title: row.title,
  meta_description: row.metaDescription,
  meta_keywords: row.metaKeywords,
  design: row.design,
  design_config: row.designConfig,
  menus: menus.map(toMenu),
  interfaces: row.interfaces,
  url,
});

export type SiteContext = Readonly<{ scope: EnvScope; now: Date; t: Translate; appUrl: string; slug: string }>;

const changed = (scope: EnvScope) => invalidateSite(scope.envId);

export const websiteDetails = async (c: SiteContext): Promise<api.Website> => {
  const row = await ensureWebsite(c.scope, c.now);
  const repo = websiteRepo(c.scope);
  const [menus, host] = await Promise.all([repo.menus(), repo.hostRow()]);
  return toWebsite(row, menus, siteUrl(c.appUrl, c.slug), host);
};

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Pages, hits of the last 7 and 30 days (spec 02 §9) and the visitors per day for the chart. */
export const websiteStats = async (scope: EnvScope, now: Date): Promise<api.WebsiteStats> => {
  await flushVisits(scope);
  const repo = websiteRepo(scope);
  const days = Array.from({ length: 30 }, (_, i) => isoDay(new Date(now.getTime() - (29 - i) * 86_400_000)));
  const [pages, rows] = await Promise.all([repo.pageCount(), repo.visits(days[0] ?? isoDay(now))]);
  const byDay = new Map(rows.map((r) => [String(r.day), r]));
  const daily = days.map((day) => ({ day, visits: byDay.get(day)?.visitors ?? 0, hits: byDay.get(day)?.hits ?? 0 }));
  const sum = (list: typeof daily) => list.reduce((n, d) => n + d.hits, 0);
  return { pages, hits_last_seven: sum(daily.slice(-7)), hits_last_thirty: sum(daily), daily };
};

export const designsList = () => designs.map((d) => ({ key: d.key, name: d.name, description: d.description }));

export const designDetails = (key: string, t: Translate): api.Design => {
  const design = findDesign(key);
  if (!design) throw new AppError('not_found', { message: t('website.error.unknownDesign') });
  return publicDesign(design);
};

/** Spec 02 §4: changing the design replaces it (its variables start from the defaults). */
export const changeDesign = async (c: SiteContext, key: string): Promise<api.Website> => {
  if (!findDesign(key)) throw new AppError('not_found', { message: c.t('website.design.changeError') });
  await ensureWebsite(c.scope, c.now);
  await websiteRepo(c.scope).updateWebsite({ design: key, updatedAt: c.now });
  changed(c.scope);
  return websiteDetails(c);
};

/** Checks every variable of the current design by its type; images must be files of this environment. */
export const saveDesign = async (c: SiteContext, config: DesignConfig): Promise<api.Website> => {
  const row = await ensureWebsite(c.scope, c.now);
  const design = findDesign(row.design);
  if (!design) throw new AppError('invalid', { message: c.t('website.error.unknownDesign') });
  const errors: FieldErrors = {};
  const input = config[design.key] ?? {};
  const clean: Record<string, string | boolean | null> = {};
  const images: string[] = [];
  for (const [name, value] of Object.entries(input)) {
    const variable = design.variables.find((x) => x.name === name);
    const field = `design_config.${design.key}.${name}`;
    if (!variable) {
      errors[field] = [c.t('website.error.unknownField')];
      continue;
    }
    if (variable.type === 'boolean') {
      clean[name] = value === true;
      continue;
    }
    const text = value === null || value === undefined ? '' : String(value);
    if (variable.type === 'image') {
      if (text) images.push(text);
      clean[name] = text || null;
    } else if (variable.type === 'color') {
      if (text && !/^#[0-9a-fA-F]{6}$/.test(text)) errors[field] = [c.t('website.error.colour')];
      clean[name] = text;
    } else if (variable.type === 'html') clean[name] = checkedHtml(text, field, errors, c.t);
    else clean[name] = checkedText(text, field, errors, c.t);
  }
  const existing = await existingFileIds(c.scope, images);
  for (const [name, value] of Object.entries(clean)) {
    const variable = design.variables.find((x) => x.name === name);
    if (variable?.type === 'image' && typeof value === 'string' && !existing.has(value)) {
      errors[`design_config.${design.key}.${name}`] = [c.t('website.error.fileMissing')];
    }
  }
  if (Object.keys(errors).length) throw invalid(c.t, errors);
  await websiteRepo(c.scope).updateWebsite({
    designConfig: { ...row.designConfig, [design.key]: clean },
    updatedAt: c.now,
  });
  changed(c.scope);
  return websiteDetails(c);
};

const toPageSummary = (row: PageRow): api.PageSummary => ({
  _id: row.id,
  title: row.title,
  url_path: row.urlPath,
  set_as_homepage: row.setAsHomepage,
  set_as_not_found_page: row.setAsNotFoundPage,
  record_page: row.recordPage !== null,
  blocks: row.blocks.length,
});

export const websitePages = async (scope: EnvScope) => (await websiteRepo(scope).pages()).map(toPageSummary);

export const pageDetails = async (scope: EnvScope, id: string, t: Translate): Promise<api.WebsitePage> => {
  const row = await websiteRepo(scope).page(id);
  if (!row) throw new AppError('not_found', { message: t('website.error.pageNotFound') });
  return {
    _id: row.id,
    title: row.title,
    url_path: row.urlPath,
    blocks: row.blocks,
    set_as_homepage: row.setAsHomepage,
    set_as_not_found_page: row.setAsNotFoundPage,
    record_page: row.recordPage,
    updated_at: row.updatedAt.toISOString(),
  };
};

const urlFields = new Set(['button_url']);

/** Every field of every block checked by the block library's field type; HTML comes back cleaned. */
const checkedBlocks = async (scope: EnvScope, blocks: Block[], errors: FieldErrors, t: Translate): Promise<Block[]> => {
  const types = blocks.some((b) => b.fields.type) ? await readTypes(scope) : new Map();
  const images: Array<{ id: string; field: string }> = [];
  const clean = blocks.map((block, i) => {
    const definition = blockLibrary.find((b) => b.name === block.type);
    if (!definition) {
      errors[`blocks[${i}].type`] = [t('website.error.unknownBlock')];
      return block;
    }
    const fields: Block['fields'] = {};
    for (const [key, value] of Object.entries(block.fields)) {
      const spec = definition.fields.find((x) => x.key === key);
      const field = `blocks[${i}].fields.${key}`;
      if (!spec) {
        errors[field] = [t('website.error.unknownField')];
        continue;
      }
      const text = value === null ? '' : String(value);
      if (spec.type === 'html') fields[key] = checkedHtml(text, field, errors, t);
      else if (spec.type === 'number') {
        const n = Number(value);
        if (!Number.isInteger(n) || n < 1 || n > 100) errors[field] = [t('website.error.number')];
        fields[key] = n;
      } else if (spec.type === 'image') {
        if (text) images.push({ id: text, field });
        fields[key] = text || null;
      } else if (spec.type === 'recordtype') {
        if (text && !types.has(text)) errors[field] = [t('website.error.recordType')];
        fields[key] = text;
      } else if (urlFields.has(key)) fields[key] = checkedUrl(text, field, errors, t);
      else fields[key] = checkedText(text, field, errors, t);
    }
    return { type: block.type, designblock: true, fields };
  });
  const existing = await existingFileIds(
    scope,
    images.map((x) => x.id),
  );
  for (const image of images) if (!existing.has(image.id)) errors[image.field] = [t('website.error.fileMissing')];
  return clean;
};

/**
 * Saves a page (spec 02 §4 "Page edit"): an empty url_path is built from the title (a free one,
 * '-2', '-3' …); a typed one must be valid, not reserved and unused. At most one page is the
 * homepage and one the not-found page: setting the flag takes it from the other page.
 */
export const savePage = async (c: SiteContext, id: string, page: PageBody) => {
  const { scope, t, now } = c;
  const repo = websiteRepo(scope);
  await ensureWebsite(scope, now);
  const isNew = id === 'new';
  if (!isNew && !(await repo.page(id))) throw new AppError('not_found', { message: t('website.error.pageNotFound') });
  if (isNew && (await repo.pageCount()) >= websiteLimits.pages) {
    throw new AppError('conflict', { message: t('website.error.tooManyPages', { n: websiteLimits.pages }) });
  }
  const errors: FieldErrors = {};
  checkedText(page.title, 'title', errors, t);
  const pageId = isNew ? newId() : id;
  let path: string;
  if (page.url_path.trim() === '') {
    const base = pathFromTitle(page.title);
    path = base;
    for (let n = 2; (await repo.pathTaken(path, pageId)) || 'error' in normalisePath(path); n++) {
      path = `${base}-${n}`;
    }
  } else {
    const result = normalisePath(page.url_path);
    if ('error' in result) {
      errors.url_path = [t(result.error === 'reserved' ? 'website.error.pathReserved' : 'website.error.pathInvalid')];
      path = page.url_path;
    } else {
      path = result.path;
      if (await repo.pathTaken(path, pageId)) {
        throw new AppError('conflict', {
          message: t('website.error.pathTaken'),
          errors: { url_path: [t('website.error.pathTaken')] },
        });
      }
    }
  }
  const blocks = await checkedBlocks(scope, page.blocks, errors, t);
  if (page.record_page) {
    const types = await readTypes(scope);
    if (!types.has(page.record_page.type)) errors['record_page.type'] = [t('website.error.recordType')];
    for (const [i, cond] of page.record_page.conditions.entries()) {
      checkedText(cond.value, `record_page.conditions[${i}].value`, errors, t);
    }
  }
  if (Object.keys(errors).length) throw invalid(t, errors);

  const values = {
    title: page.title,
    urlPath: path,
    blocks,
    setAsHomepage: page.set_as_homepage,
    setAsNotFoundPage: page.set_as_not_found_page,
    recordPage: page.record_page,
    updatedAt: now,
  };
  if (isNew) await repo.insertPage({ id: pageId, ...values, createdAt: now });
  else await repo.updatePage(pageId, values);
  if (page.set_as_homepage) await repo.clearFlag('setAsHomepage', pageId);
  if (page.set_as_not_found_page) await repo.clearFlag('setAsNotFoundPage', pageId);
  const current = await ensureWebsite(scope, now);
  const homepage = page.set_as_homepage ? pageId : current.homepage === pageId ? null : current.homepage;
  await repo.updateWebsite({ homepage, updatedAt: now });
  changed(scope);
  return { id: pageId, url_path: path };
};

export const removePage = async (c: SiteContext, id: string) => {
  const repo = websiteRepo(c.scope);
  if (!(await repo.removePage(id))) throw new AppError('not_found', { message: c.t('website.error.pageNotFound') });
  const current = await ensureWebsite(c.scope, c.now);
  await repo.updateWebsite({ homepage: current.homepage === id ? null : current.homepage, updatedAt: c.now });
  changed(c.scope);
};

export const designBlocks = async (scope: EnvScope, now: Date) => {
  const row = await ensureWebsite(scope, now);
  return (findDesign(row.design) ?? designs[0])?.blocks ?? [...blockLibrary];
};

/** General settings and interfaces (spec 02 §5: a design block once per interface). */
export const saveSettings = async (c: SiteContext, body: SaveSettingsBody): Promise<api.Website> => {
  const { scope, t, now } = c;
  const errors: FieldErrors = {};
  const host = body.host.replace(/\.$/, '');
  // Issue 30 item 2: no IP literal, localhost or name of the product itself (www. included).
  const refusal = host ? hostRefusal(host, c.appUrl) : null;
  if (refusal) errors.host = [t(refusal === 'address' ? 'website.error.hostAddress' : 'website.error.hostReserved')];
  else if (host && !isValidHost(host)) errors.host = [t('website.error.hostInvalid')];
  checkedText(body.title, 'title', errors, t);
  checkedText(body.meta_description, 'meta_description', errors, t);
  checkedText(body.meta_keywords, 'meta_keywords', errors, t);
  const blockNames = new Set(blockLibrary.map((b) => b.name));
  for (const [key, entry] of Object.entries(body.interfaces)) {
    if (!interfaceList.some((i) => i.key === key)) {
      errors[`interfaces.${key}`] = [t('website.error.unknownInterface')];
      continue;
    }
    const seen = new Set<string>();
    for (const name of entry.config.blocks) {
      if (!blockNames.has(name)) errors[`interfaces.${key}`] = [t('website.error.unknownBlock')];
      else if (seen.has(name)) errors[`interfaces.${key}`] = [t('website.error.interfaceTwice')];
      seen.add(name);
    }
  }
  if (Object.keys(errors).length) throw invalid(t, errors);
  const repo = websiteRepo(scope);
  if (host && (await repo.hostTakenElsewhere(host))) {
    throw new AppError('conflict', {
      message: t('website.error.hostTaken'),
      errors: { host: [t('website.error.hostTaken')] },
    });
  }
  await ensureWebsite(scope, now);
  await repo.updateWebsite({
    isActive: body.is_active,
    debug: body.debug,
    title: body.title,
    metaDescription: body.meta_description,
    metaKeywords: body.meta_keywords,
    interfaces: body.interfaces,
    updatedAt: now,
  });
  await repo.setHost(host || null, newHostToken());
  invalidateTargets();
  changed(scope);
  return websiteDetails(c);
};

export const addMenu = async (c: SiteContext, rawTitle: string): Promise<api.Menu> => {
  const title = rawTitle.trim();
  const errors: FieldErrors = {};
  if (!title) errors.title = [c.t('website.error.menuTitle')];
  else checkedText(title, 'title', errors, c.t);
  if (Object.keys(errors).length) throw new AppError('invalid', { message: c.t('website.menus.addError'), errors });
  const repo = websiteRepo(c.scope);
  if ((await repo.menuCount()) >= websiteLimits.menus) {
    throw new AppError('conflict', { message: c.t('website.error.tooManyMenus', { n: websiteLimits.menus }) });
  }
  await ensureWebsite(c.scope, c.now);
  const row = await repo.insertMenu({ id: newId(), title, definition: [], designUsage: {}, createdAt: c.now });
  if (!row) throw new Error('menu not inserted');
  changed(c.scope);
  return toMenu(row);
};

const checkEntries = (entries: MenuEntry[], prefix: string, errors: FieldErrors, t: Translate): MenuEntry[] =>
  entries.map((entry, i) => {
    const at = `${prefix}[${i}]`;
    checkedText(entry.label, `${at}.label`, errors, t);
    if (isUnsafeMarkup(entry.url) || !isSafeUrl(entry.url)) errors[`${at}.url`] = [t('website.error.unsafeUrl')];
    for (const [name, value] of Object.entries(entry.attributes)) {
      const ok =
        allowedMenuAttributes.has(name) &&
        !isUnsafeMarkup(value) &&
        (name !== 'target' || value === '_blank' || value === '_self');
      if (!ok) errors[`${at}.attributes`] = [t('website.error.attribute')];
    }
    return {
      type: 'custom',
      label: entry.label,
      url: entry.url,
      attributes: entry.attributes,
      ...(entry.children?.length ? { children: checkEntries(entry.children, `${at}.children`, errors, t) } : {}),
    };
  });

/** Saves a menu's title, entries (type custom; nested at most three levels) and design usage. */
export const saveMenu = async (c: SiteContext, id: string, data: SaveMenuBody): Promise<api.Menu> => {
  const errors: FieldErrors = {};
  if (!data.title) errors.title = [c.t('website.error.menuTitle')];
  else checkedText(data.title, 'title', errors, c.t);
  const definition = checkEntries(data.definition as MenuEntry[], 'definition', errors, c.t);
  await ensureWebsite(c.scope, c.now);
  for (const [designKey, slot] of Object.entries(data.design_usage)) {
    const d = findDesign(designKey);
    if (!d || (slot && !d.menuSlots.some((s) => s.key === slot)))
      errors.design_usage = [c.t('website.error.unknownDesign')];
  }
  if (Object.keys(errors).length) throw new AppError('invalid', { message: c.t('website.menus.saveError'), errors });
  const updated = await websiteRepo(c.scope).updateMenu(id, {
    title: data.title,
    definition,
    designUsage: data.design_usage,
  });
  if (!updated) throw new AppError('not_found', { message: c.t('website.error.menuNotFound') });
  await websiteRepo(c.scope).updateWebsite({ updatedAt: c.now });
  changed(c.scope);
  return toMenu(updated);
};
