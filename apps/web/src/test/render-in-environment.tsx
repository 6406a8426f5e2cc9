import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Outlet, type RouteObject } from 'react-router';
import { theme } from '../app/theme';
import { EnvironmentContext, type EnvironmentState } from '../environment/environment-context';
import { renderRoutes } from './render';

/** Routes inside an environment, with the modal provider the confirm dialogs need. */
export const renderWithEnvironment = (routes: RouteObject[], path: string, state: EnvironmentState) =>
  renderRoutes(
    [
      {
        element: (
          // env="test": no transitions, so dropdowns and modals are there at once.
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
