import { describe, expect, test } from 'vitest';
import { passwordProblem } from './password-policy';

describe('password policy (NIST SP 800-63B)', () => {
  test('needs at least 8 characters', () => {
    expect(passwordProblem('Ab1!xyz')).toBe('auth.passwordTooShort');
    expect(passwordProblem('        ')).toBe('auth.passwordTooShort');
    expect(passwordProblem('Sicher!2026')).toBeNull();
  });

  test('refuses passwords from the common lists, whatever their case', () => {
    for (const p of ['password', 'PASSWORD1', '12345678', 'qwertyuiop', 'Passwort123', 'Schalke04', 'iloveyou'])
      expect(passwordProblem(p), p).toBe('auth.passwordTooCommon');
  });

  test('refuses the account address and its local part', () => {
    expect(passwordProblem('anna.schmidt@example.de', 'anna.schmidt@example.de')).toBe('auth.passwordTooCommon');
    expect(passwordProblem('Anna.Schmidt', 'anna.schmidt@example.de')).toBe('auth.passwordTooCommon');
    expect(passwordProblem('Anna.Schmidt!7', 'anna.schmidt@example.de')).toBeNull();
  });
});
