import * as api from '@kontor/contract/api/website';
import { expect } from 'vitest';
import { expectOk } from './assertions';
import type { TestApp } from './harness';

type Who = Readonly<{ env: string; token: string }>;

/**
 * Creates the TXT record the settings ask for in the test's DNS double and checks it, so the saved
 * host is served (issue 30 item 2). Returns the record.
 */
export const verifySavedHost = async (t: TestApp, who: Who) => {
  const details = await t.call(api.websiteDetails, { _env: who.env }, who.token);
  expectOk(details);
  const record = details.body.data!.host_verification;
  expect(record.state).not.toBe('none');
  t.dns.records.set(record.record_name, [[record.record_value]]);
  const checked = await t.call(api.verifyHost, { _env: who.env }, who.token);
  expectOk(checked);
  expect(checked.body.data?.host_verification.state).toBe('verified');
  return record;
};
