import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { createLocalStorage, type LocalStorage } from './local-driver';
import type { S3Storage } from './s3-driver';

export type AnyStorage = LocalStorage | S3Storage;

/**
 * The storage the configuration asks for: S3 with STORAGE_URL, else the local directory
 * DATA_DIR/files, whose signed URLs point at `{APP_URL}/files/…` (the file manager registers
 * registerLocalStorageRoutes for them when `storage.driver === 'local'`). The S3 driver is loaded
 * only when configured: the AWS SDK takes about a second to import, which every start would pay.
 */
export const createStorage = async (config: Config, options: { now?: () => Date } = {}): Promise<AnyStorage> => {
  if (config.s3) return (await import('./s3-driver')).createS3Storage(config.s3, options);
  return createLocalStorage({
    root: path.join(config.dataDir, 'files'),
    baseUrl: `${config.appUrl}/files`,
    urlSecret: resolveFileUrlSecret(config),
    now: options.now,
  });
};

export const secretFileName = 'file-url-secret';

/**
 * FILE_URL_SECRET, or outside production one generated once and kept in DATA_DIR/file-url-secret
 * (owner-only), so links stay valid across restarts. Production requires the variable (config.ts):
 * a generated key would differ between instances and be lost with the container.
 */
export const resolveFileUrlSecret = (config: Pick<Config, 'fileUrlSecret' | 'production' | 'dataDir'>): string => {
  if (config.fileUrlSecret) return config.fileUrlSecret;
  if (config.production) throw new Error('FILE_URL_SECRET is required in production');
  const file = path.join(config.dataDir, secretFileName);
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    // 'wx': of two processes starting at once, one writes and both read the same key.
    fs.writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds no usable key (at least 32 characters)`);
  return secret;
};
