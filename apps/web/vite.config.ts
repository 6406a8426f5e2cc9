import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * Writes `.br` and `.gz` beside every text asset worth it, at the highest levels (once, at build
 * time), so the server sends them as they are (`@fastify/static` `preCompressed`).
 */
const precompress = (): Plugin => ({
  name: 'kontor-precompress',
  // Not the start page's server-side build (prerenderStartPage): nothing of it is served.
  apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
  async writeBundle(options) {
    const dir = options.dir ?? 'dist';
    const files = fs
      .readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && /\.(js|css|html|svg|json|txt)$/.test(e.name))
      .map((e) => path.join(e.parentPath, e.name));
    await Promise.all(
      files.map(async (file) => {
        const content = await fs.promises.readFile(file);
        if (content.length < 1024) return;
        const [br, gz] = await Promise.all([
          brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
          gzip(content, { level: 9 }),
        ]);
        await fs.promises.writeFile(`${file}.br`, br);
        await fs.promises.writeFile(`${file}.gz`, gz);
      }),
    );
  },
});

/**
 * Writes dist/start.html: index.html with the start page (the login form) prerendered into #root,
 * so it paints before the JavaScript has run (issue 16 item 5). After the browser build, a second,
 * server-side build of src/start-page/prerender.tsx renders the same tree in Node; the server sends
 * start.html for `/` and index.html for every other page.
 */
const prerenderStartPage = (): Plugin => {
  let ssr = false;
  let root = '';
  let outDir = '';
  return {
    name: 'kontor-prerender-start-page',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      if (ssr) return;
      const ssrDir = path.join(root, 'node_modules', '.kontor-prerender');
      await build({
        root,
        logLevel: 'warn',
        build: {
          ssr: 'src/start-page/prerender.tsx',
          outDir: ssrDir,
          emptyOutDir: true,
          manifest: false,
          copyPublicDir: false,
        },
      });
      const entry = path.join(ssrDir, 'prerender.js');
      const { renderStartPage, routeAssets, startPageHtml, startPageModule } = await import(
        `${pathToFileURL(entry).href}?t=${Date.now()}`
      );
      const indexHtml = await fs.promises.readFile(path.join(outDir, 'index.html'), 'utf8');
      const manifest = JSON.parse(await fs.promises.readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8'));
      const styleOf = (href: string) => fs.readFileSync(path.join(outDir, href), 'utf8');
      const route = routeAssets(manifest, startPageModule);
      const html = startPageHtml(indexHtml, await renderStartPage(), route, styleOf);
      await fs.promises.writeFile(path.join(outDir, 'start.html'), html);
    },
  };
};

/**
 * Mantine's styles per component (issue 16 item 5): each component's class map
 * (`@mantine/core/esm/…/X.module.mjs`) also imports its stylesheet `styles/X.layer.css`, so a
 * screen's CSS arrives with the chunk of the components it uses instead of the whole library's
 * with the entry. The import goes last, after the component's own imports, so a component's
 * styles follow those of the components it builds on, as in Mantine's full stylesheet. The
 * `.layer.css` files put everything into `@layer mantine`: our own styles, unlayered, win over
 * Mantine's whatever order the chunks arrive in.
 */
const mantineStylesPerComponent = (): Plugin => ({
  name: 'kontor-mantine-styles-per-component',
  transform(code, id) {
    const match = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/]([A-Za-z]+)\.module\.mjs$/.exec(id);
    if (!match) return null;
    return { code: `${code}\nimport '@mantine/core/styles/${match[1]}.layer.css';\n`, map: null };
  },
});

/** The API server in development (`npm run dev` starts it on this port). */
const server = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), mantineStylesPerComponent(), precompress(), prerenderStartPage()],
  server: {
    port: 5173,
    // The public portal page is rendered by the server (not this app's portal-settings-page.tsx, which
    // edits it); /files: the local storage's signed up- and download links.
    proxy: { '/api': server, '/dev': server, '/healthz': server, '/portal': server, '/files': server },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/check-bundle-size.mjs reads it to compute what a route loads.
    manifest: true,
    // Every browser Kontor supports knows <link rel="modulepreload">: no polyfill on the login page.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Libraries change less often than our code: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
          ],
        },
      },
    },
  },
});
