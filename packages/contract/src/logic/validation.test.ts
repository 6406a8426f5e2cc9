import { describe, expect, test } from 'vitest';
import { translator } from '../i18n/catalogs';
import { de_du } from '../i18n/de_du';
import { de_sie } from '../i18n/de_sie';
import { en } from '../i18n/en';
import {
  checkZip,
  decimalMessage,
  isEmptyValue,
  isGermanZip,
  isValidUrl,
  needsUniqueCheck,
  ruleDefaults,
  rules,
  rulesFor,
  validateBankDetails,
  validateField,
} from './validation';

const keys = (messages: ReadonlyArray<{ key: string }>) => messages.map((m) => m.key);

describe('catalog texts (spec 02 §5)', () => {
  test('de_sie holds the spec messages verbatim', () => {
    expect(de_sie['validation.required']).toBe('Dieses Feld muss ausgefüllt werden');
    expect(de_sie['validation.unique']).toBe('Es gibt bereits einen anderen Datensatz mit diesem Wert');
    expect(de_sie['validation.minLength']).toBe('Es müssen mindestens {n} Zeichen angegeben werden');
    expect(de_sie['validation.maxLength']).toBe('Es dürfen maximal {n} Zeichen angegeben werden');
    expect(de_sie['validation.min']).toBe('Der Wert muss mindestens {n} betragen');
    expect(de_sie['validation.max']).toBe('Der Wert darf maximal {n} betragen');
    expect(de_sie['validation.minDate']).toBe('Der Wert muss mindestens {n} betragen');
    expect(de_sie['validation.maxDate']).toBe('Der Wert darf maximal {n} betragen');
    expect(de_sie['validation.email']).toBe('Es muss eine gültige E-Mail Adresse angegeben werden');
    expect(de_sie['validation.iban']).toBe('Es muss eine gültige IBAN angegeben werden');
    expect(de_sie['validation.bic']).toBe('Es muss eine gültige BIC angegeben werden');
    expect(de_sie['validation.url']).toBe('Es muss eine gültige URL angegeben werden');
  });

  test('every language has every validation key with the same placeholders', () => {
    const validationKeys = Object.keys(de_sie).filter((key) => key.startsWith('validation.')) as Array<
      keyof typeof de_sie
    >;
    expect(validationKeys.length).toBeGreaterThanOrEqual(12);
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of validationKeys) {
      for (const catalog of [de_du, en]) {
        expect(catalog[key], key).toBeTruthy();
        expect(placeholders(catalog[key]), key).toEqual(placeholders(de_sie[key]));
      }
    }
  });

  test('a descriptor translates into the message with its limit', () => {
    const [message] = validateField({ type: 'string', validation: { maxLength: 10 } }, 'Kontor GmbH & Co. KG');
    expect(message).toBeDefined();
    expect(translator('de_sie')(message!.key, message!.params)).toBe('Es dürfen maximal 10 Zeichen angegeben werden');
    expect(translator('en')(message!.key, message!.params)).toBe('Please enter at most 10 characters');
  });
});

describe('rules', () => {
  test('required: empty is null, undefined, blank text, empty list or object', () => {
    for (const empty of [null, undefined, '', '   ', [], {}])
      expect(rules.required(empty)).toEqual({ key: 'validation.required' });
    for (const value of ['a', 0, false, [1], { a: 1 }]) expect(rules.required(value)).toBeNull();
    expect(isEmptyValue(0)).toBe(false);
  });

  test('minLength / maxLength count characters as a person does', () => {
    expect(rules.minLength('ab', 3)).toEqual({ key: 'validation.minLength', params: { n: 3 } });
    expect(rules.minLength('abc', 3)).toBeNull();
    expect(rules.maxLength('Müller', 6)).toBeNull();
    expect(rules.maxLength('😀😀', 2)).toBeNull();
    expect(rules.maxLength('Müllers', 6)).toEqual({ key: 'validation.maxLength', params: { n: 6 } });
  });

  test('min / max compare numbers exactly and accept numeric text', () => {
    expect(rules.min(0.99, 1)).toEqual({ key: 'validation.min', params: { n: 1 } });
    expect(rules.min(1, 1)).toBeNull();
    expect(rules.min('1.0', 1)).toBeNull();
    expect(rules.max(0.1 + 0.2, 0.3)).toEqual({ key: 'validation.max', params: { n: 0.3 } });
    expect(rules.max(10, 10)).toBeNull();
    expect(rules.max(-5, -6)).toEqual({ key: 'validation.max', params: { n: -6 } });
    expect(rules.min(5, 1.5, { formatNumber: () => 'x' })).toBeNull();
    expect(rules.min(1, 1.5, { formatNumber: (n) => String(n).replace('.', ',') })?.params).toEqual({ n: '1,5' });
  });

  test('a misconfigured limit is ignored rather than blocking every save', () => {
    expect(rules.min(1, Number.NaN)).toBeNull();
    expect(rules.maxLength('abc', undefined as unknown as number)).toBeNull();
    expect(rules.minDate('2024-01-01', 'gestern')).toBeNull();
  });

  test('minDate / maxDate compare dates and show the limit', () => {
    expect(rules.minDate('2024-04-30', '2024-05-01')).toEqual({
      key: 'validation.minDate',
      params: { n: '2024-05-01' },
    });
    expect(rules.minDate('2024-05-01', '2024-05-01')).toBeNull();
    expect(rules.maxDate('2024-05-02', '2024-05-01', { formatDate: () => '01.05.2024' })).toEqual({
      key: 'validation.maxDate',
      params: { n: '01.05.2024' },
    });
    expect(rules.maxDate('2024-05-01', '2024-05-01')).toBeNull();
  });

  test('a date-only limit bounds whole days for date-times; a date-time limit is exact', () => {
    expect(rules.maxDate('2024-05-01T23:59', '2024-05-01')).toBeNull();
    expect(rules.minDate('2024-05-01T00:00', '2024-05-01')).toBeNull();
    expect(rules.maxDate('2024-05-02T00:00', '2024-05-01')).not.toBeNull();
    expect(rules.minDate('2024-05-01T09:59', '2024-05-01T10:00')).not.toBeNull();
    expect(rules.minDate('2024-05-01T10:00', '2024-05-01T10:00')).toBeNull();
    expect(rules.maxDate('2024-05-01T10:00:01', '2024-05-01T10:00')).not.toBeNull();
  });

  test('minEntries / maxEntries count a map’s entries', () => {
    expect(rules.minEntries([{}], 2)).toEqual({ key: 'validation.minEntries', params: { n: 2 } });
    expect(rules.minEntries([{}, {}], 2)).toBeNull();
    expect(rules.maxEntries({ a: 1, b: 2, c: 3 }, 2)).toEqual({ key: 'validation.maxEntries', params: { n: 2 } });
  });

  test('email', () => {
    expect(rules.email('max@example.de')).toBeNull();
    expect(rules.email(' max.mustermann@firma.co.uk ')).toBeNull();
    for (const bad of ['max', 'max@', '@example.de', 'max@example', 'max @example.de', 'a@b.c']) {
      expect(rules.email(bad), bad).toEqual({ key: 'validation.email' });
    }
  });

  test('iban and bic', () => {
    expect(rules.iban('DE89 3704 0044 0532 0130 00')).toBeNull();
    expect(rules.iban('DE89 3704 0044 0532 0130 01')).toEqual({ key: 'validation.iban' });
    expect(rules.bic('COBADEFFXXX')).toBeNull();
    expect(rules.bic('COBADEFFX')).toEqual({ key: 'validation.bic' });
  });

  test('url: http or https with a real host', () => {
    for (const good of [
      'https://example.com',
      'http://example.com/pfad?x=1#a',
      'https://www.müller-gmbh.de/',
      'http://localhost:3000/test',
      'https://sub.domain.example.co.uk:8443',
      'http://192.168.0.1/admin',
      'https://[::1]/',
      ' https://example.com ',
    ]) {
      expect(isValidUrl(good), good).toBe(true);
    }
    for (const bad of [
      'example.com',
      'www.example.com',
      'ftp://example.com',
      'javascript:alert(1)',
      'mailto:max@example.de',
      'http://',
      'https://firma',
      'http:/example.com',
      'https://exa mple.com',
      'https://example..com',
      'https://-example.com',
      '',
    ]) {
      expect(isValidUrl(bad), bad).toBe(false);
    }
    expect(rules.url('ftp://x.de')).toEqual({ key: 'validation.url' });
  });

  test('zip: German five-digit postcode', () => {
    expect(isGermanZip('10115')).toBe(true);
    expect(isGermanZip('01067')).toBe(true);
    expect(isGermanZip(' 80331 ')).toBe(true);
    for (const bad of ['1011', '101150', '00123', 'D-10115', '10 115', 'abcde', ''])
      expect(isGermanZip(bad), bad).toBe(false);
    expect(checkZip('')).toBeNull();
    expect(checkZip(null)).toBeNull();
    expect(checkZip('1234')).toEqual({ key: 'validation.zip' });
  });
});

describe('validateField', () => {
  test('empty values skip every rule but required', () => {
    const validation = { required: false, minLength: 3, email: true, iban: true };
    expect(validateField({ type: 'string', validation }, '')).toEqual([]);
    expect(validateField({ type: 'string', validation: { ...validation, required: true } }, '  ')).toEqual([
      { key: 'validation.required' },
    ]);
    expect(validateField({ type: 'integer', validation: { min: 5 } }, null)).toEqual([]);
    expect(validateField({ type: 'models', validation: { required: true } }, [])).toEqual([
      { key: 'validation.required' },
    ]);
    expect(validateField({ type: 'map', validation: { required: true, min: 2 } }, [])).toEqual([
      { key: 'validation.required' },
    ]);
  });

  test('a field without validation map accepts anything of its type', () => {
    expect(validateField({ type: 'string' }, 'x')).toEqual([]);
    expect(validateField({ type: 'string', validation: null }, '')).toEqual([]);
  });

  test('string: collects every failing rule', () => {
    const field = { type: 'string', validation: { minLength: 5, maxLength: 10, email: true } };
    expect(keys(validateField(field, 'a@b'))).toEqual(['validation.minLength', 'validation.email']);
    expect(validateField(field, 'max@kontor.de')).toEqual([{ key: 'validation.maxLength', params: { n: 10 } }]);
    expect(validateField({ type: 'string', validation: { email: true } }, 'max@kontor.de')).toEqual([]);
  });

  test('rules switched off with false are not applied', () => {
    expect(validateField({ type: 'string', validation: { email: false, url: false } }, 'hallo')).toEqual([]);
  });

  test('rules the type does not offer are ignored (spec 02 §5 table)', () => {
    expect(validateField({ type: 'string', validation: { min: 5, minDate: '2030-01-01' } }, '1')).toEqual([]);
    expect(validateField({ type: 'integer', validation: { minLength: 5, email: true } }, 3)).toEqual([]);
    expect(validateField({ type: 'date', validation: { min: 5 } }, '2024-01-01')).toEqual([]);
    expect(validateField({ type: 'model', validation: { minLength: 50 } }, 'abc')).toEqual([]);
    expect(validateField({ type: 'text', validation: { maxLength: 1, required: true } }, 'lang')).toEqual([]);
    expect(validateField({ type: 'text', validation: { required: true } }, '')).toEqual([
      { key: 'validation.required' },
    ]);
  });

  test('integer and float: type check, then min and max', () => {
    expect(validateField({ type: 'integer', validation: { min: 1, max: 10 } }, 0)).toEqual([
      { key: 'validation.min', params: { n: 1 } },
    ]);
    expect(validateField({ type: 'integer', validation: { min: 1, max: 10 } }, '11')).toEqual([
      { key: 'validation.max', params: { n: 10 } },
    ]);
    expect(validateField({ type: 'integer', validation: { min: 1 } }, 1.5)).toEqual([{ key: 'validation.integer' }]);
    expect(validateField({ type: 'integer' }, 'zwölf')).toEqual([{ key: 'validation.integer' }]);
    expect(validateField({ type: 'integer' }, 2 ** 60)).toEqual([{ key: 'validation.integer' }]);
    expect(validateField({ type: 'float', validation: { max: 2.5 } }, 2.51)).toEqual([
      { key: 'validation.max', params: { n: 2.5 } },
    ]);
    expect(validateField({ type: 'float' }, '1,5')).toEqual([{ key: 'validation.number' }]);
    expect(validateField({ type: 'float' }, true)).toEqual([{ key: 'validation.number' }]);
    expect(validateField({ type: 'float', validation: { min: 0 } }, 0)).toEqual([]);
  });

  test('date and datetime: type check, then minDate and maxDate', () => {
    const date = { type: 'date', validation: { minDate: '2024-01-01', maxDate: '2024-12-31' } };
    expect(validateField(date, '2024-06-15')).toEqual([]);
    expect(validateField(date, '2023-12-31')).toEqual([{ key: 'validation.minDate', params: { n: '2024-01-01' } }]);
    expect(validateField(date, '2025-01-01', { formatDate: (d) => d.split('-').reverse().join('.') })).toEqual([
      { key: 'validation.maxDate', params: { n: '31.12.2024' } },
    ]);
    expect(validateField(date, '2024-02-30')).toEqual([{ key: 'validation.date' }]);
    expect(validateField(date, '2024-06-15T10:00')).toEqual([{ key: 'validation.date' }]);
    const datetime = { type: 'datetime', validation: { minDate: '2024-01-01T08:00' } };
    expect(validateField(datetime, '2024-01-01T07:59')).toEqual([
      { key: 'validation.minDate', params: { n: '2024-01-01T08:00' } },
    ]);
    expect(validateField(datetime, '2024-01-01T08:00')).toEqual([]);
    expect(validateField(datetime, '2024-01-01T08:00:00Z')).toEqual([{ key: 'validation.datetime' }]);
  });

  test('map: min and max count the entries', () => {
    const field = { type: 'map', validation: { min: 1, max: 2 } };
    expect(validateField(field, [{ title: 'A' }])).toEqual([]);
    expect(validateField(field, [{}, {}, {}])).toEqual([{ key: 'validation.maxEntries', params: { n: 2 } }]);
    expect(validateField({ type: 'map', validation: { min: 2 } }, [{}])).toEqual([
      { key: 'validation.minEntries', params: { n: 2 } },
    ]);
    expect(validateField(field, 'keine Liste')).toEqual([{ key: 'common.fieldInvalid' }]);
  });

  test('string fields refuse objects', () => {
    expect(validateField({ type: 'string', validation: { maxLength: 3 } }, { a: 1 })).toEqual([
      { key: 'common.fieldInvalid' },
    ]);
    expect(validateField({ type: 'string', validation: { maxLength: 3 } }, 12345)).toEqual([
      { key: 'validation.maxLength', params: { n: 3 } },
    ]);
  });

  test('the spec defaults on adding and the offered rules per type', () => {
    expect(ruleDefaults).toMatchObject({ required: true, unique: true, minLength: 1, maxLength: 10, min: 1, max: 10 });
    expect(rulesFor('string')).toEqual(['required', 'unique', 'minLength', 'maxLength', 'email', 'iban', 'bic', 'url']);
    expect(rulesFor('map')).toEqual(['required', 'min', 'max']);
    expect(rulesFor('files')).toEqual(['required']);
    expect(rulesFor('boolean')).toEqual(['required']);
  });
});

describe('unique (server side)', () => {
  test('needsUniqueCheck only for types offering it, with the rule on and a value given', () => {
    expect(needsUniqueCheck({ type: 'string', validation: { unique: true } }, 'K-1')).toBe(true);
    expect(needsUniqueCheck({ type: 'integer', validation: { unique: true } }, 0)).toBe(true);
    expect(needsUniqueCheck({ type: 'string', validation: { unique: true } }, '')).toBe(false);
    expect(needsUniqueCheck({ type: 'string', validation: { unique: false } }, 'K-1')).toBe(false);
    expect(needsUniqueCheck({ type: 'map', validation: { unique: true } }, [{}])).toBe(false);
    expect(needsUniqueCheck({ type: 'string' }, 'K-1')).toBe(false);
  });
});

describe('bank details and amounts', () => {
  test('validateBankDetails checks IBAN and BIC when given', () => {
    expect(validateBankDetails({ iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' })).toEqual({});
    expect(validateBankDetails({ iban: '', bic: null })).toEqual({});
    expect(validateBankDetails({ iban: 'DE00 1234', bic: 'XYZ' })).toEqual({
      iban: { key: 'validation.iban' },
      bic: { key: 'validation.bic' },
    });
  });

  test('decimalMessage names the problem of an invalid number', () => {
    expect(decimalMessage('too_many_decimals', 2)).toEqual({ key: 'validation.decimals', params: { n: 2 } });
    expect(decimalMessage('invalid_number', 2)).toEqual({ key: 'validation.number' });
    expect(decimalMessage('out_of_range', 2)).toEqual({ key: 'validation.outOfRange' });
  });
});
