import type { PageSettings } from '@kontor/contract/api/export-templates';

/**
 * Page geometry in points (1/72 inch), from the template's millimetres and DIN 5008:
 * - address field 85 × 45 mm, 20 mm from the left edge, 45 mm (form B) or 27 mm (form A) from
 *   the top; its upper 17.7 mm (form A 12.7 mm) are the "Zusatz- und Vermerkzone" whose last line
 *   carries the return address, the lower 27.3 mm the recipient's six lines; the text inside
 *   starts 5 mm in, at 25 mm, flush with the body's left margin;
 * - information block from 125 mm to the right margin, 50 mm (form A 32 mm) from the top;
 * - body text on page 1 two blank lines (8.46 mm) below the address field;
 * - fold marks at 105 and 210 mm (form A 87 and 192 mm), hole mark at 148.5 mm.
 */

export const mmToPt = (mm: number): number => (mm * 72) / 25.4;

/** pdfmake's A4 in points. */
const a4 = { width: 595.28, height: 841.89 } as const;

const forms = {
  A: { letterhead: 27, notesZone: 12.7, infoTop: 32, foldMarks: [87, 192] },
  B: { letterhead: 45, notesZone: 17.7, infoTop: 50, foldMarks: [105, 210] },
} as const;

export type PageGeometry = Readonly<{
  width: number;
  height: number;
  margins: Readonly<{ left: number; top: number; right: number; bottom: number }>;
  /** Width of the body between the margins. */
  bodyWidth: number;
  /** Height of the letterhead zone above the address field. */
  letterheadHeight: number;
  address: Readonly<{ left: number; top: number; width: number; height: number; notesZone: number; inset: number }>;
  info: Readonly<{ left: number; top: number; width: number }>;
  /** Where page 1's body flow begins. */
  firstBodyTop: number;
  foldMarks: readonly number[];
  holeMark: number;
}>;

export const pageGeometry = (page: PageSettings): PageGeometry => {
  const form = forms[page.din5008Form];
  const margins = {
    left: mmToPt(page.margins.left),
    top: mmToPt(page.margins.top),
    right: mmToPt(page.margins.right),
    bottom: mmToPt(page.margins.bottom),
  };
  const addressTop = mmToPt(form.letterhead);
  const addressHeight = mmToPt(45);
  const infoLeft = mmToPt(125);
  return {
    ...a4,
    margins,
    bodyWidth: a4.width - margins.left - margins.right,
    letterheadHeight: addressTop,
    address: {
      left: mmToPt(20),
      top: addressTop,
      width: mmToPt(85),
      height: addressHeight,
      notesZone: mmToPt(form.notesZone),
      inset: mmToPt(5),
    },
    info: { left: infoLeft, top: mmToPt(form.infoTop), width: a4.width - margins.right - infoLeft },
    firstBodyTop: addressTop + addressHeight + mmToPt(8.46),
    foldMarks: form.foldMarks.map(mmToPt),
    holeMark: mmToPt(148.5),
  };
};
