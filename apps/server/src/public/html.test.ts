import { describe, expect, it } from 'vitest';
import { escapeHtml, html, trusted } from './html';
import { contentSecurityPolicy, htmlDocument } from './public-page';

describe('public html', () => {
  it('escapes every interpolated value unless it is trusted', () => {
    const answer = '<script>alert("x")</script>&\'';
    expect(html`<p>${answer}</p>`.value).toBe(`<p>${escapeHtml(answer)}</p>`);
    expect(html`<p>${trusted('<b>fett</b>')}</p>`.value).toBe('<p><b>fett</b></p>');
    expect(html`<ul>${['<a>', html`<li>${'b'}</li>`]}</ul>`.value).toBe('<ul>&lt;a&gt;<li>b</li></ul>');
    expect(html`${null}${undefined}${false}${0}`.value).toBe('0');
  });

  it('allows only the hashed style and no script in the policy', () => {
    const policy = contentSecurityPolicy({ styles: ['body{margin:0}'] });
    expect(policy).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(policy).toContain("script-src 'none'");
    expect(policy).toContain("form-action 'none'");
    expect(contentSecurityPolicy({ formAction: 'self' })).toContain("form-action 'self'");
  });

  it('renders a German document with an escaped title', () => {
    const doc = htmlDocument({ title: '<Firma>', body: html`<main>x</main>`, style: 'body{margin:0}' });
    expect(doc).toContain('<html lang="de">');
    expect(doc).toContain('<title>&lt;Firma&gt;</title>');
    expect(doc).toContain('<meta name="robots" content="noindex">');
    expect(doc).toContain('<style>body{margin:0}</style>');
  });
});
