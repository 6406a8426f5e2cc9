import { describe, expect, test } from 'vitest';
import { loadConfig, parseTrustProxy } from './config';

const load = (env: Record<string, string>) => loadConfig({ LOG_LEVEL: 'silent', ...env });
const fileUrlSecret = 'f'.repeat(32);

describe('configuration', () => {
  test('listens on loopback only in development unless HOST says otherwise', () => {
    expect(load({}).host).toBe('127.0.0.1');
    expect(load({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(load({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', FILE_URL_SECRET: fileUrlSecret }).host).toBe(
      '0.0.0.0',
    );
  });

  test('creates the demo account by default only outside production', () => {
    expect(load({}).demo).toBe(true);
    expect(load({ DEMO: '0' }).demo).toBe(false);
    expect(load({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', FILE_URL_SECRET: fileUrlSecret }).demo).toBe(
      false,
    );
    expect(
      load({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', FILE_URL_SECRET: fileUrlSecret, DEMO: '1' }).demo,
    ).toBe(true);
  });

  test('refuses to start in production without a mail transport', () => {
    expect(() => load({ NODE_ENV: 'production' })).toThrow(/SMTP_URL: required in production/);
    expect(() => load({ NODE_ENV: 'production', SMTP_URL: '' })).toThrow(/SMTP_URL/);
  });

  test('takes TRUST_PROXY as a hop count or proxy addresses, never as "trust everyone"', () => {
    expect(parseTrustProxy('')).toEqual({ value: false });
    expect(parseTrustProxy('0')).toEqual({ value: false });
    expect(parseTrustProxy('1')).toEqual({ value: 1 });
    expect(parseTrustProxy('2')).toEqual({ value: 2 });
    expect(parseTrustProxy('10.0.0.2')).toEqual({ value: ['10.0.0.2'] });
    expect(parseTrustProxy('10.0.0.2, 10.0.1.0/24,::1')).toEqual({ value: ['10.0.0.2', '10.0.1.0/24', '::1'] });
    expect(parseTrustProxy('true')).toHaveProperty('error');
    expect(parseTrustProxy('yes')).toHaveProperty('error');
    expect(parseTrustProxy('proxy.example.com')).toHaveProperty('error');
    expect(() => load({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(load({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
  });

  test('takes file storage from STORAGE_URL and wants a URL secret in production without it', () => {
    const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25' };
    expect(load({}).s3).toBeUndefined();
    expect(load({ STORAGE_URL: 's3://key:pw@minio:9000/files?tls=false' }).s3).toMatchObject({
      endpoint: 'http://minio:9000',
      bucket: 'files',
    });
    expect(() => load({ STORAGE_URL: 'https://minio:9000/files' })).toThrow(/STORAGE_URL: unknown scheme/);
    expect(() => load(production)).toThrow(/FILE_URL_SECRET: required in production/);
    expect(() => load({ ...production, FILE_URL_SECRET: 'short' })).toThrow(/FILE_URL_SECRET/);
    expect(load({ ...production, FILE_URL_SECRET: 'x'.repeat(32) }).fileUrlSecret).toBe('x'.repeat(32));
    expect(load({ ...production, STORAGE_URL: 's3://key:pw@s3.example.com/files' }).fileUrlSecret).toBeUndefined();
  });
});
