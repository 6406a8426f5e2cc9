#!/usr/bin/env node
// The size budget of the web app's first screens (issue 16): from the Vite manifest of the last
// `npm run build -w @kontor/web`, the JS and CSS a route loads before it can paint (the entry,
// the route's lazy modules and everything they import statically), gzipped, against a budget.
// Run by `npm run test:e2e` right after the build; `--list` prints every chunk of each route.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

// `--dist=DIR` measures another build (e.g. `vite build --outDir DIR` while tests use dist/).
const distArg = process.argv.find((a) => a.startsWith('--dist='));
const dist = distArg
  ? path.resolve(distArg.slice('--dist='.length))
  : path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'web', 'dist');
const KiB = 1024;

/**
 * Each route: the lazy modules React Router loads for it (manifest keys, relative to apps/web), and
 * its budgets in gzipped KiB. A route that names a module which is no chunk of its own fails: the
 * split it relies on is gone.
 */
const routes = [
  { name: 'login (/)', modules: ['src/features/auth/login-page.tsx'], js: 150, css: 16 },
  { name: 'register (/register)', modules: ['src/features/auth/register-page.tsx'], js: 155, css: 16 },
  {
    // The logged-in route table, the session area with the full formal catalog, the account pages.
    name: 'environment select (/account)',
    modules: [
      'src/app/session-routes.tsx',
      'src/app/session-area.tsx',
      '../../packages/contract/src/i18n/de_sie.ts',
      'src/features/account/account-layout.tsx',
      'src/features/account/environment-select-page.tsx',
    ],
    js: 265,
    css: 28,
  },
];

const manifestFile = path.join(dist, '.vite', 'manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error(`${manifestFile} fehlt: erst "npm run build -w @kontor/web" ausführen.`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));

const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;

/** The chunks a module needs before it runs: itself and its static imports, transitively. */
const staticClosure = (keys) => {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`"${key}" ist kein eigener Chunk im Vite-Manifest`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...seen].map((key) => manifest[key]);
};

const list = process.argv.includes('--list');
let failed = false;
for (const route of routes) {
  const chunks = staticClosure(['index.html', ...route.modules]);
  const js = chunks.map((c) => ({ file: c.file, size: gzipSize(c.file) }));
  const css = [...new Set(chunks.flatMap((c) => c.css ?? []))].map((file) => ({ file, size: gzipSize(file) }));
  const jsTotal = js.reduce((sum, c) => sum + c.size, 0);
  const cssTotal = css.reduce((sum, c) => sum + c.size, 0);
  const over = jsTotal > route.js * KiB || cssTotal > route.css * KiB;
  failed ||= over;
  const kib = (n) => `${(n / KiB).toFixed(1)} KiB`;
  console.log(
    `${over ? '✗' : '✓'} ${route.name}: JS ${kib(jsTotal)} (Budget ${route.js} KiB, ${js.length} Dateien), ` +
      `CSS ${kib(cssTotal)} (Budget ${route.css} KiB), gzip`,
  );
  if (list || over) {
    for (const c of [...js, ...css].sort((a, b) => b.size - a.size))
      console.log(`    ${kib(c.size).padStart(10)}  ${c.file}`);
  }
}
if (failed) {
  console.error('Größenbudget überschritten: den Import, der die Route wachsen ließ, lazy laden.');
  process.exit(1);
}
