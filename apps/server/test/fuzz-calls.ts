import type net from 'node:net';
import os from 'node:os';
import * as accountApi from '@kontor/contract/api/account';
import * as authApi from '@kontor/contract/api/auth';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bodyLimitBytes } from '../src/app';
import { wireClient } from '../src/http/wire-client';
import { expectOk } from './assertions';
import { accessOf, callCases, someId } from './call-cases';
import { defaultPassword, userWithEnvironment } from './fixtures';
import { startTestApp, type TestApp, type TestResponse } from './harness';

/**
 * Fuzzing over every registered call: valid, near-valid and hostile bodies. Whatever arrives, the
 * answer is the envelope with a 4xx or a success, fast, and never shows a stack or SQL. Bodies above
 * the body limit travel over a real socket from a client thread of its own: an answer that does not
 * reach the client (the socket closed while it still sent) fails like a wrong one. Runs per
 * call: FUZZ_RUNS (200 in `npm test`, 10,000 in the long form); FUZZ_SEED replays a failure, best
 * with FUZZ_CALL=<its path> (only that call).
 */
const runs = Number(process.env.FUZZ_RUNS ?? 200);
const seed = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
/** FUZZ_SHARD=i/n takes every n-th call from the i-th (1-based): the long form split over processes, one per core. */
const [shard, shards] = (/^(\d+)\/(\d+)$/.exec(process.env.FUZZ_SHARD ?? '') ?? ['', '1', '1'])
  .slice(1)
  .map(Number) as [number, number];
/**
 * No answer may take longer than 2 s. The long form (TIMING_STRICT=1) holds exactly that; in
 * `npm test`, which shares the machine with everything else, the bound grows with the load per
 * core at the start of each call's run, so a busy CI machine does not fail a fast server, while a
 * pathological answer (a hang, a quadratic parser) still does.
 */
const slowMs = () =>
  process.env.TIMING_STRICT === '1' ? 2000 : 2000 * Math.max(1, (os.loadavg()[0] ?? 0) / Math.max(1, os.cpus().length));
const endsSession = new Set([authApi.logout.path, accountApi.logoutEverywhere.path]);

/**
 * Registers the fuzzing of the calls of `part` of `of` (the calls split over files, so the
 * two test workers share the work; issue 30 item 4), then FUZZ_SHARD within that part.
 */
export const fuzzEveryCall = async (part: number, of: number): Promise<void> => {
  const t: TestApp = await startTestApp();
  const wire = wireClient();
  let port = 0;
  let user: Awaited<ReturnType<typeof userWithEnvironment>>;
  /** Whose address the fuzzed bodies carry: failed logins lock this account out, not the session's owner. */
  let bystander: Awaited<ReturnType<typeof userWithEnvironment>>;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
    user = await userWithEnvironment(t);
    bystander = await userWithEnvironment(t);
  });
  afterAll(async () => {
    await wire.close();
    await t.close();
  });

  const nested = (depth: number): unknown => {
    let value: unknown = 'x';
    for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { a: value };
    return value;
  };

  // Own keys named like the prototype's: JSON.parse makes them plain properties, as a client's JSON would.
  const pollution = JSON.parse(
    '{"__proto__": {"isAdmin": true, "status": "success"}, "constructor": {"prototype": {"polluted": 1}}, "toString": 1}',
  ) as Record<string, unknown>;

  const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    fc.string({ unit: 'binary', maxLength: 300 }),
    fc.constantFrom(
      '',
      ' ',
      '\u0000',
      'a\u0000b',
      '\u202eevil',
      '\ud800',
      '\u0007\u001b[31m',
      '<script>alert(1)</script>',
      "' or 1=1 --",
      '%_\\',
      '../../etc/passwd',
      'javascript:alert(1)',
    ),
    fc.constantFrom(
      0,
      -0,
      1,
      -1,
      2 ** 31,
      -(2 ** 31),
      Number.MAX_SAFE_INTEGER,
      Number.MIN_SAFE_INTEGER,
      1e308,
      -1e308,
      5e-324,
    ),
    fc.constant('x'.repeat(100_000)),
    fc.constant(nested(2000)),
    fc.constant(Array.from({ length: 10_000 }, (_, i) => i)),
    fc.constant(Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i]))),
    fc.constant(pollution),
  );

  /** Bodies around a well-formed one: some fields replaced, extra keys merged in, or nothing like it. */
  const bodies = (base: Record<string, unknown>): fc.Arbitrary<unknown> => {
    const fields = Object.keys(base);
    const replaced = fc
      .uniqueArray(fc.constantFrom(...(fields.length > 0 ? fields : ['_'])), { minLength: 1 })
      .chain((keys) =>
        fc.tuple(fc.constant(keys), fc.array(hostileValue, { minLength: keys.length, maxLength: keys.length })),
      )
      .map(([keys, values]) => ({ ...base, ...Object.fromEntries(keys.map((k, i) => [k, values[i]])) }));
    const merged = hostileValue.map((v) =>
      v !== null && typeof v === 'object' && !Array.isArray(v)
        ? { ...base, ...(v as object), ...pollution }
        : { ...base, extra: v },
    );
    return fc.oneof(
      { weight: 1, arbitrary: fc.constant(base) },
      { weight: 5, arbitrary: replaced },
      { weight: 2, arbitrary: merged },
      { weight: 2, arbitrary: hostileValue },
    );
  };

  const leaks =
    /\bat .+\.(ts|js|mjs):\d+|node_modules|syntax error|relation "|\bselect\b.+\bfrom\b|ZodError|TypeError|ReferenceError/i;

  /** Over a real socket; a missing or incomplete answer fails here, naming the socket's error. */
  const postOverWire = async (path: string, text: string, token: string | undefined): Promise<TestResponse> => {
    const outcome = await wire.send({
      port,
      path,
      body: text,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    const { answer } = outcome;
    if (!answer)
      throw new Error(`no answer reached the client (${outcome.error}, ${outcome.sent} of ${text.length} bytes sent)`);
    let body: TestResponse['body'];
    try {
      body = JSON.parse(answer.body);
    } catch {
      body = { status: 'error', message: answer.body };
    }
    return { statusCode: answer.status, headers: answer.headers, body };
  };

  const freshSession = async (): Promise<string> => {
    const login = await t.call(authApi.login, { email: user.email, password: defaultPassword });
    expectOk(login);
    return login.body.token as string;
  };

  describe('fuzzing every call', () => {
    const cases = t.app.calls
      .flatMap((bound) => {
        const c = callCases.find((k) => k.call.path === bound.call.path);
        return c ? [{ path: bound.call.path, access: accessOf(bound), body: c.body }] : [];
      })
      .filter((_, i) => i % of === part - 1)
      .filter((c, i) => i % shards === shard - 1 && (!process.env.FUZZ_CALL || c.path === process.env.FUZZ_CALL));

    test.each(cases.map((c) => [c.path, c] as const))(
      '%s',
      async (_path, c) => {
        const base = c.body({ email: bystander.email, env: user.env }, someId());
        // A session of its own: a fuzzed logout must not leave the later calls unauthenticated.
        const token = c.access === 'public' ? undefined : await freshSession();
        const limit = slowMs();
        await fc.assert(
          fc.asyncProperty(bodies(base), async (body) => {
            const started = performance.now();
            const payload = JSON.stringify(body);
            const res =
              Buffer.byteLength(payload) > bodyLimitBytes
                ? await postOverWire(c.path, payload, token)
                : await t.post(c.path, payload, token);
            const took = performance.now() - started;
            const text = JSON.stringify(res.body);
            expect(res.statusCode, text.slice(0, 300)).toBeLessThan(500);
            expect(took, `answer time in ms (limit ${limit.toFixed(0)})`).toBeLessThan(limit);
            expect(['success', 'error']).toContain(res.body.status);
            if (res.body.status === 'error') expect(typeof res.body.code).toBe('string');
            expect(text).not.toMatch(leaks);
            // The session stays valid (but for the calls that end it), so bodies reach the handlers.
            if (token && !endsSession.has(c.path)) expect(res.statusCode, 'session still valid').not.toBe(401);
          }),
          { numRuns: runs, seed, endOnFailure: true },
        );
        // Above the body limit: refused with a German 413 over a real socket (issue 28 item 4). Once
        // per call, not at random among the runs: a megabyte in one body of ten made this file the
        // suite's longest (issue 30 item 4).
        const huge = await postOverWire(c.path, JSON.stringify({ ...base, extra: 'x'.repeat(bodyLimitBytes) }), token);
        expect(huge.statusCode).toBe(413);
        expect(huge.body.status).toBe('error');
        expect(JSON.stringify(huge.body)).not.toMatch(leaks);
      },
      Math.max(120_000, runs * 100),
    );

    test('the server still answers afterwards, and nothing was polluted', async () => {
      expect((await t.get('/healthz')).statusCode).toBe(200);
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expectOk(await t.post('/api/environments/list', {}, await freshSession()));
    });
  });
};
