import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import '../test/render';
import { I18nProvider, useT } from './i18n';

function Cancel() {
  return <span>{useT()('common.cancel')}</span>;
}

describe('the i18n provider', () => {
  test('speaks formal German by default', () => {
    render(<Cancel />);
    expect(screen.getByText('Abbrechen')).toBeInTheDocument();
  });

  test('a nested provider switches the language for its subtree, as the environment shell does', async () => {
    render(
      <I18nProvider language="de_sie">
        <I18nProvider language="en" fallback={<span>loading</span>}>
          <Cancel />
        </I18nProvider>
      </I18nProvider>,
    );
    // The English catalog is fetched on first use; the fallback stands in until it is there.
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('Cancel')).toBeInTheDocument();
    // <html lang> follows in the provider's effect, which React may run just after the text shows.
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));
  });
});
