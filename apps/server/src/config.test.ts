import { describe, expect, test } from 'vitest';
import { loadConfig, parseTrustProxy } from './config';

const load = (env: Record<string, string>) => loadConfig({ LOG_LEVEL: 'silent', ...env });

describe('configuration', () => {
  test('listens on loopback only in development unless HOST says otherwise', () => {
    expect(load({}).host).toBe('127.0.0.1');
    expect(load({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(load({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25' }).host).toBe('0.0.0.0');
  });

  test('creates the demo account by default only outside production', () => {
    expect(load({}).demo).toBe(true);
    expect(load({ DEMO: '0' }).demo).toBe(false);
    expect(load({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25' }).demo).toBe(false);
    expect(load({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', DEMO: '1' }).demo).toBe(true);
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
});
