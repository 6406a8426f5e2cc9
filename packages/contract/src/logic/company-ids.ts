/**
 * German company identifiers and contact numbers as typed into the general settings. The checks
 * are about form, not existence: a tax office cannot be asked from here.
 */

/**
 * Steuernummer: the state format with slashes or spaces ("12/345/67890", "181/815/08155") or the
 * 13-digit federal ELSTER form ("2181081508155"); 10 to 13 digits in all.
 */
export const isGermanTaxNumber = (text: string): boolean => {
  const value = text.trim();
  if (!/^\d[\d/ ]{8,16}\d$/.test(value) || /[/ ]{2}/.test(value)) return false;
  const digits = value.replace(/[/ ]/g, '').length;
  return digits >= 10 && digits <= 13;
};

/** USt-IdNr.: "DE" and nine digits (spaces allowed, as printed on letters: "DE 123 456 789"). */
export const isGermanVatId = (text: string): boolean => /^DE\d{9}$/.test(text.replace(/\s/g, '').toUpperCase());

/** The VAT id as stored: upper case, no spaces. */
export const normalizeVatId = (text: string): string => text.replace(/\s/g, '').toUpperCase();

/** Telephone and fax: digits with the usual separators, an optional leading +, 5 to 20 digits. */
export const isPhoneNumber = (text: string): boolean => {
  const value = text.trim();
  if (!/^\+?[\d ()/-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 5 && digits <= 20;
};

/** A website typed without scheme ("www.firma.de") gets https:// in front; anything else is kept. */
export const withScheme = (text: string): string => {
  const value = text.trim();
  return value === '' || /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
};
