import { describe, expect, test } from 'vitest';
import { contentDisposition, mayShowInline } from './content-disposition';

describe('contentDisposition', () => {
  test('gives the UTF-8 name and an ASCII fallback', () => {
    expect(contentDisposition('Rechnung Müller (Entwurf).pdf')).toBe(
      `attachment; filename="Rechnung Mueller (Entwurf).pdf"; filename*=UTF-8''Rechnung%20M%C3%BCller%20%28Entwurf%29.pdf`,
    );
    expect(contentDisposition('Straße.txt', true)).toBe(
      `inline; filename="Strasse.txt"; filename*=UTF-8''Stra%C3%9Fe.txt`,
    );
  });

  test('cannot be split or made to name a path', () => {
    const header = contentDisposition('../../etc/"pass"\r\nSet-Cookie: x=1.txt');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toContain(`filename="_pass_Set-Cookie_ x_1.txt"`);
    expect(contentDisposition('a\\b\\..')).toContain('filename="download"');
    expect(contentDisposition('')).toContain('filename="download"');
    expect(contentDisposition('日本.pdf')).toContain(`filename="__.pdf"; filename*=UTF-8''%E6%97%A5%E6%9C%AC.pdf`);
  });

  test('allows inline display only for types that cannot run script', () => {
    expect(mayShowInline('image/png')).toBe(true);
    expect(mayShowInline('application/pdf')).toBe(true);
    for (const t of ['text/html', 'text/xml', 'image/svg+xml', 'text/plain; charset=utf-8', 'application/xml']) {
      expect(mayShowInline(t), t).toBe(false);
    }
  });
});
