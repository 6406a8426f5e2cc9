#!/usr/bin/env node
// `npm test`: every check the README promises, one phase after another, stopping at the first
// failure; at the end (also after a failure) each phase's duration, so growth is seen (issue 30
// item 4). `.ci/run` calls this same command.
import { spawn } from 'node:child_process';

const phases = [
  ['lint (Biome, import boundaries)', 'npm run lint'],
  ['typecheck', 'npm run typecheck'],
  ['unit + web', 'npm run test:unit'],
  ['API on PGlite', 'npm run test:api'],
  ['end-to-end in Chromium', 'npm run test:e2e'],
];

const run = (command) =>
  new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const minutes = (ms) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

const done = [];
let failed = null;
for (const [name, command] of phases) {
  console.log(`\n== ${name}: ${command}`);
  const started = Date.now();
  const code = await run(command);
  done.push([name, Date.now() - started, code]);
  if (code !== 0) {
    failed = name;
    break;
  }
}

const width = Math.max(...done.map(([name]) => name.length));
console.log('\n== npm test: phase durations (m:ss)');
for (const [name, ms, code] of done)
  console.log(`   ${name.padEnd(width)}  ${minutes(ms).padStart(6)}${code ? '  FAILED' : ''}`);
console.log(`   ${'total'.padEnd(width)}  ${minutes(done.reduce((sum, [, ms]) => sum + ms, 0)).padStart(6)}`);
if (failed) {
  console.error(`\nnpm test failed in: ${failed}`);
  process.exit(1);
}
