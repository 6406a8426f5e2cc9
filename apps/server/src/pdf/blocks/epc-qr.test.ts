import { buildEpcPayload } from '@kontor/contract/logic/epc-qr';
import { describe, expect, test } from 'vitest';
import { decodeQrOnPage, readPdf } from '../../../test/pdf-reader';
import { sampleInput, samplePositions } from '../../../test/pdf-samples';
import { mmToPt } from '../page-geometry';
import { renderPdf } from '../render-pdf';
import { qrSize, qrVersion } from './epc-qr';

const lastPage = async (bytes: Uint8Array) => (await readPdf(bytes)).length;

/** Rasterising a page and scanning it takes about a second. */
const slow = { timeout: 30_000 };

describe('the GiroCode in the PDF', () => {
  test('decodes from the rendered page to exactly the EPC payload of the invoice', slow, async () => {
    const input = sampleInput();
    const expected = buildEpcPayload({
      name: 'Müller & Söhne Büroausstattung GmbH',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      amountCents: input.summary.grossCents,
      remittance: 'RE-2024-0042',
    }).payload;
    expect(expected).toBe(
      'BCD\n002\n1\nSCT\nCOBADEFFXXX\nMüller & Söhne Büroausstattung GmbH\nDE89370400440532013000\nEUR1400.88\n\n\nRE-2024-0042',
    );
    const bytes = await renderPdf(input);
    expect(await decodeQrOnPage(bytes, await lastPage(bytes))).toBe(expected);
    const [page] = await readPdf(bytes);
    expect(page?.text).toContain('Zahlen mit Code');
  });

  test('carries the gross of a long invoice on its last page', slow, async () => {
    const input = sampleInput({ positions: samplePositions(60) });
    const bytes = await renderPdf(input);
    const decoded = await decodeQrOnPage(bytes, await lastPage(bytes));
    expect(decoded?.split('\n')[7]).toBe('EUR26739.75');
  });

  test('is left out when there is no account, nothing to pay or another currency', slow, async () => {
    const input = sampleInput();
    const variants = [
      { ...input, bank: null },
      { ...input, bank: { ...input.bank, iban: 'DE00 0000 0000 0000 0000 00' } },
      { ...input, formats: { ...input.formats, currency: 'us_dollar' as const } },
      { ...input, summary: { ...input.summary, grossCents: 0 } },
    ];
    for (const variant of variants) {
      const bytes = await renderPdf(variant);
      expect(await decodeQrOnPage(bytes, 1)).toBeNull();
      expect((await readPdf(bytes))[0]?.text).not.toContain('Zahlen mit Code');
    }
  });
});

describe('qrVersion and qrSize', () => {
  test('pick the smallest version at level M and keep every code at least 20 mm wide', () => {
    expect(qrVersion('x'.repeat(14))).toBe(1);
    expect(qrVersion('x'.repeat(15))).toBe(2);
    expect(qrVersion(`${'ü'.repeat(165)}x`)).toBe(13);
    for (let bytes = 1; bytes <= 331; bytes++) {
      const { modules, moduleSize } = qrSize('x'.repeat(bytes));
      expect(Number.isInteger(moduleSize)).toBe(true);
      expect(modules * moduleSize).toBeGreaterThanOrEqual(mmToPt(20));
    }
    expect(() => qrVersion('x'.repeat(332))).toThrow(RangeError);
  });
});
