import { dictionary } from '@zxcvbn-ts/language-common';
import { passwordPolicyMinLength } from './password-policy';

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

/** The passwords of at least the minimum length that `passwordProblem` refuses, in lower case. */
export const commonPasswords: ReadonlySet<string> = new Set(
  [...dictionary['passwords-common'], ...germanCommon]
    .filter((p) => p.length >= passwordPolicyMinLength)
    .map((p) => p.toLowerCase()),
);
