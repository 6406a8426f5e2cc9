import { StrictMode, useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { AppProviders } from './providers';
import type { AppRouter } from './router';

/**
 * The whole app for one router: what the browser renders and what the start page is prerendered
 * from. `onMounted` runs once the first render is on the screen (for a hydrated page: taken over).
 */
export function AppRoot({ router, onMounted }: { router: AppRouter; onMounted?: () => void }) {
  useEffect(() => onMounted?.(), [onMounted]);
  return (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
}

/** Resolves once the router has loaded the lazy routes of its first location (its first render is then the page, not the loader). */
export const routerReady = (router: AppRouter): Promise<void> =>
  new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
