import { type Role, rolePermissions } from '@kontor/contract/api/roles';
import type { RouteObject } from 'react-router';
import { testEnvironmentState } from '../../test/environment-fixture';
import { renderWithEnvironment } from '../../test/render-in-environment';

export const ok = (data?: unknown, message?: string) => ({ body: { status: 'success', data, message } });
export const failed = (status: number, code: string, message: string, errors?: Record<string, string[]>) => ({
  status,
  body: { status: 'error', code, message, errors },
});

/** Renders settings screens inside an environment (musterbau), without transitions. */
export const renderSettings = (routes: RouteObject[], path: string, state = testEnvironmentState()) =>
  renderWithEnvironment(routes, path, state);

/** The environment as a member with `role` sees it (issue 29): its permissions, and canEdit with 'records'. */
export const stateAs = (role: Role) => {
  const state = testEnvironmentState();
  const permissions = rolePermissions[role];
  return { ...state, role, permissions, canEdit: state.canEdit && permissions.has('records') };
};
