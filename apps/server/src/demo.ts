import { randomBytes } from 'node:crypto';
import { translator } from '@kontor/contract/i18n/catalogs';
import type { AppDeps } from './deps';
import { countUsers } from './features/auth/auth.repo';
import { createActivatedUser } from './features/auth/auth.service';
import { createEnvironment } from './features/environments/environments.service';

export const demoLogin = { email: 'demo@kontor.local', password: 'kontor-demo' } as const;

/**
 * On the very first start (no user at all): an activated demo account with one environment
 * made from the craftsman preset, so a newcomer can log in at once. The published password is
 * for development only; in production (where a demo must be asked for) it is random, and the
 * caller prints it once. Returns the login, or null when users exist already.
 */
export const seedDemo = async (deps: AppDeps): Promise<{ email: string; password: string } | null> => {
  if ((await countUsers(deps.database.db)) > 0) return null;
  const login = deps.config.production
    ? { email: demoLogin.email, password: randomBytes(12).toString('base64url') }
    : demoLogin;
  const user = await createActivatedUser(deps, { ...login, firstname: 'Dana', name: 'Demo' });
  // The demo company is German, whatever language a later visitor picks.
  await createEnvironment(
    deps,
    translator('de_sie'),
    {
      id: user.id,
      email: user.email,
      firstname: user.firstname,
      name: user.name,
      isActive: true,
      passwordChangedAt: null,
      createdAt: user.createdAt,
    },
    { name: 'Musterbau GmbH', preset: 'craftsman' },
  );
  return login;
};
