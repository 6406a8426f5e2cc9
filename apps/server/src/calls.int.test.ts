import { afterAll, describe, expect, test } from 'vitest';
import { caseOf, someId } from '../test/call-cases';
import { expectForeignEnvRefused, sharedEnvPair } from '../test/cross-tenant';
import { startTestApp } from '../test/harness';

/**
 * The cross-tenant meta-test: every environment-scoped call the app registered is sent to a
 * foreign, an unknown and a missing environment, by a deactivated member and into a blocked one
 * (the pattern of `expectForeignEnvRefused`). A call added without a case in
 * `test/call-cases.ts` fails here, named.
 */
const t = await startTestApp();
afterAll(() => t.close());

const envCalls = t.app.calls.filter((bound) => typeof bound.access === 'object');

describe('every environment-scoped call', () => {
  test('the registry lists the calls the features bound', () => {
    expect(envCalls.length).toBeGreaterThanOrEqual(13);
    expect(new Set(t.app.calls.map((b) => b.call.path)).size).toBe(t.app.calls.length);
  });

  test.each(envCalls.map((bound) => [bound.call.path, bound] as const))(
    '%s refuses a foreign environment',
    async (_path, bound) => {
      const access = bound.access as { env: 'status' | 'read' | 'write' };
      const pair = await sharedEnvPair(t);
      const { _env: _ignored, ...body } = caseOf(bound).body(pair.alpha, someId());
      await expectForeignEnvRefused(t, bound.call, body, { pair, mode: access.env });
    },
  );
});
