const transliterations: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', æ: 'ae', ø: 'oe', å: 'aa' };

/** A readable URL key from a name: "Müller & Söhne GmbH" → "mueller-soehne-gmbh". */
export const slugify = (name: string, maxLength = 40): string => {
  const ascii = name
    .toLowerCase()
    .replace(/[äöüßæøå]/g, (c) => transliterations[c] ?? c)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
  const slug = ascii
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/g, '');
  return slug || 'firma';
};

/** A URL key a person types (portal): lower-case letters, digits and single hyphens, 3 to 40 long. */
export const isValidSlug = (slug: string): boolean =>
  slug.length >= 3 && slug.length <= 40 && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug);

/** Keys that name the product's own paths or roles and are never handed out as public addresses. */
export const reservedSlugs: ReadonlySet<string> = new Set([
  'about',
  'account',
  'admin',
  'administrator',
  'api',
  'app',
  'assets',
  'auth',
  'create-environment',
  'dashboard',
  'env',
  'files',
  'forms',
  'healthz',
  'help',
  'hilfe',
  'impressum',
  'kontor',
  'login',
  'logout',
  'mail',
  'portal',
  'register',
  'root',
  'settings',
  'setup',
  'site',
  'static',
  'status',
  'support',
  'system',
  'www',
]);
