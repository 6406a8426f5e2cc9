import type { PageDetailsData, PageElement } from '@kontor/contract/api/pages';
import type { RecordType } from '@kontor/contract/api/record-types';
import type { Language, Translate } from '@kontor/contract/i18n/catalogs';
import {
  type CurrencySetting,
  currencyFormatter,
  type DateFormat,
  formatDateTime,
  formatNumber,
} from '@kontor/contract/logic/number-format';
import { fillPlaceholders, type PlaceholderFormats, valueAtPath } from '@kontor/contract/logic/placeholders';
import { type PositionInput, positionAmounts } from '@kontor/contract/logic/positions';
import type { EnvScope } from '../../db/env-scope';
import { isUuid } from '../../db/ids';
import type { TypeCatalog } from '../../engine/record-types.service';
import { type RecordRow, recordsRepo } from '../../engine/records.repo';
import { initialStage } from '../../engine/records.service';
import { type RecordActor, requireTypeRight } from '../../engine/type-access';
import { AppError } from '../../http/errors';
import { environmentById } from '../environments/environments.service';
import { frozenDocumentsOf, stageHistory } from '../stages/stages.service';

type PagesContext = Readonly<{
  scope: EnvScope;
  types: TypeCatalog;
  t: Translate;
  language: Language;
  actor: RecordActor;
}>;

type Lookup = (path: string) => unknown;

/** Only paths inside the app (`/dyn/…`) and web or mail addresses survive; anything else becomes ''. */
const internalPath = (to: string): string => (/^\/(?!\/)[^\s\\]*$/.test(to) ? to : '');
const safeHref = (href: string): string => (/^(https?:\/\/|mailto:)[^\s]+$/i.test(href) ? href : '');
const safeImage = (src: string): string => (/^https:\/\/[^\s]+$/i.test(src) ? src : '');

type Sources = Record<'positions' | 'transitions' | 'documents', () => Promise<Array<Record<string, string>>>>;

/**
 * Fills a definition's placeholders with the record's values and every simple table with its rows.
 * Everything the browser receives is text: it renders it as text.
 */
const resolve = async (
  elements: PageElement[],
  fill: (text: string, lookup?: Lookup) => string,
  sources: Sources,
): Promise<PageElement[]> => {
  const out: PageElement[] = [];
  for (const e of elements) {
    switch (e.type) {
      case 'pageTitle':
        out.push({ ...e, text: fill(e.text), ...(e.subtitle !== undefined ? { subtitle: fill(e.subtitle) } : {}) });
        break;
      case 'text':
      case 'content':
      case 'cardHeader':
      case 'th':
      case 'td':
        out.push({ ...e, text: fill(e.text) });
        break;
      case 'link':
        out.push({ ...e, label: fill(e.label), to: internalPath(fill(e.to)) });
        break;
      case 'a':
        out.push({ ...e, label: fill(e.label), href: safeHref(fill(e.href)) });
        break;
      case 'image':
        out.push({ ...e, src: safeImage(fill(e.src)), alt: fill(e.alt) });
        break;
      case 'map':
        out.push({ ...e, address: fill(e.address) });
        break;
      case 'fileDownload':
        out.push({ ...e, label: fill(e.label) });
        break;
      case 'simpleTable': {
        const rows = await sources[e.source]();
        out.push({
          ...e,
          rows: rows.map((row) => e.columns.map((c) => fill(c.value, (path) => row[path]))),
        });
        break;
      }
      case 'tr': {
        // A label whose value came out empty is left out (an invoice that cancels nothing).
        const cells = await resolve(e.children, fill, sources);
        const values = cells.filter((c) => c.type === 'td');
        if (values.length > 0 && values.every((c) => c.type === 'td' && c.text.trim() === '')) break;
        out.push({ ...e, children: cells });
        break;
      }
      case 'div':
      case 'card':
      case 'cardBody':
      case 'table':
      case 'thead':
      case 'tbody':
      case 'row':
      case 'col':
        out.push({ ...e, children: await resolve(e.children, fill, sources) });
        break;
      default:
        out.push(e);
    }
  }
  return out;
};

const stageView = (type: RecordType, key: string | null) => {
  const s = type.stages.find((x) => x.key === key);
  return s ? { key: s.key, name: s.name, color: s.color, background: s.background } : null;
};

const findRow = async (ctx: PagesContext, type: RecordType, id: string): Promise<RecordRow> => {
  const row = isUuid(id) ? await recordsRepo(ctx.scope).byId(type.key, id) : undefined;
  if (!row) throw new AppError('not_found', { message: ctx.t('records.notFound') });
  return row;
};

/** pages/details: the record and its page's definition with every value filled in. */
export const pageDetails = async (
  ctx: PagesContext,
  body: { type: string; id: string; page: string },
): Promise<PageDetailsData> => {
  const type = requireTypeRight(ctx, body.type, 'read');
  const row = await findRow(ctx, type, body.id);
  const page = type.pages.find((p) => p.key === body.page);
  if (!page) throw new AppError('not_found', { message: ctx.t('stages.unknownPage') });

  const env = await environmentById(ctx.scope);
  const dateFormat = (env?.defaultDateformat ?? 'DD.MM.YYYY') as DateFormat;
  const money = currencyFormatter({
    currency: (env?.defaultCurrency ?? 'euro') as CurrencySetting,
    language: ctx.language,
  });
  const formats: PlaceholderFormats = { dateFormat, money, yes: ctx.t('records.yes'), no: ctx.t('records.no') };
  const data: Record<string, unknown> = { ...row.data, _id: row.id, _type: type.key };
  const fill = (text: string, lookup: Lookup = (path) => valueAtPath(data, path)) =>
    fillPlaceholders(text, lookup, formats);

  const units = type.fields
    .find((f) => f.subType === 'positions-map')
    ?.definition?.find((f) => f.key === 'unit')?.options;
  const sources: Sources = {
    positions: async () =>
      ((Array.isArray(row.data.positions) ? row.data.positions : []) as PositionInput[]).map((p, i) => {
        const amounts = positionAmounts(p);
        return {
          pos: String(i + 1),
          title: p.title ?? '',
          quantity:
            p.quantity === null || p.quantity === undefined || p.quantity === ''
              ? ''
              : // German notation without trailing zeros (3,5 and 2), as typed.
                formatNumber(p.quantity, 4).replace(/,?0+$/, ''),
          unit: units?.find((u) => u.value === p.unit)?.label ?? p.unit ?? '',
          price_single: amounts.priceSingleCents === null ? '' : money(amounts.priceSingleCents),
          price_full: amounts.priceFullCents === null ? '' : money(amounts.priceFullCents),
        };
      }),
    transitions: async () =>
      (await stageHistory(ctx, { type: type.key, id: row.id })).map((h) => ({
        at: formatDateTime(h.at, dateFormat),
        from: h.fromName ?? '',
        to: h.toName,
        by: h.by,
      })),
    documents: async () =>
      (await frozenDocumentsOf(ctx.scope, row.id)).map((d) => ({
        number: d.number,
        created: formatDateTime(d.createdAt, dateFormat),
        sha256: d.sha256,
        export: d.exportKey,
      })),
  };

  return {
    element: {
      _id: row.id,
      type: type.key,
      singular: type.singular,
      stage: stageView(type, row.stage ?? initialStage(type)),
      stages: type.stages.map((s) => ({ key: s.key, name: s.name, color: s.color, background: s.background })),
    },
    definition: { key: page.key, name: page.name, elements: await resolve(page.elements, fill, sources) },
  };
};
