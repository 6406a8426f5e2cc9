import type { Translate } from '@kontor/contract/i18n/catalogs';
import { type PasswordProblem, passwordPolicyMinLength, passwordProblem } from '@kontor/contract/logic/password-policy';
import { useCallback, useEffect, useState } from 'react';

let loaded: ReadonlySet<string> | undefined;

/**
 * The list of common passwords (~200 kB) arrives with the screens that set a password, not with the
 * app; until then (or if it fails to load) the check counts the length alone and the server, which
 * applies the same rule, has the last word.
 */
const useCommonPasswords = (): ReadonlySet<string> | undefined => {
  const [common, setCommon] = useState(loaded);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    import('@kontor/contract/logic/common-passwords')
      .then((module) => {
        loaded = module.commonPasswords;
        if (live) setCommon(loaded);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return common;
};

export type NewPasswordCheck = Readonly<{
  /** What the shared rule says of the new password (CLARIFICATIONS "Passwords"), or null. */
  problem: PasswordProblem | null;
  /** Both typed and unequal. */
  mismatch: boolean;
  /** The password passes the rule and its repeat equals it. */
  ok: boolean;
  /**
   * The problem stands under the password field: a common password at once, one too short once
   * the user left the field (not while the first characters are typed).
   */
  problemShown: boolean;
  /** The user left the password field. */
  leave: () => void;
}>;

/** The one password rule of the server, checked live while the user types (registration, reset, change). */
export const useNewPasswordCheck = (password: string, repeat: string, email = ''): NewPasswordCheck => {
  const problem = passwordProblem(password, email, useCommonPasswords());
  const [left, setLeft] = useState(false);
  const leave = useCallback(() => setLeft(true), []);
  return {
    problem,
    mismatch: repeat !== '' && password !== repeat,
    ok: problem === null && password === repeat,
    problemShown: problem === 'auth.passwordTooCommon' || (problem !== null && left && password !== ''),
    leave,
  };
};

/**
 * Why a form that sets a new password cannot be sent yet, in the order the user fixes things:
 * fields still empty (by their labels), then the rule, then the repeat. A problem already shown
 * under its field is pointed to, not said twice. Null when it can be sent.
 */
export const newPasswordBlock = (
  t: Translate,
  missing: readonly string[],
  check: NewPasswordCheck,
  labels: Readonly<{ password: string; repeat: string }>,
): string | null => {
  if (missing.length > 0) return t('common.stillMissing', { fields: missing.join(', ') });
  if (check.problem && check.problemShown) return t('common.fixField', { field: labels.password });
  if (check.problem) return t(check.problem, { n: passwordPolicyMinLength });
  if (!check.ok) return t('common.fixField', { field: labels.repeat });
  return null;
};
