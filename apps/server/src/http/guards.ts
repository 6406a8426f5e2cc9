import { createHash } from 'node:crypto';
import { mayDo, type Permission } from '@kontor/contract/api/roles';
import { envKey } from '@kontor/contract/call';
import { translator } from '@kontor/contract/i18n/catalogs';
import type { FastifyRequest } from 'fastify';
import type { EnvOpening } from '../db/env-opening';
import type { AppDeps } from '../deps';
import type { AuthUser, EnvAccess } from './access';
import { AppError } from './errors';
import { defaultLanguage } from './request-language';

export type { AuthUser, EnvAccess, GuardLookups } from './access';

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

// Answered before any environment, and so any language of one, is known (request-language.ts).
const t = translator(defaultLanguage);

/** The SHA-256 of the bearer token, or an empty string when none was sent. */
export const bearerTokenHash = (req: FastifyRequest): string => {
  const header = req.headers.authorization ?? '';
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
  return match?.[1] ? hashToken(match[1]) : '';
};

const unauthenticated = () => new AppError('unauthenticated', { message: t('common.unauthenticated') });

/** Checked on every request, so a revoked or expired token fails on the very next call. */
export const requireUser = async (deps: AppDeps, tokenHash: string): Promise<AuthUser> => {
  const user = tokenHash ? await deps.guards.userBySessionHash(tokenHash) : null;
  if (!user) throw unauthenticated();
  return user;
};

export type EnvMode = 'status' | 'read' | 'write';

const requireSlug = (body: unknown): string => {
  const slug = envKey.safeParse((body as { _env?: unknown } | null)?._env);
  // NUL is no character of any text PostgreSQL holds (nor of an SQL literal): no environment has it.
  if (!slug.success || slug.data.includes('\0')) {
    throw new AppError('invalid', { message: t('common.invalidInput'), errors: { _env: [t('common.fieldRequired')] } });
  }
  return slug.data;
};

const checkEnv = (env: EnvAccess | null, mode: EnvMode, may: Permission): EnvAccess => {
  // An unknown environment and a foreign one answer alike: existence is not revealed.
  if (!env?.memberActive) throw new AppError('not_member', { message: t('environments.notMember') });
  const te = translator(env.language);
  if (env.status === 'blocked' && mode !== 'status')
    throw new AppError('environment_blocked', { message: te('environments.blocked') });
  if (env.status !== 'active' && mode === 'write')
    throw new AppError('environment_inactive', { message: te('environments.notActive') });
  // The call's permission, from the member's role (issue 29), before the handler runs.
  if (!mayDo(env.role, may)) throw new AppError('forbidden', { message: te('settings.noRights') });
  return env;
};

/** A guard read's answer for the call's mode: 401 without a live session, 403 without access. */
const checkFound = (
  found: { user: AuthUser; env: EnvAccess | null } | null,
  mode: EnvMode,
  may: Permission,
): { user: AuthUser; env: EnvAccess } => {
  if (!found) throw unauthenticated();
  return { user: found.user, env: checkEnv(found.env, mode, may) };
};

/** The caller and the environment of `_env` in one lookup: 401 without a live session, 403 without access. */
export const requireUserAndEnv = async (
  deps: AppDeps,
  tokenHash: string,
  body: unknown,
  mode: EnvMode,
  may: Permission,
): Promise<{ user: AuthUser; env: EnvAccess }> => {
  if (!tokenHash) throw unauthenticated();
  return checkFound(await deps.guards.userWithEnv(tokenHash, requireSlug(body)), mode, may);
};

/**
 * `requireUserAndEnv` as the opening read of the call's tenant transaction: the same checks and
 * answers, but the read travels with BEGIN (db/env-opening.ts). A missing token or `_env` fails
 * before the database is asked.
 */
export const userAndEnvOpening = (
  deps: AppDeps,
  tokenHash: string,
  body: unknown,
  mode: EnvMode,
  may: Permission,
): EnvOpening<{ user: AuthUser; env: EnvAccess }> => {
  if (!tokenHash) throw unauthenticated();
  const lookup = deps.guards.userWithEnvOpening(tokenHash, requireSlug(body));
  return {
    sql: lookup.sql,
    decide: (row) => {
      const { user, env } = checkFound(lookup.read(row), mode, may);
      return { envId: env.id, userId: user.id, opened: { user, env } };
    },
  };
};
