/**
 * One password rule for every screen and the server (CLARIFICATIONS "Passwords", overriding the
 * spec's client-side minimums of 4 and 5): at least 8 characters and none of the passwords
 * attackers try first (NIST SP 800-63B § 5.1.1.2). The list of common passwords is large, so it is
 * handed in: the server loads it at once, the browser loads it with the password screens
 * (`common-passwords.ts`); until it arrives, the browser checks the length alone.
 */
export const passwordPolicyMinLength = 8;

export type PasswordProblem = 'auth.passwordTooShort' | 'auth.passwordTooCommon';

/**
 * Why a new password is refused, or null. Context words count as common too: the account's own
 * address (or its part before the @) is the first thing a guesser tries.
 */
export const passwordProblem = (
  password: string,
  email: string,
  common: ReadonlySet<string> | undefined,
): PasswordProblem | null => {
  if (password.trim().length < passwordPolicyMinLength) return 'auth.passwordTooShort';
  const lower = password.toLowerCase();
  const address = email.trim().toLowerCase();
  if (common?.has(lower) || lower === address || (address && lower === address.split('@')[0]))
    return 'auth.passwordTooCommon';
  return null;
};
