import { describe, expect, test } from 'vitest';
import { sanitizeBlockHtml } from './sanitize';
import { isSitePath } from './site-paths';
import { hostRefusal, isSafeUrl, isUnsafeMarkup, isValidHost, normalisePath, pathFromTitle } from './website-checks';

describe('page paths', () => {
  test('a title becomes a path: umlauts spelled out, everything else a hyphen', () => {
    expect(pathFromTitle('Über uns & Team')).toBe('/ueber-uns-team');
    expect(pathFromTitle('Straße 1 – Café')).toBe('/strasse-1-cafe');
    expect(pathFromTitle('!!!')).toBe('/seite');
  });
  test('typed paths are normalised, reserved ones and odd characters refused', () => {
    expect(normalisePath(' Kontakt/Anfahrt/ ')).toEqual({ path: '/kontakt/anfahrt' });
    expect(normalisePath('/')).toEqual({ error: 'reserved' });
    expect(normalisePath('/robots.txt')).toEqual({ error: 'reserved' });
    expect(normalisePath('/_files/x')).toEqual({ error: 'reserved' });
    for (const bad of ['/a b', '/../x', '/ä', '/x?y', '//x', '/-x'])
      expect(normalisePath(bad), bad).toEqual({ error: 'invalid' });
  });
});

describe('addresses and markup', () => {
  test('links: http(s), mailto, tel, site paths and anchors only', () => {
    for (const ok of [
      'https://example.org/a?b=1',
      'mailto:info@example.org',
      'tel:+49 30 123',
      '/kontakt',
      '#top',
      '',
    ]) {
      expect(isSafeUrl(ok), ok).toBe(true);
    }
    for (const bad of [
      'javascript:alert(1)',
      '//evil.example',
      'data:text/html,x',
      'ftp://x',
      '/\\evil',
      'vbscript:x',
    ]) {
      expect(isSafeUrl(bad), bad).toBe(false);
    }
  });
  test('unsafe markup is recognised in any case and spelling', () => {
    for (const bad of [
      '<SCRIPT>',
      '<img src=x onerror=alert(1)>',
      '<a href="JaVaScRiPt:x">',
      '<iframe>',
      '&#106;avascript:',
      '<svg/onload=x>',
    ]) {
      expect(isUnsafeMarkup(bad), bad).toBe(true);
    }
    for (const ok of [
      'Montag: 9–18 Uhr',
      'Preise ab 5 € <strong>inkl.</strong> MwSt.',
      'online buchen',
      'E-Mail: a@b.de',
    ]) {
      expect(isUnsafeMarkup(ok), ok).toBe(false);
    }
  });
  test('hosts', () => {
    expect(isValidHost('www.beispiel.de')).toBe(true);
    expect(isValidHost('localhost')).toBe(false);
    expect(isValidHost('ex ample.de')).toBe(false);
  });
});

describe('the allow-list', () => {
  test('keeps text structure, drops scripts, handlers, styles and classes; links get rel', () => {
    expect(sanitizeBlockHtml('<h2 class="x" style="color:red" onclick="a()">T</h2><script>alert(1)</script>')).toBe(
      '<h2>T</h2>',
    );
    expect(sanitizeBlockHtml('<a href="https://e.org" target="_top">x</a>')).toBe(
      '<a href="https://e.org" rel="noopener nofollow">x</a>',
    );
    expect(sanitizeBlockHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a rel="noopener nofollow">x</a>');
    expect(sanitizeBlockHtml('<img src="javascript:alert(1)" onerror="x">')).toBe('<img />');
    expect(sanitizeBlockHtml('<iframe src="https://e.org"></iframe><style>p{}</style><p>ok</p>')).toBe('<p>ok</p>');
  });
});

describe('own hosts (issue 30 item 2)', () => {
  test('the product host, names under it, www. and the bare name are reserved', () => {
    const app = 'https://www.kontor-produkt.de';
    for (const host of [
      'www.kontor-produkt.de',
      'kontor-produkt.de',
      'kunden.www.kontor-produkt.de',
      'WWW.Kontor-Produkt.de.',
    ])
      expect(hostRefusal(host, app), host).toBe('reserved');
    expect(hostRefusal('www.app.kontor.de', 'https://app.kontor.de')).toBe('reserved');
    expect(hostRefusal('www.holzwurm.de', app)).toBeNull();
    expect(hostRefusal('kontor-produkt.de.example.org', app)).toBeNull();
  });
  test('address literals and localhost are refused', () => {
    for (const host of ['10.0.0.1', '[2001:db8::1]', '::1', '0x7f.0.0.1', '192.168.1', 'localhost', 'a.localhost'])
      expect(hostRefusal(host, 'http://kontor.test'), host).toBe('address');
  });
  test('the site answers its pages and files, never the product paths', () => {
    for (const ok of [
      '/',
      '/ueber-uns',
      '/Kontakt/Anfahrt/',
      '/robots.txt',
      '/_files/00000000-0000-4000-8000-000000000000',
    ])
      expect(isSitePath(ok), ok).toBe(true);
    for (const no of [
      '/api/auth/me',
      '/login',
      '/files/x',
      '/portal/a',
      '/env/a',
      '/reset-pw/a/b',
      '/assets/x.js',
      '/x.php',
    ])
      expect(isSitePath(no), no).toBe(false);
  });
  test('product paths are no page addresses', () => {
    for (const path of ['/login', '/portal', '/api/x', '/reset-passwort'])
      expect(normalisePath(path)).toEqual({ error: 'reserved' });
  });
});
