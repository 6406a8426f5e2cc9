import { exportTemplateSchema } from '@kontor/contract/api/export-templates';
import { describe, expect, test } from 'vitest';
import { invoiceTemplate } from './invoice-template';
import { offerTemplate } from './offer-template';

describe('default templates', () => {
  test.each([
    ['invoice', invoiceTemplate],
    ['offer', offerTemplate],
  ])('the %s template is valid data on DIN 5008 form B, A4', (_, template) => {
    expect(exportTemplateSchema.parse(template)).toEqual(template);
    expect(template.page).toMatchObject({ size: 'A4', din5008Form: 'B', margins: { left: 25, right: 20 } });
    expect(template.page.runningHeader?.fromPage).toBe(2);
    const kinds = template.blocks.map((block) => block.kind);
    expect(kinds.slice(0, 4)).toEqual(['letterhead', 'addressWindow', 'referenceLine', 'title']);
    expect(kinds).toContain('positionsTable');
    expect(kinds.at(-1)).toBe('bankFooter');
  });

  test('only the invoice asks for payment with a GiroCode', () => {
    expect(invoiceTemplate.blocks.map((block) => block.kind)).toEqual(
      expect.arrayContaining(['paymentTerms', 'epcQr']),
    );
    expect(offerTemplate.blocks.map((block) => block.kind)).not.toContain('epcQr');
  });
});
