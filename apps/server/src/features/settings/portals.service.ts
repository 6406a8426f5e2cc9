import type * as api from '@kontor/contract/api/settings';
import type { Translate } from '@kontor/contract/i18n/catalogs';
import { isValidSlug, reservedSlugs } from '@kontor/contract/logic/slug';
import type { z } from 'zod';
import type { EnvScope } from '../../db/env-scope';
import { newId } from '../../db/ids';
import { AppError } from '../../http/errors';
import * as repo from './portals.repo';

type SaveBody = z.output<(typeof api.savePortal)['body']>;

/** CLARIFICATIONS "Public addresses": the portal lives at {APP_URL}/portal/{url_slug}. */
export const portalUrl = (appUrl: string, slug: string | null): string | null =>
  slug ? `${appUrl.replace(/\/+$/, '')}/portal/${encodeURIComponent(slug)}` : null;

const toPortal = (row: repo.PortalRow | undefined, appUrl: string): api.Portal => ({
  _id: row?.id ?? null,
  active: row?.active ?? false,
  title: row?.title ?? '',
  url_slug: row?.urlSlug ?? '',
  url: portalUrl(appUrl, row?.urlSlug ?? null),
});

export const portalDetails = async (scope: EnvScope, appUrl: string): Promise<api.Portal> =>
  toPortal(await repo.portalOf(scope), appUrl);

/**
 * Saves the portal (spec 02 §7 settings/portals/save). An active portal needs a title and an
 * address; an address is checked like an environment's (lower case, digits, hyphens), must not be
 * one of the product's own paths and must be free across the product.
 */
export const savePortal = async (
  scope: EnvScope,
  body: SaveBody,
  appUrl: string,
  now: Date,
  t: Translate,
): Promise<api.Portal> => {
  const errors: Record<string, string[]> = {};
  const title = body.title.trim();
  const slug = body.url_slug.trim();
  if (body.active && !title) errors.title = [t('validation.required')];
  if (body.active && !slug) errors.url_slug = [t('validation.required')];
  else if (slug && !isValidSlug(slug)) errors.url_slug = [t('settings.slugInvalid')];
  else if (slug && reservedSlugs.has(slug)) errors.url_slug = [t('settings.slugReserved')];
  else if (slug && (await repo.slugTakenElsewhere(scope, slug))) {
    throw new AppError('conflict', {
      message: t('settings.slugTaken'),
      errors: { url_slug: [t('settings.slugTaken')] },
    });
  }
  if (Object.keys(errors).length > 0) throw new AppError('invalid', { message: t('settings.invalid'), errors });
  const existing = await repo.portalOf(scope);
  const row = await repo.upsertPortal(scope, {
    id: existing?.id ?? newId(),
    active: body.active,
    title,
    urlSlug: slug || null,
    updatedAt: now,
  });
  return toPortal(row, appUrl);
};

/** The title the portal's pages show (the binder found the environment by the portal's slug). */
export const portalTitle = async (scope: EnvScope): Promise<string> => (await repo.portalOf(scope))?.title ?? '';
