import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { AppRoot, routerReady } from '../app/app-root';
import { appRoutes } from '../app/router';

export { routeAssets, startPageHtml } from './start-page-markup';

/** The start page's route module, as the build's manifest names it. */
export const startPageModule = 'src/features/auth/login-page.tsx';

/**
 * The start page (the login form of a logged-out visitor) as HTML, rendered at build time from the
 * very tree the browser renders (issue 16 item 5: it paints with the HTML, before the app's
 * JavaScript has loaded; main.tsx then hydrates it). Run in Node by the build (vite.config.ts).
 */
export const renderStartPage = async (): Promise<string> => {
  const router = createMemoryRouter(appRoutes, { initialEntries: ['/'] });
  await routerReady(router);
  return renderToString(<AppRoot router={router} />);
};
