import type { Environment } from '@kontor/contract/api/environments';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { EnvironmentContext } from '../../environment/environment-context';
import { testEnvironmentState } from '../../test/environment-fixture';
import { renderRoutes } from '../../test/render';
import { Sidebar } from './sidebar';
import { sidebarItems } from './sidebar-items';

const renderSidebar = (overrides: Partial<Environment>, path = '/env/musterbau') =>
  renderRoutes(
    [
      {
        path: '/env/:env/*',
        element: (
          <EnvironmentContext.Provider value={testEnvironmentState(overrides)}>
            <Sidebar />
          </EnvironmentContext.Provider>
        ),
      },
    ],
    path,
  );

const allOff = {
  website: { active: false },
  bookings: { active: false },
  queryForms: { active: false },
  filemanager: { active: false },
};
const nav = async () => within(await screen.findByRole('navigation', { name: 'Hauptnavigation' }));

describe('sidebar (spec 01 §2)', { timeout: 20_000 }, () => {
  test('shows Dashboard and Einstellungen but no module while none is active', async () => {
    renderSidebar({ functions: allOff });
    const n = await nav();
    expect(n.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/env/musterbau');
    expect(n.getByRole('link', { name: 'Einstellungen' })).toHaveAttribute('href', '/env/musterbau/settings');
    for (const name of ['Webseite', 'Buchungen', 'Formulare', 'Dateimanager']) {
      expect(n.queryByRole('link', { name })).not.toBeInTheDocument();
    }
  });

  test('shows exactly the active modules, each under its route', async () => {
    renderSidebar({ functions: { ...allOff, website: { active: true }, filemanager: { active: true } } });
    const n = await nav();
    expect(n.getByRole('link', { name: 'Webseite' })).toHaveAttribute('href', '/env/musterbau/website-manager');
    expect(n.getByRole('link', { name: 'Dateimanager' })).toHaveAttribute('href', '/env/musterbau/files');
    expect(n.queryByRole('link', { name: 'Buchungen' })).not.toBeInTheDocument();
    expect(n.queryByRole('link', { name: 'Formulare' })).not.toBeInTheDocument();
  });

  test('lists the menu: titles as section labels, links with their icons', async () => {
    renderSidebar({
      menu: [
        { type: 'title', label: 'Vertrieb' },
        { type: 'link', label: 'Kunden', path: '/dyn/customers', icon: 'users' },
        { type: 'link', label: 'Notizen', path: 'dyn/notes' },
        { type: 'link', label: 'Altlast', path: '/dyn/old', icon: 'no-such-icon' },
      ],
    });
    const n = await nav();
    expect(n.getByText('Vertrieb')).toBeInTheDocument();
    expect(n.queryByRole('link', { name: 'Vertrieb' })).not.toBeInTheDocument();
    const customers = n.getByRole('link', { name: 'Kunden' });
    expect(customers).toHaveAttribute('href', '/env/musterbau/dyn/customers');
    expect(customers.querySelector('svg.tabler-icon-users')).not.toBeNull();
    const notes = n.getByRole('link', { name: 'Notizen' });
    expect(notes).toHaveAttribute('href', '/env/musterbau/dyn/notes');
    expect(notes.querySelector('svg')).toBeNull();
    // An unknown key shows the placeholder instead of failing.
    expect(
      within(n.getByRole('link', { name: /Altlast/ })).getByRole('img', { name: 'Unbekanntes Icon' }),
    ).toBeInTheDocument();
  });

  test('highlights the link of the current page, the dashboard only on its exact root', async () => {
    renderSidebar(
      { menu: [{ type: 'link', label: 'Kunden', path: '/dyn/customers', icon: 'users' }] },
      '/env/musterbau/dyn/customers/42/edit',
    );
    const n = await nav();
    expect(n.getByRole('link', { name: 'Kunden' })).toHaveAttribute('aria-current', 'page');
    expect(n.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  test('leaves out the menu entries of record types the member may not read (issue 29 item 4)', () => {
    const menu = [
      { type: 'link' as const, label: 'Kunden', path: '/dyn/customers' },
      { type: 'link' as const, label: 'Rechnungen', path: '/dyn/invoices' },
      { type: 'link' as const, label: 'Webseite', path: '/website-manager' },
    ];
    const labels = (readable?: ReadonlySet<string>) =>
      sidebarItems({ menu, functions: allOff }, 'musterbau', (key) => key, readable).items.map((i) => i.label);
    expect(labels(new Set(['customers']))).toEqual(['shell.dashboard', 'Kunden', 'Webseite']);
    expect(labels()).toEqual(['shell.dashboard', 'Kunden', 'Rechnungen', 'Webseite']);
  });
});
