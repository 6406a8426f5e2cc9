import type { Stage } from '@kontor/contract/api/record-types';
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderRoutes } from '../test/render';
import { StageBadge } from './stage-badge';

const stages: Stage[] = [
  { key: 'draft', name: 'Entwurf', color: '#495057', background: '#f1f3f5' },
  { key: 'sent', name: 'Versendet', color: '#1864ab', background: '#e7f5ff' },
  { key: 'plain', name: 'Ohne Farben' },
];

const show = (stage: string | null | undefined) =>
  renderRoutes([{ path: '/', element: <StageBadge stage={stage} stages={stages} /> }], '/');

describe('stage badge (spec 01 §4)', () => {
  test('shows the stage name in its colour on its background', async () => {
    show('sent');
    const badge = (await screen.findByText('Versendet')).closest('.mantine-Badge-root') as HTMLElement;
    expect(badge.style.color).toBe('rgb(24, 100, 171)');
    expect(badge.style.background).toContain('rgb(231, 245, 255)');
  });

  test('shows a stage without colours by its name', async () => {
    show('plain');
    expect(await screen.findByText('Ohne Farben')).toBeInTheDocument();
  });

  test.each([null, undefined, ''])('calls an empty stage (%s) "In Bearbeitung"', async (stage) => {
    show(stage);
    expect(await screen.findByText('In Bearbeitung')).toBeInTheDocument();
  });

  test('names an unknown stage key', async () => {
    show('archived');
    expect(await screen.findByText('Unbekannter Stage `archived`')).toBeInTheDocument();
  });
});
