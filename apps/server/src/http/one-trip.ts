import type { Call, DataOf } from '@kontor/contract/call';
import type { z } from 'zod';
import type { OneTripRead } from '../db/env-opening';
import type { EnvAccess } from './access';

/** A call's read written before its guard decides (RouteOptions.oneTrip, Database.readOpened). */
export type OneTrip<D> = Readonly<{
  /** One statement, its values inlined. */
  statement: string;
  /**
   * Whether the statement's answer holds for the environment as the guard read it: its
   * configuration still the one the statement was written for, the member's role allowed to see it.
   */
  fresh: (env: EnvAccess) => boolean;
  answer: (rows: Record<string, unknown>[]) => D;
}>;

/** Writes a call's one-trip read for the environment expected behind its slug, or undefined. */
export type OneTripOf<C extends Call> = (
  body: z.output<C['body']>,
  expectedEnvId: string,
) => OneTrip<DataOf<C>> | undefined;

/**
 * The environment id last seen behind each slug. A slug names its environment for good, and a
 * wrong guess costs only the usual path (Database.readOpened hands out no rows). Bounded like the
 * types cache.
 */
const envIdsBySlug = new Map<string, string>();
const envIdsBySlugLimit = 2000;

/** Called whenever a guard let a caller into an environment. */
export const rememberEnvId = (slug: string, id: string): void => {
  if (envIdsBySlug.get(slug) === id) return;
  if (envIdsBySlug.size >= envIdsBySlugLimit) envIdsBySlug.delete(envIdsBySlug.keys().next().value as string);
  envIdsBySlug.set(slug, id);
};

/**
 * The call's one-trip read for a raw body: undefined when this process has not seen the slug's
 * environment yet, or the body is not valid (the usual path then answers, in the caller's language).
 */
export const oneTripFor = <C extends Call>(
  c: C,
  oneTrip: OneTripOf<C>,
  raw: unknown,
): (OneTrip<DataOf<C>> & OneTripRead) | undefined => {
  const slug = (raw as { _env?: unknown } | null)?._env;
  const expectedEnvId = typeof slug === 'string' ? envIdsBySlug.get(slug) : undefined;
  if (!expectedEnvId) return undefined;
  const parsed = c.body.safeParse(raw);
  const trip = parsed.success ? oneTrip(parsed.data as z.output<C['body']>, expectedEnvId) : undefined;
  return trip && { ...trip, expectedEnvId };
};
