import { mmToPt } from '../page-geometry';
import { type BlockRenderer, colors } from './block';
import { postalLine } from './letterhead';

/** DIN 5008 allows six lines in the recipient zone. */
const maxRecipientLines = 6;

/**
 * The address field: the return address in small type on the last line of the notes zone
 * ("Absender · Straße · PLZ Ort", underlined so the window shows it belongs to the sender), then
 * the recipient's lines in the address zone below.
 */
export const renderAddressWindow: BlockRenderer<'addressWindow'> = (block, { input, geometry, fontSize }) => {
  const { address } = geometry;
  const x = address.left + address.inset;
  const width = address.width - 2 * address.inset;
  const returnLine = [input.company.name, ...postalLine(input.company)].filter((part) => part.trim() !== '');
  const recipient = input.recipient.lines.filter((line) => line.trim() !== '').slice(0, maxRecipientLines);
  return {
    firstPage: [
      ...(block.returnAddress && returnLine.length > 0
        ? [
            {
              absolutePosition: { x, y: address.top + address.notesZone - mmToPt(4.5) },
              width,
              text: returnLine.join(' · '),
              fontSize: 7,
              color: colors.muted,
              decoration: 'underline' as const,
              decorationColor: colors.rule,
            },
          ]
        : []),
      {
        absolutePosition: { x, y: address.top + address.notesZone + mmToPt(1) },
        width,
        stack: recipient.map((line) => ({ text: line, fontSize })),
      },
    ],
  };
};
