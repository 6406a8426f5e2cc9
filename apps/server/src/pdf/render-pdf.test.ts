import { Readable } from 'node:stream';
import { summarizePositions } from '@kontor/contract/logic/positions';
import { describe, expect, test } from 'vitest';
import { type PdfPage, readInfo, readPdf, valueAfter } from '../../test/pdf-reader';
import { png, sampleInput, samplePositions } from '../../test/pdf-samples';
import { positionRows } from './pdf-positions';
import { renderPdf, renderPdfToStream } from './render-pdf';
import { offerTemplate } from './templates/offer-template';

const money = (cents: number) =>
  `${new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2 }).format(cents / 100)} €`;

describe('renderPdf: a three-position invoice with 19 % and 7 %', async () => {
  const input = sampleInput();
  const bytes = await renderPdf(input);
  const [page, ...rest] = await readPdf(bytes);
  const first = page as PdfPage;

  test('is a one-page PDF with its fonts embedded as subsets', () => {
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(rest).toHaveLength(0);
    const raw = bytes.toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+Roboto-Regular/);
    expect(raw).toContain('/FontFile2');
    expect(raw).not.toContain('Helvetica');
  });

  test('prints the summary of positions.ts to the cent, in German notation', () => {
    // 95,00 + 1,5 × 649,90 (19 %) + 3 × 39,80 (7 %): tax rounded per line, summed per rate.
    const summary = summarizePositions(samplePositions(3));
    expect(summary).toEqual({
      netCents: 118_925,
      taxes: [
        { name: 'USt.', percent: 19, amountCents: 20_327 },
        { name: 'USt.', percent: 7, amountCents: 836 },
      ],
      grossCents: 140_088,
    });
    expect(valueAfter(first, 'Nettobetrag')).toBe('1.189,25 €');
    expect(valueAfter(first, 'USt. 19 %')).toBe('203,27 €');
    expect(valueAfter(first, 'USt. 7 %')).toBe('8,36 €');
    expect(valueAfter(first, 'Gesamtbetrag')).toBe('1.400,88 €');
    expect(valueAfter(first, 'Nettobetrag zu USt. 19 %')).toBe('1.069,85 €');
    expect(valueAfter(first, 'Nettobetrag zu USt. 7 %')).toBe('119,40 €');
  });

  test('shows each position with quantity, unit, unit price and line total', () => {
    expect(first.text).toContain('2 Schreibtisch „Ergo“ höhenverstellbar, Eiche natur 1,5 Stk. 649,90 € 974,85 €');
    expect(first.text).toContain('Pos. Bezeichnung Menge Einheit Einzelpreis Gesamt');
  });

  test('fills placeholders with German formats and keeps umlauts, ß and €', () => {
    expect(first.text).toContain('Rechnung RE-2024-0042');
    expect(valueAfter(first, 'Fällig am')).toBe('29.05.2024');
    expect(valueAfter(first, 'Kundennr.')).toBe('10023');
    expect(first.text).toContain('von 1.400,88 € bis zum 29.05.2024');
    expect(first.text).toContain('Mit freundlichen Grüßen');
    expect(first.text).toContain('Müller & Söhne Büroausstattung GmbH · Königsallee 12a · 40212 Düsseldorf');
  });

  test('has the running footer with page number, tax ids and bank', () => {
    expect(first.text).toContain('Seite 1 von 1');
    expect(first.text).toContain('USt-IdNr. DE123456789');
    expect(first.text).toContain('IBAN DE89 3704 0044 0532 0130 00');
  });

  test('places the address field and information block per DIN 5008 form B', () => {
    const at = (text: string) => first.items.find((item) => item.text === text);
    const mm = (pt: number) => (pt * 25.4) / 72;
    const recipient = at('Schäfer Gärten GbR');
    const info = at('Rechnungsnr.');
    // Recipient zone: 62.7 to 90 mm from the top, text 25 mm from the left; info block at 125 mm.
    expect(mm(recipient?.x ?? 0)).toBeCloseTo(25, 0);
    expect(mm(recipient?.y ?? 0)).toBeGreaterThan(62.7);
    expect(mm(recipient?.y ?? 0)).toBeLessThan(70);
    expect(mm(info?.x ?? 0)).toBeCloseTo(125, 0);
    expect(mm(info?.y ?? 0)).toBeGreaterThan(50);
  });
});

describe('renderPdf: a 60-position invoice', async () => {
  const positions = samplePositions(60);
  const rows = positionRows(positions);
  const pages = await readPdf(await renderPdf(sampleInput({ positions })));
  const subtotalThrough = (pos: number) => rows.slice(0, pos).reduce((sum, row) => sum + (row.priceFullCents ?? 0), 0);
  /** Position numbers on a page: the numbers standing in the Pos. column. */
  const positionsOn = (page: PdfPage) => {
    const column = page.items.find((item) => item.text === 'Pos.')?.x ?? -1;
    return page.items
      .filter((item) => Math.abs(item.x - column) < 1 && /^\d+$/.test(item.text))
      .map((item) => Number(item.text));
  };
  const carries = (page: PdfPage) =>
    page.items.flatMap((item, i) => (item.text === 'Übertrag' ? [{ y: item.y, amount: page.items[i + 1]?.text }] : []));

  test('spans several pages, each numbered "Seite x von N" with the table header repeated', () => {
    expect(pages.length).toBeGreaterThanOrEqual(2);
    pages.forEach((page, i) => {
      expect(page.text).toContain(`Seite ${i + 1} von ${pages.length}`);
      expect(page.text).toContain('Bezeichnung');
    });
    expect(pages.flatMap(positionsOn)).toEqual(rows.map((_, i) => i + 1));
  });

  test('closes each page the table leaves with "Übertrag" and opens the next with the same subtotal', () => {
    for (let p = 0; p < pages.length; p++) {
      const page = pages[p] as PdfPage;
      const on = positionsOn(page);
      if (on.length === 0) continue;
      const [firstPos, lastPos] = [Math.min(...on), Math.max(...on)];
      const rowYs = page.items.filter((item) => /^\d+$/.test(item.text)).map((item) => item.y);
      const expected = [
        ...(firstPos > 1 ? [{ where: 'top', amount: money(subtotalThrough(firstPos - 1)) }] : []),
        ...(lastPos < rows.length ? [{ where: 'bottom', amount: money(subtotalThrough(lastPos)) }] : []),
      ];
      const found = carries(page);
      expect(found.map((carry) => carry.amount)).toEqual(expected.map((carry) => carry.amount));
      found.forEach((carry, i) => {
        if (expected[i]?.where === 'top') expect(carry.y).toBeLessThan(Math.min(...rowYs));
        else expect(carry.y).toBeGreaterThan(Math.max(...rowYs));
      });
    }
    expect(pages.some((page) => carries(page).length === 2) || pages.length === 2).toBe(true);
  });

  test('ends with the totals of positions.ts', () => {
    const summary = summarizePositions(positions);
    const last = pages.at(-1) as PdfPage;
    expect(valueAfter(last, 'Nettobetrag')).toBe(money(summary.netCents));
    expect(valueAfter(last, 'Gesamtbetrag')).toBe(money(summary.grossCents));
    expect(summary.netCents).toBe(subtotalThrough(rows.length));
  });

  test('shows the running header from page 2 on', () => {
    expect(pages[0]?.text).not.toContain('Rechnung RE-2024-0042 vom 15.05.2024');
    expect(pages[1]?.text).toContain('Rechnung RE-2024-0042 vom 15.05.2024');
  });
});

describe('renderPdf: record data is text', () => {
  test('prints markup and placeholder syntax from record values literally', async () => {
    const input = sampleInput({ record: { subject: 'Achtung <b>fett</b> {{number}}', intro: '{{x}} & <i>' } });
    const [page] = await readPdf(await renderPdf(input));
    expect(page?.text).toContain('Achtung <b>fett</b> {{number}}');
    expect(page?.text).toContain('{{x}} & <i>');
  });

  test('writes dates in the environment format', async () => {
    const input = sampleInput();
    const [page] = await readPdf(
      await renderPdf({ ...input, formats: { ...input.formats, dateFormat: 'YYYY-MM-DD' } }),
    );
    expect(valueAfter(page as PdfPage, 'Fällig am')).toBe('2024-05-29');
  });

  test('leaves out a logo that is neither PNG nor JPEG and still renders', async () => {
    const gif = new TextEncoder().encode('GIF89a not really');
    const input = sampleInput();
    const bytes = await renderPdf({ ...input, company: { ...input.company, logo: gif } });
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

describe('renderPdf: determinism', () => {
  test('the same input gives the same bytes; the creation time is part of them', async () => {
    const input = sampleInput({ positions: samplePositions(40) });
    const [a, b] = await Promise.all([renderPdf(input), renderPdf(input)]);
    expect(a.equals(b)).toBe(true);
    expect(await readInfo(a)).toMatchObject({
      Title: 'Rechnung RE-2024-0042',
      CreationDate: 'D:20240515073000Z',
      ModDate: 'D:20240515073000Z',
    });
    const later = await renderPdf({ ...input, meta: { ...input.meta, createdAt: '2024-05-16T09:30:00+02:00' } });
    expect(later.equals(a)).toBe(false);
    // Fonts are parsed once and shared: documents rendered in between must not leave a trace.
    await renderPdf(sampleInput({ template: offerTemplate, record: { subject: 'Ärger über Öl – 100 % ß' } }));
    expect((await renderPdf(input)).equals(a)).toBe(true);
  });

  test('the stream carries the same bytes', async () => {
    const input = sampleInput();
    const chunks: Buffer[] = [];
    for await (const chunk of Readable.from(await renderPdfToStream(input))) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(await renderPdf(input))).toBe(true);
  });
});

describe('renderPdf: the offer', () => {
  test('renders the offer template without payment request', async () => {
    const input = sampleInput({
      template: offerTemplate,
      record: { number: 'AN-2024-0017', valid_until: '2024-06-15' },
      logo: false,
    });
    const [page] = await readPdf(await renderPdf(input));
    expect(page?.text).toContain('Angebot AN-2024-0017');
    expect(page?.text).toContain('gültig bis zum 15.06.2024');
    expect(page?.text).not.toContain('Zahlen mit Code');
    expect(valueAfter(page as PdfPage, 'Gesamtbetrag')).toBe('1.400,88 €');
  });

  test('leaves out the validity sentence when "Gültig bis" is empty', async () => {
    const input = sampleInput({
      template: offerTemplate,
      record: { number: 'AN-2024-0018', valid_until: '' },
      logo: false,
    });
    const [page] = await readPdf(await renderPdf(input));
    expect(page?.text).toContain('Angebot AN-2024-0018');
    expect(page?.text).not.toContain('gültig bis zum');
    expect(page?.text).toContain('Gesamtbetrag');
  });

  test('a tiny logo image is accepted', async () => {
    const input = sampleInput({ logo: false });
    const logo = png(2, 2, () => [0, 0, 0]);
    const bytes = await renderPdf({ ...input, company: { ...input.company, logo } });
    expect(bytes.toString('latin1')).toContain('/Subtype /Image');
  });
});
