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
