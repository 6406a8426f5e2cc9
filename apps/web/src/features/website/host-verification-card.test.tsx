import type { Website } from '@kontor/contract/api/website';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { failed, ok, renderInEnvironment } from '../../engine/testing/record-test-env';
import { fakeFetch } from '../../test/fake-fetch';
import { HostVerificationCard } from './host-verification-card';

afterEach(() => vi.unstubAllGlobals());

const site = (state: Website['host_verification']['state']): Website => ({
  _id: 's1',
  host: 'www.holzwurm.de',
  host_verification: {
    state,
    record_name: '_kontor-verify.www.holzwurm.de',
    record_value: `kontor-verify=${'a'.repeat(32)}`,
  },
  homepage: null,
  is_active: true,
  debug: false,
  title: 'Holzwurm',
  meta_description: '',
  meta_keywords: '',
  design: 'business',
  design_config: {},
  menus: [],
  interfaces: {},
  url: 'http://kontor.test/site/acme/',
});

const open = (website: Website, answers: Parameters<typeof fakeFetch>[0] = {}) => {
  const fake = fakeFetch(answers);
  vi.stubGlobal('fetch', fake.fn);
  renderInEnvironment(
    [{ path: '/env/:env/website', element: <HostVerificationCard site={website} /> }],
    '/env/acme/website',
  );
  return fake;
};

describe('the host verification card (issue 30 item 2)', { timeout: 30_000 }, () => {
  test('a pending host shows its state, the TXT record with copy buttons and the check’s German refusal', async () => {
    const message = 'Der TXT-Eintrag _kontor-verify.www.holzwurm.de wurde nicht gefunden.';
    const fake = open(site('pending'), { '/api/website-manager/verify-host': failed(400, message) });
    expect(await screen.findByText('Nicht bestätigt')).toBeInTheDocument();
    expect(screen.getByText('_kontor-verify.www.holzwurm.de')).toBeInTheDocument();
    expect(screen.getByText(`kontor-verify=${'a'.repeat(32)}`)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Kopieren/ })).toHaveLength(2);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Jetzt prüfen' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(fake.calls.find((c) => c.path === '/api/website-manager/verify-host')?.body).toEqual({ _env: 'acme' });
  });

  test('a verified host shows no record and no check', async () => {
    open(site('verified'), { '/api/website-manager/verify-host': ok(site('verified')) });
    expect(await screen.findByText('Bestätigt')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Jetzt prüfen' })).toBeNull();
  });
});
