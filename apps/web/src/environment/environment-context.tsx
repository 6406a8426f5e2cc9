import type { Environment, EnvironmentTax } from '@kontor/contract/api/environments';
import type { RecordTypeSummary } from '@kontor/contract/api/record-types';
import type { Permission, Role } from '@kontor/contract/api/roles';
import { createContext, useContext } from 'react';

/**
 * The environment a member works in, as environments/details delivered it. The shell provides it
 * (environment-shell.tsx); every screen inside /env/:env reads it with `useEnvironment()`.
 */
export type EnvironmentState = Readonly<{
  /** The `_env` of every call: the environment's url_slug. */
  envKey: string;
  environment: Environment;
  recordTypes: readonly RecordTypeSummary[];
  filemanagerDir: string | null;
  /**
   * Status `active` allows creating and editing records (spec 02 §4), to a member whose role
   * permits records (issue 29).
   */
  canEdit: boolean;
  /** The member's role and what it permits (issue 29): screens hide or disable what it does not. */
  role: Role;
  permissions: ReadonlySet<Permission>;
  taxes: readonly EnvironmentTax[];
  /** Reloads details (after settings that change the environment were saved). */
  reload: () => Promise<void>;
}>;

export const EnvironmentContext = createContext<EnvironmentState | null>(null);

export const useEnvironment = (): EnvironmentState => {
  const state = useContext(EnvironmentContext);
  if (!state) throw new Error('useEnvironment() outside of the environment shell');
  return state;
};

/**
 * Whether this member may change settings here (issue 29 item 4): an active environment and a
 * role with the 'settings' permission. Spec 02 §6 shows every user all settings, so settings
 * screens stay visible and disable their save and change buttons with this.
 */
export const useMayChangeSettings = (): boolean => {
  const { environment, permissions } = useEnvironment();
  return environment.status === 'active' && permissions.has('settings');
};
