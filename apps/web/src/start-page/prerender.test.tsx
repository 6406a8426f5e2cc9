import '../test/render'; // jsdom's missing matchMedia and ResizeObserver, as Mantine needs them
import { screen } from '@testing-library/react';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { AppRoot, routerReady } from '../app/app-root';
import { appRoutes } from '../app/router';
import { renderStartPage, startPageHtml } from './prerender';
import { handTypedValuesToApp, hasPrerenderedStartPage, routeAssets, sessionMark } from './start-page-markup';

afterEach(() => {
  document.body.replaceChildren();
  document.documentElement.removeAttribute(sessionMark);
  localStorage.clear();
});

const prerenderedRoot = async () => {
  const root = document.createElement('div');
  root.innerHTML = await renderStartPage();
  document.body.append(root);
  return root;
};

describe('the prerendered start page (issue 16 item 5)', () => {
  test('is the login form, with its texts, fields and links', async () => {
    const markup = await renderStartPage();
    expect(markup).toContain('<h1');
    expect(markup).toContain('Einloggen');
    expect(markup).toContain('Melden Sie sich mit Ihrer E-Mail-Adresse und Ihrem Passwort an.');
    expect(markup).toMatch(/<input[^>]*name="email"/);
    expect(markup).toMatch(/<input[^>]*name="password"/);
    expect(markup).toContain('href="/register"');
    // Submitted before the app has taken over, the password must not land in the address.
    expect(markup).toMatch(/<form[^>]*method="post"/);
  });

  test('hydrates without a mismatch, keeping the very elements that were painted', async () => {
    const root = await prerenderedRoot();
    const painted = root.querySelector('h1');
    const email = root.querySelector('input[name="email"]');
    const router = createMemoryRouter(appRoutes, { initialEntries: ['/'] });
    await routerReady(router);
    const recoverable = vi.fn();
    const app = await act(async () =>
      hydrateRoot(root, <AppRoot router={router} />, { onRecoverableError: recoverable }),
    );
    expect(recoverable).not.toHaveBeenCalled();
    expect(root.querySelector('h1')).toBe(painted);
    expect(screen.getByLabelText('E-Mail')).toBe(email);
    act(() => app.unmount());
  });

  test('what was typed before the app took over reaches the app (the button unlocks)', async () => {
    const root = await prerenderedRoot();
    const field = (name: string) => root.querySelector<HTMLInputElement>(`input[name="${name}"]`);
    const email = field('email');
    const password = field('password');
    if (!email || !password) throw new Error('the prerendered form has no fields');
    email.value = 'anna@example.com';
    password.value = 'geheim';
    const router = createMemoryRouter(appRoutes, { initialEntries: ['/'] });
    await routerReady(router);
    const app = await act(async () =>
      hydrateRoot(root, <AppRoot router={router} onMounted={() => handTypedValuesToApp(root)} />),
    );
    expect(screen.getByRole('button', { name: 'Einloggen' })).toBeEnabled();
    expect(email.value).toBe('anna@example.com');
    expect(password.value).toBe('geheim');
    act(() => app.unmount());
  });

  test('a visitor with a stored session gets the app afresh: the markup is cleared, not hydrated', async () => {
    const root = await prerenderedRoot();
    document.documentElement.setAttribute(sessionMark, '');
    expect(hasPrerenderedStartPage(root)).toBe(false);
    expect(root.childNodes).toHaveLength(0);
    expect(document.documentElement.hasAttribute(sessionMark)).toBe(false);
  });

  test('without a session the markup stays to be hydrated', async () => {
    const root = await prerenderedRoot();
    const painted = root.firstChild;
    expect(hasPrerenderedStartPage(root)).toBe(true);
    expect(root.firstChild).toBe(painted);
  });
});

describe('start.html', () => {
  const indexHtml = [
    '<html><head><title>Kontor</title>',
    '<script type="module" crossorigin src="/assets/index-1.js"></script>',
    '<link rel="modulepreload" crossorigin href="/assets/react-1.js">',
    '<link rel="stylesheet" crossorigin href="/assets/index-1.css">',
    '</head><body><div id="root"></div></body></html>',
  ].join('\n');

  const route = { stylesheets: ['/assets/PasswordInput-1.css'], modules: ['/assets/login-page-1.js'] };

  const styles: Record<string, string> = {
    '/assets/index-1.css': '.entry{color:red}',
    '/assets/PasswordInput-1.css': '@layer mantine{.m_1{color:blue}}',
  };
  const styleOf = (href: string) => styles[href] ?? '';

  test('puts the markup into #root and, first in <head>, the stylesheets inlined and the session check', () => {
    const html = startPageHtml(indexHtml, '<h1>Einloggen</h1>', route, styleOf);
    expect(html).toContain('<div id="root"><h1>Einloggen</h1></div>');
    // The first paint waits for no stylesheet request: the entry's and the route's are inlined, in order.
    expect(html).not.toMatch(/rel="stylesheet"/);
    expect(html).toContain('<style>.entry{color:red}\n@layer mantine{.m_1{color:blue}}</style>');
    const order = [
      '.entry{color:red}',
      '.m_1{color:blue}',
      'kontor.token',
      `html[${sessionMark}] #root`,
      'index-1.js',
      'react-1.js',
      'login-page-1.js',
    ];
    const positions = order.map((part) => html.indexOf(part));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/login-page-1.js">');
  });

  test('refuses a stylesheet that would end its <style> early', () => {
    expect(() => startPageHtml(indexHtml, '<h1>x</h1>', route, () => 'a{}</style><script>')).toThrow(/inlined/);
  });

  test('refuses an index.html without the empty #root it fills', () => {
    expect(() => startPageHtml('<html><body><main></main></body></html>', '<h1>x</h1>', route, styleOf)).toThrow(
      /root/,
    );
  });

  test("the route's assets are its chunks beyond the entry's, with their stylesheets", () => {
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react'], css: ['assets/index-1.css'] },
      _react: { file: 'assets/react-1.js' },
      _Input: { file: 'assets/Input-1.js', imports: ['_react'], css: ['assets/Input-1.css'] },
      'src/login.tsx': { file: 'assets/login-1.js', imports: ['_Input', '_react'], css: ['assets/login-1.css'] },
    };
    expect(routeAssets(manifest, 'src/login.tsx')).toEqual({
      stylesheets: ['/assets/login-1.css', '/assets/Input-1.css'],
      modules: ['/assets/login-1.js', '/assets/Input-1.js'],
    });
    expect(() => routeAssets(manifest, 'src/gibt-es-nicht.tsx')).toThrow(/no chunk/);
  });
});
