#!/usr/bin/env node
/**
 * `npm start`: builds what changed, then runs the compiled server.
 *
 * - the web app (Vite) is rebuilt only when its sources or the contract changed since the last build;
 * - the server and the contract are bundled by esbuild into apps/server/dist/main.js (packages from
 *   node_modules stay external), again only when their sources changed;
 * - the server then starts with plain Node: no TypeScript transpiling at start.
 *
 * `--build-only` builds and stops (`npm run build`). A stamp (sizes and modification times of every source file) beside each build decides "changed".
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServer, fresh, stampOf } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

const run = (command, args) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const contract = at('packages', 'contract', 'src');
const lock = at('package-lock.json');

// The web app.
const webStampFile = at('apps', 'web', 'dist', '.build-stamp');
const webStamp = stampOf([
  at('apps', 'web', 'src'),
  at('apps', 'web', 'index.html'),
  at('apps', 'web', 'vite.config.ts'),
  at('apps', 'web', 'public'),
  contract,
  lock,
]);
if (!fresh(webStampFile, webStamp)) {
  run(process.execPath, [at('node_modules', 'vite', 'bin', 'vite.js'), 'build', at('apps', 'web')]);
  fs.writeFileSync(webStampFile, webStamp);
}

// The server.
const serverMain = await buildServer();

if (process.argv.includes('--build-only')) process.exit(0);

// In this process (signals reach the server's own shutdown), from the server's folder as the
// workspace script ran it before; a relative DATA_DIR still means the folder npm started in
// (INIT_CWD, see docs/decisions.md "Operations").
process.setSourceMapsEnabled(true);
process.chdir(at('apps', 'server'));
await import(pathToFileURL(serverMain).href);
