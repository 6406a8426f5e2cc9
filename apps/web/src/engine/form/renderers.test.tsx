import { type DataField, type FieldType, type FormElement, fieldTypes } from '@kontor/contract/api/record-types';
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { field, positionsField, renderForm } from '../testing/record-test-env';
import { registerElementKind, registerFieldRenderer } from './registry';
import { fieldRenderers } from './renderers';
import type { FieldRendererMap } from './types';

const { files: _files, ...withoutFiles } = fieldRenderers;
// @ts-expect-error a renderer map without 'files' does not compile: every field type needs a renderer
const incomplete: FieldRendererMap = withoutFiles;

/** One field of every type, as a server could define it. */
const everyType: Record<FieldType, DataField> = {
  string: field('string', 'string', 'Text kurz'),
  text: field('text', 'text', 'Text lang'),
  integer: field('integer', 'integer', 'Ganzzahl'),
  float: field('float', 'float', 'Kommazahl'),
  password: field('password', 'password', 'Kennwort'),
  boolean: field('boolean', 'boolean', 'Schalter'),
  map: field('map', 'map', 'Liste', { definition: [field('name', 'string', 'Name')] }),
  object: field('object', 'object', 'Objekt', { definition: [field('inner', 'string', 'Innen')] }),
  date: field('date', 'date', 'Datum'),
  datetime: field('datetime', 'datetime', 'Zeitpunkt'),
  model: field('model', 'model', 'Kunde', { selector: { type: 'customer' } }),
  models: field('models', 'models', 'Kunden', { selector: { type: 'customer' } }),
  file: field('file', 'file', 'Datei'),
  files: field('files', 'files', 'Dateien'),
};

const elementsOf = (fields: Record<string, DataField>): FormElement[] =>
  Object.keys(fields).map((key) => ({ type: 'field', field: key }));

describe('the renderer map (STYLE.md §5)', { timeout: 30_000 }, () => {
  test('has a renderer for every field type of the contract, and nothing else', () => {
    expect(incomplete).toBeDefined();
    expect(Object.keys(fieldRenderers).sort()).toEqual([...fieldTypes].sort());
    for (const type of fieldTypes) expect(typeof fieldRenderers[type]).toBe('function');
  });

  test('renders a field of every type without an unknown-type message', () => {
    renderForm({ elements: elementsOf(everyType), fields: everyType });
    expect(screen.queryByText(/Unbekannter Feld-Typ/)).not.toBeInTheDocument();
    for (const label of ['Text kurz', 'Text lang', 'Ganzzahl', 'Kommazahl', 'Kennwort', 'Datum', 'Kunde']) {
      expect(screen.getAllByText(label).length).toBeGreaterThan(0);
    }
    expect(screen.getByRole('checkbox', { name: 'Schalter' })).toBeInTheDocument();
  });

  test('renders the position editor for a positions-map', () => {
    renderForm({ elements: [{ type: 'field', field: 'positions' }], fields: { positions: positionsField } });
    expect(screen.getByRole('button', { name: 'Position hinzufügen' })).toBeInTheDocument();
    expect(screen.getByText('Gesamtbetrag brutto')).toBeInTheDocument();
  });

  test('shows the spec message for a field type the client does not know', () => {
    const fields = { favourite: { ...field('favourite', 'string', 'Lieblingsfarbe'), type: 'color' as FieldType } };
    renderForm({ elements: elementsOf(fields), fields });
    expect(screen.getByRole('alert')).toHaveTextContent('Unbekannter Feld-Typ `color` - Feld: favourite');
  });

  test('shows an error for an element type without a renderer', () => {
    const elements = [{ type: 'carousel' } as unknown as FormElement];
    renderForm({ elements, fields: {} });
    expect(screen.getByRole('alert')).toHaveTextContent('Für das Element `carousel` fehlt eine Darstellung.');
  });

  test('renders an element kind a feature registered', () => {
    registerElementKind('test-banner', ({ element }) => <p>Banner {String((element as { text?: unknown }).text)}</p>);
    const elements = [{ type: 'test-banner', text: 'Hallo' } as unknown as FormElement];
    renderForm({ elements, fields: {} });
    expect(screen.getByText('Banner Hallo')).toBeInTheDocument();
    expect(() => registerElementKind('test-banner', () => null)).toThrow(/twice/);
  });

  test('prefers a renderer registered for a sub-type, and falls back to the type for others', () => {
    registerFieldRenderer('string', 'test-shout', ({ label }) => <p>Laut: {label}</p>);
    const fields = {
      loud: { ...field('loud', 'string', 'Ruf'), subType: 'test-shout' } as unknown as DataField,
      quiet: { ...field('quiet', 'string', 'Flüstern'), subType: 'test-other' } as unknown as DataField,
    };
    renderForm({ elements: elementsOf(fields), fields });
    expect(screen.getByText('Laut: Ruf')).toBeInTheDocument();
    expect(screen.getByLabelText('Flüstern')).toBeInTheDocument();
  });

  test('names a field the form refers to but the type does not define', () => {
    renderForm({ elements: [{ type: 'field', field: 'ghost' }], fields: {} });
    expect(screen.getByRole('alert')).toHaveTextContent('ghost');
  });

  test('shows computed and labelOf fields as values, never as inputs', () => {
    const fields = {
      net: field('net', 'integer', 'Netto', { currency: true, computed: 'positions.net' }),
      customer_name: field('customer_name', 'string', 'Kundenname', { labelOf: 'customer' }),
    };
    renderForm({ elements: elementsOf(fields), fields, initial: { net: 123450, customer_name: 'Bäckerei Schröder' } });
    expect(screen.getByLabelText('Netto')).toHaveValue('1.234,50\u00a0€');
    expect(screen.getByLabelText('Netto')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Kundenname')).toHaveAttribute('readonly');
  });

  test("a draft's number is read-only and says it comes with the freeze (issue 31)", () => {
    const fields = {
      number: field('number', 'string', 'Rechnungsnummer', {
        computed: 'number',
        placeholder: 'Wird beim Festschreiben vergeben',
      }),
    };
    renderForm({ elements: elementsOf(fields), fields, initial: {} });
    const input = screen.getByLabelText('Rechnungsnummer');
    expect(input).toHaveAttribute('readonly');
    expect(input).toHaveValue('');
    expect(input).toHaveAttribute('placeholder', 'Wird beim Festschreiben vergeben');
  });

  test('makes every input read-only when the form is', () => {
    const fields = { name: field('name', 'string', 'Name'), active: field('active', 'boolean', 'Aktiv') };
    renderForm({ elements: elementsOf(fields), fields, readOnly: true, initial: { name: 'A', active: true } });
    expect(screen.getByLabelText('Name')).toHaveAttribute('readonly');
    expect(screen.getByRole('checkbox', { name: 'Aktiv' })).toBeDisabled();
  });
});
