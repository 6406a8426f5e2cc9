#!/usr/bin/env node
// `npm run typecheck`: every TypeScript project, two at a time (this machine has two cores; one
// tsc uses one), each project's errors printed together when it ends (issue 30 item 4).
import { spawn } from 'node:child_process';

const projects = ['packages/contract', 'apps/server', 'apps/web', 'e2e', 'bench'];
const parallel = 2;

const check = (project) =>
  new Promise((resolve) => {
    const child = spawn('npx', ['tsc', '-p', project], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('exit', (code) => resolve({ project, code: code ?? 1, output }));
  });

const queue = [...projects];
const failed = [];
const worker = async () => {
  for (let project = queue.shift(); project; project = queue.shift()) {
    const { code, output } = await check(project);
    if (output.trim()) process.stdout.write(output);
    console.log(`${code === 0 ? '✓' : '✗'} tsc -p ${project}`);
    if (code !== 0) failed.push(project);
  }
};
await Promise.all(Array.from({ length: parallel }, worker));
if (failed.length > 0) {
  console.error(`typecheck failed: ${failed.join(', ')}`);
  process.exit(1);
}
