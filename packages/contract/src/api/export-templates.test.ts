import { describe, expect, test } from 'vitest';
import { exportTemplateSchema } from './export-templates';

describe('exportTemplateSchema', () => {
  test('fills German labels and DIN 5008 page defaults into a minimal template', () => {
    const template = exportTemplateSchema.parse({
      key: 'delivery_note',
      name: 'Lieferschein',
      blocks: [{ kind: 'positionsTable' }, { kind: 'totals' }, { kind: 'epcQr' }],
    });
    expect(template.page).toEqual({
      size: 'A4',
      din5008Form: 'B',
      margins: { left: 25, right: 20, top: 25, bottom: 30 },
      foldMarks: true,
      fontSize: 10,
      runningHeader: null,
      pageNumbersInFooter: true,
    });
    expect(template.blocks).toEqual([
      {
        kind: 'positionsTable',
        labels: {
          pos: 'Pos.',
          title: 'Bezeichnung',
          quantity: 'Menge',
          unit: 'Einheit',
          priceSingle: 'Einzelpreis',
          priceFull: 'Gesamt',
          carry: 'Übertrag',
          taxBasis: 'Nettobetrag zu {tax}',
        },
        carryForward: true,
        taxBasis: true,
      },
      { kind: 'totals', labels: { net: 'Nettobetrag', gross: 'Gesamtbetrag' } },
      { kind: 'epcQr', caption: 'Zahlen mit Code', remittance: '{{number}}', placement: 'beside' },
    ]);
  });

  test('refuses an unknown block kind and a key the export list would refuse', () => {
    expect(exportTemplateSchema.safeParse({ key: 'x', name: 'X', blocks: [{ kind: 'chart' }] }).success).toBe(false);
    expect(exportTemplateSchema.safeParse({ key: '1x', name: 'X', blocks: [] }).success).toBe(false);
  });
});
