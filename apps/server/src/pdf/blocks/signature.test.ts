import { describe, expect, test } from 'vitest';
import { readPdf } from '../../../test/pdf-reader';
import { png, sampleInput } from '../../../test/pdf-samples';
import { renderPdf } from '../render-pdf';
import { invoiceTemplate } from '../templates/invoice-template';

const withSignature = (value: unknown) => {
  const input = sampleInput();
  return {
    ...input,
    template: {
      ...invoiceTemplate,
      blocks: [...invoiceTemplate.blocks, { kind: 'signature' as const, field: 'sign', label: 'Unterschrift Kunde' }],
    },
    record: { ...input.record, sign: value },
  };
};
const images = (bytes: Uint8Array) =>
  (
    Buffer.from(bytes)
      .toString('latin1')
      .match(/\/Subtype \/Image/g) ?? []
  ).length;

describe('signature block', () => {
  test('a drawn signature (PNG data URL) is embedded as an image over its label', async () => {
    const drawn = `data:image/png;base64,${Buffer.from(png(40, 12, (x) => [x * 6, 20, 20])).toString('base64')}`;
    const without = await renderPdf(withSignature(''));
    const bytes = await renderPdf(withSignature(drawn));
    expect(images(bytes)).toBe(images(without) + 1);
    const pages = await readPdf(bytes);
    expect(pages.map((p) => p.text).join('\n')).toContain('Unterschrift Kunde');
    expect((await readPdf(without)).map((p) => p.text).join('\n')).not.toContain('Unterschrift Kunde');
  });

  test('a typed name is printed as text; anything else is not an image', async () => {
    const bytes = await renderPdf(withSignature('Erika Mustermann'));
    const text = (await readPdf(bytes)).map((p) => p.text).join('\n');
    expect(text).toContain('Erika Mustermann');
    expect(text).toContain('Unterschrift Kunde');
    const fake = await renderPdf(withSignature('data:image/svg+xml;base64,PHN2Zz4='));
    expect(images(fake)).toBe(images(await renderPdf(withSignature(''))));
  });
});
