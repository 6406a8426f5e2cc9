import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { configureApi } from './api/api';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';

const router = createAppRouter();

// A revoked or expired token: the api helper has cleared the session; show the login.
configureApi({ onUnauthorized: () => void router.navigate('/', { replace: true }) });

const root = document.getElementById('root');
if (!root) throw new Error('#root missing in index.html');

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
