import { describe, expect, test } from 'vitest';
import { currencyFormatter } from './number-format';
import { fillPlaceholders, fillPlaceholdersIfComplete, type PlaceholderFormats, valueAtPath } from './placeholders';

const formats: PlaceholderFormats = {
  dateFormat: 'DD.MM.YYYY',
  money: currencyFormatter({ currency: 'euro', language: 'de_sie' }),
  yes: 'Ja',
  no: 'Nein',
};

const record = {
  number: 'RE-2024-0001',
  due_date: '2024-05-31',
  created: '2024-05-01T14:30',
  customer_number: 10023,
  gross: 123_456,
  discount: 2.5,
  paid: false,
  customer: { name: 'Müller GmbH' },
  hostile: '<b>fett</b> {{number}}',
  tags: ['a', 'b'],
};

const fill = (text: string, f: PlaceholderFormats = formats) =>
  fillPlaceholders(text, (path) => valueAtPath(record, path), f);

describe('fillPlaceholders', () => {
  test('replaces fields, formatting dates in the environment format', () => {
    expect(fill('Rechnung {{number}}, fällig am {{ due_date }}')).toBe('Rechnung RE-2024-0001, fällig am 31.05.2024');
    expect(fill('{{due_date}}', { ...formats, dateFormat: 'YYYY-MM-DD' })).toBe('2024-05-31');
    expect(fill('{{created}}')).toBe('01.05.2024 14:30');
  });

  test('keeps whole numbers as they are and writes fractions in German', () => {
    expect(fill('Kundennr. {{customer_number}}, Rabatt {{discount}} %')).toBe('Kundennr. 10023, Rabatt 2,5 %');
  });

  test('formats cents as money on request, and booleans as words', () => {
    expect(fill('{{gross|money}}')).toBe('1.234,56\u00a0€');
    expect(fill('{{paid}}')).toBe('Nein');
    expect(fill('{{discount|number}}')).toBe('2,5');
  });

  test('reads dotted paths; unknown paths, lists and objects give nothing', () => {
    expect(fill('{{customer.name}}')).toBe('Müller GmbH');
    expect(fill('[{{missing}}][{{customer.missing.deeper}}][{{tags}}][{{customer}}]')).toBe('[][][][]');
  });

  test('inserts values literally and once: markup and placeholders inside values stay as they are', () => {
    expect(fill('Hinweis: {{hostile}}')).toBe('Hinweis: <b>fett</b> {{number}}');
  });

  test('leaves text without placeholders and malformed braces alone', () => {
    expect(fill('Preis {5} {{ }} {{1abc}}')).toBe('Preis {5} {{ }} {{1abc}}');
  });

  test('does not read inherited properties', () => {
    expect(fill('{{constructor}}{{customer.toString}}')).toBe('');
  });
});

describe('fillPlaceholdersIfComplete', () => {
  const paragraph = (text: string) => fillPlaceholdersIfComplete(text, (path) => valueAtPath(record, path), formats);

  test('fills a paragraph whose values are all there', () => {
    expect(paragraph('Fällig am {{due_date}}.')).toBe('Fällig am 31.05.2024.');
    expect(paragraph('Ohne Platzhalter.')).toBe('Ohne Platzhalter.');
  });

  test('leaves out a paragraph naming an empty or unknown value instead of printing half a sentence', () => {
    expect(paragraph('Dieses Angebot ist gültig bis zum {{valid_until}}.')).toBe('');
    expect(paragraph('Rechnung {{number}} für {{tags}}')).toBe('');
  });
});
