import type { MessageKey } from '@kontor/contract/i18n/catalogs';
import { dictionary } from '@zxcvbn-ts/language-common';

/** NIST SP 800-63B: at least 8 characters, and none of the passwords attackers try first. */
export const passwordPolicyMinLength = 8;

/** Often chosen here and missing from the international list (which holds ~18,000 of 8+ characters). */
const germanCommon = [
  'passwort',
  'passwort1',
  'passwort123',
  'hallo123',
  'hallo1234',
  'schalke04',
  'fussball',
  'fußball',
  'sommer2024',
  'sommer2025',
  'sommer2026',
  'winter2025',
  'winter2026',
  'ichliebedich',
  'geheim123',
  'kennwort',
  'kennwort1',
  'kontor-demo',
  'kontor123',
];

let common: Set<string> | undefined;
const commonPasswords = () => {
  common ??= new Set(
    [...dictionary['passwords-common'], ...germanCommon]
      .filter((p) => p.length >= passwordPolicyMinLength)
      .map((p) => p.toLowerCase()),
  );
  return common;
};

/**
 * Why a new password is refused, or null. Context words count as common too: the account's own
 * address (or its part before the @) is the first thing a guesser tries.
 */
export const passwordProblem = (password: string, email = ''): MessageKey | null => {
  if (password.trim().length < passwordPolicyMinLength) return 'auth.passwordTooShort';
  const lower = password.toLowerCase();
  const address = email.toLowerCase();
  if (commonPasswords().has(lower) || lower === address || (address && lower === address.split('@')[0]))
    return 'auth.passwordTooCommon';
  return null;
};
