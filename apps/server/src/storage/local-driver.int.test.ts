import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { freePort } from '../../test/free-port';
import { createLocalStorage } from './local-driver';
import { registerLocalStorageRoutes } from './local-storage.routes';
import { storageContract } from './storage.contract';

storageContract('local directory', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kontor-files-'));
  let offset = 0;
  const port = await freePort();
  const storage = createLocalStorage({
    root,
    baseUrl: `http://127.0.0.1:${port}/files`,
    urlSecret: 'contract-test-secret-0123456789abcdef',
    now: () => new Date(Date.now() + offset),
  });
  const app = Fastify();
  await registerLocalStorageRoutes(app, storage);
  await app.listen({ port, host: '127.0.0.1' });
  return {
    storage,
    shiftClock: (ms) => {
      offset += ms;
    },
    close: async () => {
      await app.close();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
});
