import { spawnSync } from 'node:child_process';

/**
 * `npm run bench`: the list, start, login-paint, Lighthouse, PDF, freeze and tenant-fairness benches one after another; `npm run bench -- --long`
 * adds the 10-minute soak (soak.ts). Each runs in a process of its own, so one's memory and
 * servers cannot skew the next one's figures.
 */
const parts = [
  'run.ts',
  'start.ts',
  'lcp.ts',
  'lighthouse.ts',
  'pdf.ts',
  'freeze.ts',
  'tenant-fairness.ts',
  ...(process.argv.includes('--long') ? ['soak.ts'] : []),
];
let failed = false;
for (const part of parts) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', part], { cwd: import.meta.dirname, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`${part} ended with ${result.status ?? result.signal}`);
    failed = true;
  }
}
process.exitCode = failed ? 1 : 0;
