import { describe, expect, test } from 'vitest';
import { readPdf } from '../../../test/pdf-reader';
import { sampleInput, samplePositions } from '../../../test/pdf-samples';
import { renderPdf } from '../render-pdf';
import { titlePieces } from './positions-table';

describe('titlePieces', () => {
  test('keeps a short title whole', () => {
    expect(titlePieces('Beratung\nvor Ort')).toEqual(['Beratung\nvor Ort']);
  });

  test('splits at spaces and line ends, never losing a character', () => {
    const title = `${'wort '.repeat(300)}\n${'zeile\n'.repeat(30)}ende`;
    const pieces = titlePieces(title);
    expect(pieces.length).toBeGreaterThan(3);
    for (const piece of pieces) {
      expect(piece.length).toBeLessThanOrEqual(600);
      expect(piece.split('\n').length).toBeLessThanOrEqual(12);
    }
    expect(pieces.join(' ').replace(/\s+/g, ' ')).toBe(title.replace(/\s+/g, ' ').trim());
  });

  test('cuts a word longer than a piece', () => {
    expect(titlePieces('x'.repeat(1300))).toEqual(['x'.repeat(600), 'x'.repeat(600), 'x'.repeat(100)]);
  });
});

describe('a position taller than a page', () => {
  test('is printed in full on continuation rows, the totals unchanged', { timeout: 30_000 }, async () => {
    const long = {
      title: Array.from({ length: 160 }, (_, i) => `Leistungsbeschreibung Abschnitt ${i + 1}.`).join('\n'),
      quantity: 1,
      unit: 'Stk.',
      price_single: '10.00',
      taxes: [{ name: 'USt.', percent: 19 }],
    };
    const positions = [...samplePositions(2), long, ...samplePositions(1)];
    const pages = await readPdf(await renderPdf(sampleInput({ positions })));
    const text = pages.map((page) => page.text).join(' ');
    expect(pages.length).toBeGreaterThan(2);
    for (let i = 1; i <= 160; i++) expect(text).toContain(`Abschnitt ${i}.`);
    // 95,00 + 974,85 + 10,00 + 95,00 net, 19 % on each line.
    expect(text).toContain('Gesamtbetrag 1.398,07 €');
  });
});
