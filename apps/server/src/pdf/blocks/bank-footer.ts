import { formatIban } from '@kontor/contract/logic/iban';
import type { Content } from 'pdfmake/interfaces';
import { mmToPt } from '../page-geometry';
import { type BlockRenderer, colors } from './block';
import { postalLine } from './letterhead';

const present = (parts: ReadonlyArray<string | null | undefined>): string[] =>
  parts.filter((part): part is string => typeof part === 'string' && part.trim() !== '');

/**
 * The running footer: company and address, contact, tax numbers, bank, in four columns under a
 * thin rule; the bank column is wide enough for an IBAN on one line. Empty columns are left out.
 */
export const renderBankFooter: BlockRenderer<'bankFooter'> = (block, { input, geometry }) => {
  const { company, bank } = input;
  const { labels } = block;
  const columns = [
    present([company.name, ...postalLine(company), company.country]),
    present([
      company.phone && `${labels.phone} ${company.phone}`,
      company.email && `${labels.email} ${company.email}`,
      company.website,
    ]),
    present([
      company.taxNumber && `${labels.taxNumber} ${company.taxNumber}`,
      company.vatId && `${labels.vatId} ${company.vatId}`,
    ]),
    bank
      ? present([bank.bankName, `${labels.iban} ${formatIban(bank.iban)}`, bank.bic && `${labels.bic} ${bank.bic}`])
      : [],
  ]
    .map((lines, i) => ({ lines, width: i === 3 ? mmToPt(46) : '*' }))
    .filter((column) => column.lines.length > 0);
  // A new object per page: pdfmake annotates the nodes it lays out.
  const content = (): Content => ({
    stack: [
      {
        canvas: [{ type: 'line', x1: 0, y1: 0, x2: geometry.bodyWidth, y2: 0, lineWidth: 0.5, lineColor: colors.rule }],
      },
      {
        margin: [0, 4, 0, 0],
        columnGap: 8,
        columns: columns.map(({ lines, width }) => ({
          width,
          stack: lines.map((text) => ({ text, fontSize: 7, color: colors.muted, lineHeight: 1.2 })),
        })),
      },
    ],
  });
  return { footer: content };
};
