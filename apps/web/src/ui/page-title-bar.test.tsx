import { recordExport } from '@kontor/contract/api/records';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderRoutes } from '../test/render';
import { AlertBar, alertBar } from './alert-bar';
import { PageTitleBar, type TitleAction } from './page-title-bar';

type Sent = { url: string; method: string; body: unknown };

/** A fetch answering every call with the next of `answers`, recording what was sent. */
const stubFetch = (...answers: { status?: number; body: unknown }[]) => {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({
      url: String(input),
      method: init?.method ?? 'GET',
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    const answer = answers[Math.min(sent.length - 1, answers.length - 1)] ?? { status: 500, body: {} };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return sent;
};

const download: TitleAction = {
  kind: 'download',
  label: 'PDF-Vorschau',
  source: recordExport,
  data: { id: 'r1' },
};

const renderBar = (actions: TitleAction[], back?: { to: string; label?: string }) =>
  renderRoutes(
    [
      {
        path: '/env/:env/*',
        element: (
          <>
            <AlertBar />
            <PageTitleBar title="Rechnung RE-1" subtitle="Kunde Müller" back={back} actions={actions} />
          </>
        ),
      },
    ],
    '/env/musterbau/dyn/invoices/r1/edit',
  );

let open: ReturnType<typeof vi.fn>;
beforeEach(() => {
  open = vi.fn(() => ({ opener: {} }) as unknown as Window);
  vi.stubGlobal('open', open);
});
afterEach(() => {
  vi.unstubAllGlobals();
  alertBar.clear();
});

describe('page title bar (spec 01 §2)', { timeout: 20_000 }, () => {
  test('shows title, subtitle, a back link labelled "Zurück" and the link kinds', async () => {
    renderBar(
      [
        { kind: 'link', label: 'Rechnung anlegen', to: '/env/musterbau/dyn/invoices/new/edit', primary: true },
        { kind: 'external', label: 'Portal', href: 'https://portal.example' },
      ],
      { to: '/env/musterbau/dyn/invoices' },
    );
    expect(await screen.findByRole('heading', { name: 'Rechnung RE-1', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Kunde Müller')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zurück' })).toHaveAttribute('href', '/env/musterbau/dyn/invoices');
    expect(screen.getByRole('link', { name: 'Rechnung anlegen' })).toHaveAttribute(
      'href',
      '/env/musterbau/dyn/invoices/new/edit',
    );
    const external = screen.getByRole('link', { name: /Portal/ });
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
  });

  test('a download POSTs its data with the environment key and opens the returned url', async () => {
    const sent = stubFetch({ body: { status: 'success', data: { url: 'https://files.example/r1.xlsx' } } });
    renderBar([download]);
    await userEvent.click(await screen.findByRole('button', { name: 'PDF-Vorschau' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://files.example/r1.xlsx', '_blank'));
    expect(sent).toEqual([
      { url: '/api/dynamic-records/export', method: 'POST', body: { id: 'r1', _env: 'musterbau' } },
    ]);
  });

  test('a pdf with a preview shows it; "Herunterladen" asks again with GET and opens the url', async () => {
    const sent = stubFetch(
      {
        body: {
          status: 'success',
          data: { url: 'https://files.example/a.pdf', type: 'pdf', urlPreview: 'https://files.example/preview.pdf' },
        },
      },
      { body: { status: 'success', data: { url: 'https://files.example/final.pdf', type: 'pdf' } } },
    );
    renderBar([download]);
    await userEvent.click(await screen.findByRole('button', { name: 'PDF-Vorschau' }));
    const frame = await screen.findByTitle('Vorschau');
    expect(frame).toHaveAttribute('src', 'https://files.example/preview.pdf');
    expect(open).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Herunterladen' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://files.example/final.pdf', '_blank'));
    expect(sent[1]).toEqual({
      url: '/api/dynamic-records/export?id=r1&_env=musterbau',
      method: 'GET',
      body: undefined,
    });
  });

  test('a failed download preparation shows the fallback message', async () => {
    stubFetch({ status: 500, body: { status: 'error' } });
    renderBar([download]);
    await userEvent.click(await screen.findByRole('button', { name: 'PDF-Vorschau' }));
    expect(await screen.findByText('Es ist ein Fehler Vorbereiten des Downloads aufgetreten.')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
  });

  test('a failed download from the preview shows its message inside the preview', async () => {
    stubFetch(
      {
        body: {
          status: 'success',
          data: { url: 'https://files.example/a.pdf', type: 'pdf', urlPreview: 'https://files.example/p.pdf' },
        },
      },
      { status: 500, body: { status: 'error' } },
    );
    renderBar([download]);
    await userEvent.click(await screen.findByRole('button', { name: 'PDF-Vorschau' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Herunterladen' }));
    expect(await screen.findByText('Es ist ein Fehler beim Herunterladen aufgetreten.')).toBeInTheDocument();
  });
});
