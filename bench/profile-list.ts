import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { benchUser, bigEnvName } from './generate';
import { bigListBody, deepCursor, load, post } from './scenarios';
import { prepareTarget, root, stopServer, url } from './server-process';

/**
 * `npx tsx bench/profile-list.ts`: a CPU profile (--cpu-prof into PROFILE_DIR) of the product
 * server while it answers the deep list page for 15 s, to see where a request's time goes.
 */
const dir = process.env.PROFILE_DIR ?? '/tmp/kontor-profile';
fs.mkdirSync(dir, { recursive: true });
const target = await prepareTarget(process.env.PROFILE_TARGET ?? 'postgres');
const server = spawn(
  process.execPath,
  ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--import', 'tsx', 'apps/server/src/main.ts'],
  {
    cwd: root,
    env: {
      ...process.env,
      ...target.env,
      PORT: new URL(url).port,
      HOST: '127.0.0.1',
      DEMO: '0',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://127.0.0.1:9',
      FILE_URL_SECRET: 'bench-file-url-secret-not-for-real-use',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
for (let i = 0; i < 120; i++) {
  await new Promise((r) => setTimeout(r, 500));
  if (
    await fetch(`${url}/healthz`)
      .then((r) => r.ok)
      .catch(() => false)
  )
    break;
}
const { token } = await post<{ token: string }>(url, '/api/users/login', null, benchUser);
const envs = (await post<{ data: Array<{ url_slug: string; name: string }> }>(url, '/api/environments/list', token, {}))
  .data;
const big = envs.find((e) => e.name === bigEnvName)?.url_slug ?? '';
const cursor = await deepCursor(url, token, big, 50);
const result = await load(url, '/api/simpletable/data', token, [bigListBody(big, cursor)], {
  connections: Number(process.env.PROFILE_CONNECTIONS ?? 10),
  seconds: 15,
  serverPid: server.pid,
});
console.log(result);
await stopServer(server);
console.log(`profile in ${dir}`);
