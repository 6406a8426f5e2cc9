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
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

const filesUnder = (dir) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .flatMap((e) => (e.isFile() ? [path.join(e.parentPath ?? e.path, e.name)] : []))
    : [];

const stampOf = (inputs) => {
  const hash = createHash('sha256');
  for (const file of inputs
    .flatMap((p) => (fs.existsSync(p) && fs.statSync(p).isDirectory() ? filesUnder(p) : [p]))
    .sort()) {
    if (!fs.existsSync(file)) continue;
    const s = fs.statSync(file);
    hash.update(`${path.relative(root, file)}\u0000${s.size}\u0000${s.mtimeMs}\n`);
  }
  return hash.digest('hex');
};

const fresh = (stampFile, stamp) => fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp;

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
const dist = at('apps', 'server', 'dist');
const serverStampFile = path.join(dist, '.build-stamp');
const serverStamp = stampOf([at('apps', 'server', 'src'), contract, lock, fileURLToPath(import.meta.url)]);
if (!fresh(serverStampFile, serverStamp)) {
  const { build } = await import('esbuild');
  const pkg = JSON.parse(fs.readFileSync(at('apps', 'server', 'package.json'), 'utf8'));
  const contractPkg = JSON.parse(fs.readFileSync(at('packages', 'contract', 'package.json'), 'utf8'));
  const external = [...Object.keys(pkg.dependencies), ...Object.keys(contractPkg.dependencies ?? {})]
    .filter((name) => name !== '@kontor/contract')
    .flatMap((name) => [name, `${name}/*`]);
  fs.rmSync(dist, { recursive: true, force: true });
  await build({
    entryPoints: { main: at('apps', 'server', 'src', 'main.ts'), cli: at('apps', 'server', 'src', 'admin', 'cli.ts') },
    outdir: dist,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    splitting: true,
    sourcemap: true,
    external,
    logLevel: 'warning',
  });
  // client.ts finds its migrations beside itself; in the bundle that is dist/.
  fs.cpSync(at('apps', 'server', 'src', 'db', 'migrations'), path.join(dist, 'migrations'), { recursive: true });
  fs.writeFileSync(serverStampFile, serverStamp);
}

if (process.argv.includes('--build-only')) process.exit(0);

// In this process (signals reach the server's own shutdown), from the server's folder as the
// workspace script ran it before; a relative DATA_DIR still means the folder npm started in
// (INIT_CWD, see docs/decisions.md "Operations").
process.setSourceMapsEnabled(true);
process.chdir(at('apps', 'server'));
await import(pathToFileURL(path.join(dist, 'main.js')).href);
