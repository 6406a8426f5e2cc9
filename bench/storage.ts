import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createInterface } from 'node:readline';
import Fastify from 'fastify';
import { createLocalStorage } from '../apps/server/src/storage/local-driver';
import { registerLocalStorageRoutes } from '../apps/server/src/storage/local-storage.routes';

/**
 * `npm run storage -w @kontor/bench`: uploads a 200 MiB file through the local driver's signed PUT
 * route over HTTP (one PUT, and 8 MiB parts one after another as the browser sends them) and
 * compares the throughput with `cp` of the same file on the same disk in the same run. The server
 * runs as a child process, so its resident memory is measured alone: it must stay flat (streamed,
 * never buffered). BENCH_FILE_MIB (default 200), BENCH_RUNS (default 3, the median is reported).
 */

const sizeMiB = Number(process.env.BENCH_FILE_MIB ?? 200);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const MiB = 1024 * 1024;
const partSize = 8 * MiB;
const secret = 'bench-storage-secret-0123456789abcdef';

if (process.argv[2] === '--serve') {
  // Child: the server alone, reporting its own memory.
  const [root = '', port = '0'] = process.argv.slice(3);
  const storage = createLocalStorage({ root, baseUrl: `http://127.0.0.1:${port}/files`, urlSecret: secret });
  const app = Fastify();
  await registerLocalStorageRoutes(app, storage);
  app.get('/bench/rss', async () => ({ rss: process.memoryUsage().rss }));
  // The transport's ceiling: the same HTTP stack reading a body and dropping it.
  app.register(async (sink) => {
    sink.addContentTypeParser('*', (_req, _payload, done) => done(null));
    sink.put('/bench/discard', (req, reply) => {
      req.raw.resume();
      req.raw.on('end', () => reply.send({ status: 'success' }));
    });
  });
  await app.listen({ port: Number(port), host: '127.0.0.1' });
  console.log('ready');
} else {
  await main();
}

async function main() {
  const out = path.join(import.meta.dirname, 'out', 'storage');
  fs.rmSync(out, { recursive: true, force: true });
  const root = path.join(out, 'files');
  fs.mkdirSync(root, { recursive: true });
  const source = path.join(out, 'source.bin');
  const size = sizeMiB * MiB;
  writeRandomFile(source, size);
  const sourceHash = await sha256File(source);
  spawnSync('cat', [source], { stdio: ['ignore', 'ignore', 'inherit'] }); // in the page cache, as for every contender

  const port = 4100 + (process.pid % 500);
  const child = await startServer(root, port);
  const base = `http://127.0.0.1:${port}`;
  const signer = createLocalStorage({ root, baseUrl: `${base}/files`, urlSecret: secret });
  const rss = async () => ((await (await fetch(`${base}/bench/rss`)).json()) as { rss: number }).rss;

  /** Samples the server's RSS every 20 ms while `work` runs. */
  const watched = async (work: () => Promise<void>) => {
    const before = await rss();
    let peak = before;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await rss());
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const started = process.hrtime.bigint();
    await work();
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    sampling = false;
    await sampler;
    return { seconds, growth: peak - before, before };
  };

  const results: Record<'cp' | 'cpSync' | 'cat' | 'discard' | 'single' | 'parts', number[]> = {
    cp: [],
    cpSync: [],
    cat: [],
    discard: [],
    single: [],
    parts: [],
  };
  const growth: Record<'single' | 'parts', number[]> = { single: [], parts: [] };
  let baseline = 0;
  try {
    // Warm-up: JIT, sockets, buffers; not counted.
    await uploadSingle(signer, `warm/up`, source, Math.min(size, 16 * MiB));
    for (let run = 1; run <= runs; run++) {
      const copy = path.join(root, `copy-${run}.bin`);
      results.cp.push(timed(() => spawnSync('cp', [source, copy])));
      fs.rmSync(copy);
      // cp followed by fsync of the copy: what our upload guarantees (durable before it answers).
      results.cpSync.push(timed(() => spawnSync('sh', ['-c', `cp "${source}" "${copy}" && sync "${copy}"`])));
      fs.rmSync(copy);
      // cp 9 copies inside the kernel (copy_file_range); every byte of an upload passes user space.
      results.cat.push(timed(() => spawnSync('sh', ['-c', `cat "${source}" > "${copy}" && sync "${copy}"`])));
      fs.rmSync(copy);

      results.discard.push((await watched(() => putFile(`${base}/bench/discard`, {}, source, 0, size))).seconds);

      const single = await watched(() => uploadSingle(signer, `bench/single-${run}`, source, size));
      results.single.push(single.seconds);
      growth.single.push(single.growth);
      baseline = single.before;
      await verify(signer, `bench/single-${run}`, sourceHash);
      await signer.delete(`bench/single-${run}`);

      const parts = await watched(() => uploadParts(signer, `bench/parts-${run}`, source, size));
      results.parts.push(parts.seconds);
      growth.parts.push(parts.growth);
      await verify(signer, `bench/parts-${run}`, sourceHash);
      await signer.delete(`bench/parts-${run}`);
    }
  } finally {
    child.kill('SIGTERM');
    fs.rmSync(out, { recursive: true, force: true });
  }

  const mbps = (seconds: number) => size / 1e6 / seconds;
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
  const cp = mbps(median(results.cp));
  const line = (label: string, seconds: number[], extra = '') => {
    const speed = mbps(median(seconds));
    console.log(
      `${label.padEnd(44)} ${speed.toFixed(0).padStart(6)} MB/s  ${((speed / cp) * 100).toFixed(0).padStart(4)} % of cp${extra}`,
    );
  };
  const mib = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;
  console.log(`\n${sizeMiB} MiB, median of ${runs} runs, same disk (${out})`);
  line('cp', results.cp);
  line('cp + fsync of the copy', results.cpSync);
  line('cat (through user space) + fsync', results.cat);
  line('HTTP PUT to a discarding route (ceiling)', results.discard);
  line('signed PUT, one request', results.single, `   server RSS +${mib(Math.max(...growth.single))} (max)`);
  line(
    `signed PUT, ${Math.ceil(size / partSize)} parts of 8 MiB + complete`,
    results.parts,
    `   server RSS +${mib(Math.max(...growth.parts))} (max)`,
  );
  console.log(
    `server RSS before uploading: ${mib(baseline)}; goal: ≥ 80 % of cp, RSS growth flat (well below the file size)`,
  );
}

function writeRandomFile(file: string, size: number) {
  const fd = fs.openSync(file, 'w');
  for (let written = 0; written < size; written += 8 * MiB)
    fs.writeSync(fd, randomBytes(Math.min(8 * MiB, size - written)));
  fs.closeSync(fd);
}

async function sha256File(file: string) {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file, { highWaterMark: MiB })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

function timed(work: () => unknown) {
  const started = process.hrtime.bigint();
  work();
  return Number(process.hrtime.bigint() - started) / 1e9;
}

async function startServer(root: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--serve', root, String(port)], {
    cwd: import.meta.dirname,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  await new Promise<void>((resolve, reject) => {
    lines.on('line', (l) => l === 'ready' && resolve());
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return child;
}

/** PUTs `length` bytes of `file` from `start` to `url`, streamed from disk. */
function putFile(url: string, headers: Readonly<Record<string, string>>, file: string, start: number, length: number) {
  return new Promise<void>((resolve, reject) => {
    const req = http.request(url, { method: 'PUT', headers: { ...headers, 'content-length': String(length) } });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`PUT answered ${res.statusCode}`))));
    });
    req.on('error', reject);
    fs.createReadStream(file, { start, end: start + length - 1, highWaterMark: MiB }).pipe(req);
  });
}

async function uploadSingle(signer: ReturnType<typeof createLocalStorage>, key: string, file: string, size: number) {
  const signed = await signer.signedPutUrl(key, {
    size,
    contentType: 'application/octet-stream',
    expiresInSeconds: 600,
  });
  await putFile(signed.url, signed.headers, file, 0, size);
}

async function uploadParts(signer: ReturnType<typeof createLocalStorage>, key: string, file: string, size: number) {
  const upload = await signer.createMultipartUpload(key, { size, partSize, contentType: 'application/octet-stream' });
  const count = Math.ceil(size / partSize);
  for (let n = 1; n <= count; n++) {
    const signed = await signer.signedPartUrl(upload, n, { expiresInSeconds: 600 });
    await putFile(signed.url, signed.headers, file, (n - 1) * partSize, Math.min(partSize, size - (n - 1) * partSize));
  }
  await signer.completeMultipartUpload(upload);
}

async function verify(signer: ReturnType<typeof createLocalStorage>, key: string, expected: string) {
  const hash = createHash('sha256');
  for await (const chunk of (await signer.get(key)).body) hash.update(chunk as Buffer);
  if (hash.digest('hex') !== expected) throw new Error(`${key}: stored bytes differ from the source`);
}
