import { describe, expect, test } from 'vitest';
import { sanitizeBlockHtml } from './sanitize';
import { isSafeUrl, isUnsafeMarkup, isValidHost, normalisePath, pathFromTitle } from './website-checks';

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
