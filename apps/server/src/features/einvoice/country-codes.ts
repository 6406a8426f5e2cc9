/**
 * ISO 3166-1 alpha-2 code of an address's free-text country (BT-40, BT-55). Addresses in this
 * product are German by default: an empty country is Germany, as the PDF prints it without one.
 */
const names: Record<string, string> = {
  deutschland: 'DE',
  germany: 'DE',
  österreich: 'AT',
  oesterreich: 'AT',
  austria: 'AT',
  schweiz: 'CH',
  switzerland: 'CH',
  frankreich: 'FR',
  france: 'FR',
  niederlande: 'NL',
  netherlands: 'NL',
  belgien: 'BE',
  belgium: 'BE',
  luxemburg: 'LU',
  luxembourg: 'LU',
  italien: 'IT',
  italy: 'IT',
  spanien: 'ES',
  spain: 'ES',
  portugal: 'PT',
  polen: 'PL',
  poland: 'PL',
  tschechien: 'CZ',
  dänemark: 'DK',
  daenemark: 'DK',
  denmark: 'DK',
  schweden: 'SE',
  sweden: 'SE',
  finnland: 'FI',
  irland: 'IE',
  ireland: 'IE',
  ungarn: 'HU',
  slowakei: 'SK',
  slowenien: 'SI',
  kroatien: 'HR',
  rumänien: 'RO',
  bulgarien: 'BG',
  griechenland: 'GR',
  estland: 'EE',
  lettland: 'LV',
  litauen: 'LT',
  malta: 'MT',
  zypern: 'CY',
  liechtenstein: 'LI',
  'vereinigtes königreich': 'GB',
  großbritannien: 'GB',
  'united kingdom': 'GB',
};

export const countryCode = (country: string | null | undefined): string | null => {
  const text = (country ?? '').trim();
  if (text === '') return 'DE';
  if (/^[A-Za-z]{2}$/.test(text)) return text.toUpperCase();
  return names[text.toLowerCase()] ?? null;
};
