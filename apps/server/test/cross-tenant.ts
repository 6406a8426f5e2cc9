import type { BodyOf, Call } from '@kontor/contract/call';
import { translator } from '@kontor/contract/i18n/catalogs';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { environments, environmentUsers } from '../src/features/environments/environments.table';
import { expectRefused } from './assertions';
import { twoEnvironments } from './fixtures';
import type { TestApp, TestResponse } from './harness';

const de = translator('de_sie');

export type EnvPair = Awaited<ReturnType<typeof twoEnvironments>>;

/** One pair of environments per test app: signing up costs argon2 time, so files share it. */
const pairs = new WeakMap<TestApp, Promise<EnvPair>>();
export const sharedEnvPair = (t: TestApp): Promise<EnvPair> => {
  let pair = pairs.get(t);
  if (!pair) {
    pair = twoEnvironments(t);
    pairs.set(t, pair);
  }
  return pair;
};

type BodyWithoutEnv<C extends Call> = Omit<BodyOf<C>, '_env'>;

export type ForeignEnvOptions = Readonly<{
  /** The two environments to use; by default the test app's shared pair. */
  pair?: EnvPair;
  /**
   * What the guard needs: `write` calls are refused in a blocked environment, `read` calls too,
   * `status` calls are not. Checked by briefly blocking the caller's own environment.
   */
  mode?: 'status' | 'read' | 'write';
}>;

/**
 * The cross-tenant pattern every environment-scoped call reuses. A member of environment A
 * (alpha) calls `c` with `body`:
 * - on environment B (beta, which alpha is no member of): 403 with the German "no access" message;
 * - on an environment that does not exist: the very same answer, so existence is not revealed;
 * - without `_env`, or with `_env` of a wrong type: 400 naming `_env`;
 * - without a token: 401;
 * - as a member whose membership was deactivated: 403;
 * - in A while A is blocked: 403 'Firmenumgebung gesperrt' (unless mode is `status`);
 * - on A itself: not refused by the guard (the call's own answer, whatever it is).
 * Returns the pair and the answers so a test can check further that B was left untouched.
 */
export const expectForeignEnvRefused = async <C extends Call>(
  t: TestApp,
  c: C,
  body: BodyWithoutEnv<C>,
  options: ForeignEnvOptions = {},
): Promise<{ pair: EnvPair; own: TestResponse; foreign: TestResponse }> => {
  const pair = options.pair ?? (await sharedEnvPair(t));
  const { alpha, beta } = pair;
  const payload = body as Record<string, unknown>;

  const foreign = await t.post(c.path, { ...payload, _env: beta.env }, alpha.token);
  expectRefused(foreign, 403);
  expect(foreign.body.message).toBe(de('environments.notMember'));

  const unknown = await t.post(c.path, { ...payload, _env: `gibt-es-nicht-${Date.now()}` }, alpha.token);
  expectRefused(unknown, 403);
  expect(unknown.body).toEqual(foreign.body);

  for (const env of [undefined, 42, '', ['x'], { slug: beta.env }]) {
    const missing = await t.post(c.path, env === undefined ? payload : { ...payload, _env: env }, alpha.token);
    expectRefused(missing, 400);
    expect(missing.body.errors?._env, `_env ${JSON.stringify(env)}`).toBeDefined();
  }

  const anonymous = await t.post(c.path, { ...payload, _env: beta.env });
  expectRefused(anonymous, 401);

  await setMembership(t, alpha.env, alpha.userId, false);
  try {
    const former = await t.post(c.path, { ...payload, _env: alpha.env }, alpha.token);
    expectRefused(former, 403);
    expect(former.body.message).toBe(de('environments.notMember'));
  } finally {
    await setMembership(t, alpha.env, alpha.userId, true);
  }

  const mode = options.mode ?? 'write';
  await setStatus(t, alpha.env, 'blocked');
  try {
    const blocked = await t.post(c.path, { ...payload, _env: alpha.env }, alpha.token);
    if (mode === 'status') expect(blocked.statusCode).not.toBe(403);
    else {
      expectRefused(blocked, 403);
      expect(blocked.body.message).toBe(de('environments.blocked'));
    }
  } finally {
    await setStatus(t, alpha.env, 'active');
  }

  const own = await t.post(c.path, { ...payload, _env: alpha.env }, alpha.token);
  expect(own.statusCode, JSON.stringify(own.body)).not.toBe(401);
  expect(own.statusCode, JSON.stringify(own.body)).not.toBe(403);
  expect(own.body.errors?._env).toBeUndefined();
  return { pair, own, foreign };
};

/** Sets an environment's status (blocking is an operator's act, so there is no call for it). */
export const setStatus = async (t: TestApp, slug: string, status: 'active' | 'blocked' | 'inactive') => {
  await t.db.update(environments).set({ status }).where(eq(environments.urlSlug, slug));
};

/** Activates or deactivates a membership (removing users from an environment comes with spec 02). */
export const setMembership = async (t: TestApp, slug: string, userId: string, isActive: boolean) => {
  const [env] = await t.db.select({ id: environments.id }).from(environments).where(eq(environments.urlSlug, slug));
  if (!env) throw new Error(`no environment ${slug}`);
  await t.db
    .update(environmentUsers)
    .set({ isActive })
    .where(and(eq(environmentUsers.envId, env.id), eq(environmentUsers.userId, userId)));
};
