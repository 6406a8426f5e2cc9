import { screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { renderRoutes } from '../test/render';
import { isChunkLoadError, RouteError } from './route-error';

const failingRoute = (error: unknown) => [
  {
    path: '/',
    HydrateFallback: () => null,
    errorElement: <RouteError />,
    children: [
      {
        index: true,
        lazy: async () => {
          throw error;
        },
      },
    ],
  },
];

describe('the router error view', () => {
  test('recognises how the browsers word a chunk that cannot be fetched', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: /assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isChunkLoadError(new Error('x is undefined'))).toBe(false);
  });

  test('a chunk gone after a deploy offers a reload, in German', async () => {
    renderRoutes(failingRoute(new TypeError('Failed to fetch dynamically imported module: /assets/a.js')), '/');
    expect(await screen.findByRole('heading', { name: 'Kontor wurde aktualisiert' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Bitte laden Sie die Seite neu.');
    expect(screen.getByRole('button', { name: 'Seite neu laden' })).toBeInTheDocument();
  });

  test('any other failure says so, with the same reload', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoutes(failingRoute(new Error('boom')), '/');
    expect(await screen.findByRole('heading', { name: 'Die Seite konnte nicht angezeigt werden' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Seite neu laden' })).toBeInTheDocument();
    log.mockRestore();
  });
});
