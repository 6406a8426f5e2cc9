import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { field, renderForm } from '../../testing/record-test-env';
import { displayGermanNumber, readGermanInput } from './german-number';

describe('German numbers (spec 01 §5, §9)', { timeout: 30_000 }, () => {
  test('shows floats with two decimals, comma and thousands points', () => {
    expect(displayGermanNumber(1234.5, 'float')).toBe('1.234,50');
    expect(displayGermanNumber(-0.5, 'float')).toBe('-0,50');
    expect(displayGermanNumber(1234567, 'integer')).toBe('1.234.567');
    expect(displayGermanNumber(null, 'float')).toBe('');
  });

  test('keeps decimals beyond two instead of rounding them away', () => {
    expect(displayGermanNumber(0.125, 'float')).toBe('0,125');
  });

  test('reads what people type: thousands points dropped, comma as decimal point', () => {
    expect(readGermanInput('1.234,5', 'float')).toEqual({ ok: true, value: 1234.5 });
    expect(readGermanInput('1234,56', 'float')).toEqual({ ok: true, value: 1234.56 });
    expect(readGermanInput(' ', 'float')).toEqual({ ok: true, value: null });
    expect(readGermanInput('-3', 'integer')).toEqual({ ok: true, value: -3 });
  });

  test('refuses text that is no German number, and fractions for integers', () => {
    expect(readGermanInput('12.5', 'float')).toEqual({ ok: false, reason: 'number' });
    expect(readGermanInput('abc', 'float')).toEqual({ ok: false, reason: 'number' });
    expect(readGermanInput('3,5', 'integer')).toEqual({ ok: false, reason: 'integer' });
  });
});

describe('the number input', { timeout: 30_000 }, () => {
  const fields = { price: field('price', 'float', 'Preis'), count: field('count', 'integer', 'Anzahl') };
  const elements = [
    { type: 'field' as const, field: 'price' },
    { type: 'field' as const, field: 'count' },
  ];

  test('sends numbers to the form and shows them formatted after leaving the field', async () => {
    const onValues = vi.fn();
    renderForm({ elements, fields, initial: { price: 19.9 }, onValues });
    const input = screen.getByLabelText('Preis');
    expect(input).toHaveValue('19,90');
    const u = userEvent.setup();
    await u.clear(input);
    await u.type(input, '1.234,5');
    expect(onValues).toHaveBeenLastCalledWith(expect.objectContaining({ price: 1234.5 }));
    fireEvent.blur(input);
    expect(input).toHaveValue('1.234,50');
  });

  test('marks text that is no number and keeps it as typed', async () => {
    renderForm({ elements, fields });
    const u = userEvent.setup();
    await u.type(screen.getByLabelText('Preis'), '12.5');
    expect(screen.getByText('Es muss eine gültige Zahl angegeben werden')).toBeInTheDocument();
    await u.type(screen.getByLabelText('Anzahl'), '3,5');
    expect(screen.getByText('Es muss eine ganze Zahl angegeben werden')).toBeInTheDocument();
  });
});
