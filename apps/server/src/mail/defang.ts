/**
 * Text that somebody else typed (a registrant's name, an environment's name) and that a mail
 * shows: mail clients turn anything that looks like an address into a link, quoted or not, so a
 * name like 'Zahlung überfällig: https://evil.example' would be a working phishing link. Schemes,
 * domain dots and @ signs are broken up the way security reports write them ('evil[.]example').
 */
const scheme = /\b([a-z][a-z0-9+.-]{1,20}):\/\//gi;
const domainLike = /\b([\p{L}\p{N}-]+)\.(?=[\p{L}\p{N}-]*\p{L}[\p{L}\p{N}-]*\b)/gu;

export const defang = (text: string): string =>
  text
    .replace(scheme, '$1[:]//')
    .replace(/\bwww\./gi, 'www[.]')
    .replace(domainLike, '$1[.]')
    .replace(/@/g, '[at]')
    // Control and bidirectional override characters could hide or reorder what the name shows.
    .replace(/[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu, '');
