import type { FormElement } from '@kontor/contract/api/record-types';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { field, renderForm } from '../testing/record-test-env';

const fields = {
  kind: field('kind', 'boolean', 'Firma'),
  company: field('company', 'string', 'Firmenname'),
  vat: field('vat', 'string', 'USt-IdNr.'),
};

describe('visibility conditions (spec 01 §5)', { timeout: 30_000 }, () => {
  test('shows an element only while all its conditions hold', async () => {
    const elements: FormElement[] = [
      { type: 'field', field: 'kind' },
      { type: 'field', field: 'company', visible: [{ field: 'kind', operator: '==', value: true }] },
      {
        type: 'card',
        headerTitle: 'Steuer',
        visible: [
          { field: 'kind', operator: '==', value: true },
          { field: 'company', operator: '==', value: 'ACME' },
        ],
        children: [{ type: 'field', field: 'vat' }],
      },
    ];
    renderForm({ elements, fields });
    expect(screen.queryByLabelText('Firmenname')).not.toBeInTheDocument();
    const u = userEvent.setup();
    await u.click(screen.getByRole('checkbox', { name: 'Firma' }));
    expect(screen.getByLabelText('Firmenname')).toBeInTheDocument();
    expect(screen.queryByLabelText('USt-IdNr.')).not.toBeInTheDocument();
    await u.type(screen.getByLabelText('Firmenname'), 'ACME');
    expect(screen.getByLabelText('USt-IdNr.')).toBeInTheDocument();
  });

  test('knows only "==": another operator hides the element', () => {
    const elements = [
      { type: 'field', field: 'company', visible: [{ field: 'kind', operator: '!=', value: true }] },
    ] as unknown as FormElement[];
    renderForm({ elements, fields, initial: { kind: false } });
    expect(screen.queryByLabelText('Firmenname')).not.toBeInTheDocument();
  });
});

describe('layout elements', { timeout: 30_000 }, () => {
  test('renders tabs, cards with their header, containers and hints', async () => {
    const elements: FormElement[] = [
      {
        type: 'tabs',
        sections: [
          { title: 'Allgemein', fields: [{ type: 'field', field: 'company', hint: 'Wie im Handelsregister' }] },
          { title: 'Steuer', fields: [{ type: 'container', children: [{ type: 'field', field: 'vat' }] }] },
        ],
      },
    ];
    renderForm({ elements, fields });
    expect(screen.getByText('Wie im Handelsregister')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Steuer' }));
    expect(screen.getByLabelText('USt-IdNr.')).toBeInTheDocument();
  });

  test('marks the tab holding a field with a server message', () => {
    const elements: FormElement[] = [
      {
        type: 'tabs',
        sections: [
          { title: 'Allgemein', fields: [{ type: 'field', field: 'company' }] },
          { title: 'Steuer', fields: [{ type: 'field', field: 'vat' }] },
        ],
      },
    ];
    renderForm({ elements, fields, errors: { vat: ['Es muss eine gültige USt-IdNr. angegeben werden'] } });
    expect(screen.getByRole('tab', { name: 'Steuer' })).toHaveAttribute('data-error', 'true');
  });
});
