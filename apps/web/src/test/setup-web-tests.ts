import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { loadCatalog } from '../i18n/catalog-store';

// Components are rendered without the router's logged-in area, which loads this in the app.
await loadCatalog('de_sie');

// The web files share one module graph per worker (`isolate: false`, vitest.config.ts): whatever a
// test leaves behind in the page, the storages, the timers or the globals is undone here, after
// every test of every file.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
