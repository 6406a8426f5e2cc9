import { render, screen } from '@testing-library/react';
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

  test('a nested provider switches the language for its subtree, as the environment shell does', () => {
    render(
      <I18nProvider language="de_sie">
        <I18nProvider language="en">
          <Cancel />
        </I18nProvider>
      </I18nProvider>,
    );
    expect(screen.getByText('Cancel')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  });
});
