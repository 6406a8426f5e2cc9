/**
 * Bundles the server and the contract with esbuild into apps/server/dist (main.js and the admin
 * cli.js; packages from node_modules stay external), only when their sources changed since the
 * last build: a stamp (sizes and modification times of every source file) beside the build
 * decides. Used by `npm start` and by the tests that start the server as a process of its own.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

const filesUnder = (dir) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .flatMap((e) => (e.isFile() ? [path.join(e.parentPath ?? e.path, e.name)] : []))
    : [];

export const stampOf = (inputs) => {
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

export const fresh = (stampFile, stamp) => fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp;

const contract = at('packages', 'contract', 'src');
const lock = at('package-lock.json');

/**
 * One builder at a time across processes (test files start servers in parallel): a directory
 * created atomically is the lock; one older than two minutes is a crashed builder's and is taken.
 */
const withBuildLock = async (work) => {
  const lock = at('apps', 'server', '.dist-lock');
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 120_000) fs.rmSync(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
};

/** Builds apps/server/dist when its sources changed; answers the path of dist/main.js. */
export const buildServer = () =>
  withBuildLock(async () => {
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
        entryPoints: {
          main: at('apps', 'server', 'src', 'main.ts'),
          cli: at('apps', 'server', 'src', 'admin', 'cli.ts'),
          // Worker threads start from files of their own (parse-limits/bounded-worker.ts finds them beside main.js).
          'einvoice.worker': at('apps', 'server', 'src', 'features', 'einvoice', 'einvoice.worker.ts'),
        },
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

    return path.join(dist, 'main.js');
  });
