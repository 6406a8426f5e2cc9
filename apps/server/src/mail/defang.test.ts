import { describe, expect, test } from 'vitest';
import { defang } from './defang';

describe('defang', () => {
  test('breaks links, domains and addresses so no mail client can make a link of them', () => {
    expect(defang('Zahlung überfällig: https://evil.example/pay')).toBe(
      'Zahlung überfällig: https[:]//evil[.]example/pay',
    );
    expect(defang('www.bank-login.de')).toBe('www[.]bank-login[.]de');
    expect(defang('paypal.com')).toBe('paypal[.]com');
    expect(defang('konto@evil.example')).toBe('konto[at]evil[.]example');
    expect(defang('HTTP://EVIL.EXAMPLE')).toBe('HTTP[:]//EVIL[.]EXAMPLE');
    expect(defang('ftp://x.y')).toBe('ftp[:]//x[.]y');
  });

  test('leaves ordinary names alone', () => {
    for (const name of ['Musterbau GmbH & Co. KG', 'Müller Söhne', 'Dr. Anna Schmidt', 'Café 3.0', 'St.Pauli Bar'])
      expect(defang(name), name).toBe(name === 'St.Pauli Bar' ? 'St[.]Pauli Bar' : name);
  });

  test('drops control and direction-override characters', () => {
    expect(defang('Anna\u202Egnp.exe\u0007')).toBe('Annagnp[.]exe');
  });
});
