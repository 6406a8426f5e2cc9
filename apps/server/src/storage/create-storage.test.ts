import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { testConfig } from '../config';
import { createStorage, resolveFileUrlSecret, secretFileName } from './create-storage';

describe('createStorage', () => {
  test('uses the local directory without STORAGE_URL and S3 with it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kontor-storage-'));
    try {
      expect((await createStorage(testConfig({ dataDir }))).driver).toBe('local');
      expect(fs.existsSync(path.join(dataDir, 'files', '.tmp'))).toBe(true);
      const s3 = {
        endpoint: 'http://127.0.0.1:9',
        publicEndpoint: undefined,
        region: 'us-east-1',
        bucket: 'files',
        prefix: '',
        accessKeyId: 'k',
        secretAccessKey: 's',
        forcePathStyle: true,
      };
      expect((await createStorage(testConfig({ dataDir, s3 }))).driver).toBe('s3');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('generates the URL secret once outside production and keeps it private', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kontor-secret-'));
    try {
      const first = resolveFileUrlSecret({ dataDir, production: false, fileUrlSecret: undefined });
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(resolveFileUrlSecret({ dataDir, production: false, fileUrlSecret: undefined })).toBe(first);
      expect(fs.statSync(path.join(dataDir, secretFileName)).mode & 0o077).toBe(0);
      expect(resolveFileUrlSecret({ dataDir, production: false, fileUrlSecret: 'y'.repeat(32) })).toBe('y'.repeat(32));
      expect(() => resolveFileUrlSecret({ dataDir, production: true, fileUrlSecret: undefined })).toThrow(/required/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
