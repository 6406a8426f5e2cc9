import { createRoot, hydrateRoot } from 'react-dom/client';
import { configureApi } from './api/api';
import { AppRoot, routerReady } from './app/app-root';
import { createAppRouter } from './app/router';
import { handTypedValuesToApp, hasPrerenderedStartPage } from './start-page/start-page-markup';

const router = createAppRouter();

// A revoked or expired token: the api helper has cleared the session; show the login.
configureApi({ onUnauthorized: () => void router.navigate('/', { replace: true }) });

const root = document.getElementById('root');
if (!root) throw new Error('#root missing in index.html');

if (hasPrerenderedStartPage(root)) {
  // The server sent the start page prerendered (start.html): take it over once its route's code
  // is here, so the first render matches the markup and nothing typed into it is lost.
  const taken = () => handTypedValuesToApp(root);
  void routerReady(router).then(() => hydrateRoot(root, <AppRoot router={router} onMounted={taken} />));
} else {
  root.replaceChildren();
  createRoot(root).render(<AppRoot router={router} />);
}
