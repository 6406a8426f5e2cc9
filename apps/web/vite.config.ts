import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * Writes `.br` and `.gz` beside every text asset worth it, at the highest levels (once, at build
 * time), so the server sends them as they are (`@fastify/static` `preCompressed`).
 */
const precompress = (): Plugin => ({
  name: 'kontor-precompress',
  apply: 'build',
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

/** The API server in development (`npm run dev` starts it on this port). */
const server = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    // The public portal page is rendered by the server (features/settings/portal-page.ts); /files:
    // the local storage's signed up- and download links.
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
