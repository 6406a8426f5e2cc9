import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { commonPasswords } from './common-passwords';
import { passwordPolicyMinLength, passwordProblem } from './password-policy';

const problem = (password: string, email = '') => passwordProblem(password, email, commonPasswords);

describe('password policy (NIST SP 800-63B, CLARIFICATIONS "Passwords")', () => {
  test('needs at least 8 characters, spaces around them not counted', () => {
    expect(problem('Ab1!xyz')).toBe('auth.passwordTooShort');
    expect(problem('        ')).toBe('auth.passwordTooShort');
    expect(problem('  Ab1!xyz  ')).toBe('auth.passwordTooShort');
    expect(problem('Sicher!2026')).toBeNull();
  });

  test('refuses passwords from the common lists, whatever their case', () => {
    for (const p of ['password', 'PASSWORD1', '12345678', 'qwertyuiop', 'Passwort123', 'Schalke04', 'iloveyou'])
      expect(problem(p), p).toBe('auth.passwordTooCommon');
  });

  test('refuses the account address and its local part', () => {
    expect(problem('anna.schmidt@example.de', 'anna.schmidt@example.de')).toBe('auth.passwordTooCommon');
    expect(problem('Anna.Schmidt', ' anna.schmidt@example.de ')).toBe('auth.passwordTooCommon');
    expect(problem('Anna.Schmidt!7', 'anna.schmidt@example.de')).toBeNull();
  });

  test('without the list (the browser before it loaded) only the length and the address count', () => {
    expect(passwordProblem('password', '', undefined)).toBeNull();
    expect(passwordProblem('kurz', '', undefined)).toBe('auth.passwordTooShort');
    expect(passwordProblem('anna.schmidt', 'anna.schmidt@example.de', undefined)).toBe('auth.passwordTooCommon');
  });

  test('the list only holds what the length rule lets through, in lower case', () => {
    expect(commonPasswords.size).toBeGreaterThan(17_000);
    for (const p of commonPasswords) {
      expect(p.length).toBeGreaterThanOrEqual(passwordPolicyMinLength);
      expect(p).toBe(p.toLowerCase());
    }
  });

  test('the list can only refuse more, never let a shorter password through', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.emailAddress(), (password, email) => {
        const withList = passwordProblem(password, email, commonPasswords);
        const without = passwordProblem(password, email, undefined);
        if (without !== null) expect(withList).toBe(without);
        if (password.trim().length < passwordPolicyMinLength) expect(withList).toBe('auth.passwordTooShort');
      }),
    );
  });
});
