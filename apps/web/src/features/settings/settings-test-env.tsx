import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Outlet, type RouteObject } from 'react-router';
import { EnvironmentContext } from '../../app/environment-context';
import { theme } from '../../app/theme';
import { testEnvironmentState } from '../../test/environment-fixture';
import { renderRoutes } from '../../test/render';

export const ok = (data?: unknown, message?: string) => ({ body: { status: 'success', data, message } });
export const failed = (status: number, code: string, message: string, errors?: Record<string, string[]>) => ({
  status,
  body: { status: 'error', code, message, errors },
});

/** Renders settings screens inside an environment (musterbau), without transitions. */
export const renderSettings = (routes: RouteObject[], path: string, state = testEnvironmentState()) =>
  renderRoutes(
    [
      {
        element: (
          <MantineProvider theme={theme} env="test">
            <ModalsProvider>
              <EnvironmentContext.Provider value={state}>
                <Outlet />
              </EnvironmentContext.Provider>
            </ModalsProvider>
          </MantineProvider>
        ),
        children: routes,
      },
    ],
    path,
  );
