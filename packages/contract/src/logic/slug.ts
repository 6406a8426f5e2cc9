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
