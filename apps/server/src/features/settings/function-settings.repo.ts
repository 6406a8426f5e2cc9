import { eq } from 'drizzle-orm';
import { type EnvScope, whereEnv } from '../../db/env-scope';
import { functionSettings } from './settings.table';

export const readFunctionSettings = async (scope: EnvScope, fn: string, qualifier: string) =>
  (
    await scope.tx
      .select({ settings: functionSettings.settings })
      .from(functionSettings)
      .where(
        whereEnv(scope, functionSettings, eq(functionSettings.function, fn), eq(functionSettings.qualifier, qualifier)),
      )
      .limit(1)
  )[0]?.settings;

export const writeFunctionSettings = (
  scope: EnvScope,
  fn: string,
  qualifier: string,
  settings: Record<string, unknown>,
  now: Date,
) =>
  scope.tx
    .insert(functionSettings)
    .values({ envId: scope.envId, function: fn, qualifier, settings, updatedAt: now })
    .onConflictDoUpdate({
      target: [functionSettings.envId, functionSettings.function, functionSettings.qualifier],
      set: { settings, updatedAt: now },
    });
