import type { AppDeps } from './deps';
import { countUsers } from './features/auth/auth.repo';
import { createActivatedUser } from './features/auth/auth.service';
import { createEnvironment } from './features/environments/environments.service';

export const demoLogin = { email: 'demo@kontor.local', password: 'kontor-demo' } as const;

/**
 * On the very first start (no user at all): an activated demo account with one environment
 * made from the craftsman preset, so a newcomer can log in at once.
 */
export const seedDemo = async (deps: AppDeps): Promise<boolean> => {
  if ((await countUsers(deps.database.db)) > 0) return false;
  const user = await createActivatedUser(deps, { ...demoLogin, firstname: 'Dana', name: 'Demo' });
  await createEnvironment(
    deps,
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
  return true;
};
