import type { Translate } from '@kontor/contract/i18n/catalogs';
import type { EnvScope } from '../../db/env-scope';
import type { AnyStorage } from '../../storage/create-storage';
import { previewUrls } from '../files/files.service';
import { loadFunctionSettings } from '../settings/function-settings.service';

export type Brand = Readonly<{ title: string; logoUrl: string | null; imgSources: string[]; active: boolean }>;

/**
 * The public pages' head: the web forms' settings (spec 02 §3 "Function settings" html) give the
 * title and logo; without a title the company's name. The logo is a short-lived signed link.
 */
export const loadBrand = async (
  scope: EnvScope,
  storage: AnyStorage,
  fallback: string,
  t: Translate,
): Promise<Brand> => {
  const { settings } = await loadFunctionSettings(scope, 'queryForms', 'html', t);
  const logo = typeof settings.logo === 'string' ? settings.logo : null;
  const file = logo ? (await previewUrls(scope, storage, [logo])).files[logo] : undefined;
  const logoUrl = file?.type.startsWith('image/') ? file.url : null;
  const origin = logoUrl && /^https?:\/\//.test(logoUrl) ? new URL(logoUrl).origin : null;
  const title =
    typeof settings.website_title === 'string' && settings.website_title ? settings.website_title : fallback;
  return { title, logoUrl, imgSources: origin ? [origin] : [], active: settings.is_active !== false };
};
