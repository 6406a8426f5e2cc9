import type { Content } from 'pdfmake/interfaces';
import { pngIsSafeToEmbed } from '../../parse-limits/png';
import { mmToPt } from '../page-geometry';
import { type BlockRenderer, colors } from './block';

const pngDataUrl = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;
/** A drawn signature larger than this is not embedded (answers store at most 150,000 characters). */
const maxImageChars = 200_000;

/**
 * A signature taken from a record field: a drawn one (a PNG data URL, as a query form's signature
 * answer stores it) as an image at most 60 × 20 mm, a typed name as text; below a rule and the
 * label. An empty field leaves the block out.
 */
export const renderSignature: BlockRenderer<'signature'> = (block, { input, fontSize, blockIndex }) => {
  const value = input.record[block.field];
  if (typeof value !== 'string' || value.trim() === '') return {};
  const png = value.length <= maxImageChars && pngDataUrl.test(value);
  // A PNG that pdfkit cannot embed without harm (parse-limits/png.ts, issue 28 item 1) is left out.
  const drawn = png && pngIsSafeToEmbed(Buffer.from(value.slice(value.indexOf(',') + 1), 'base64'));
  const name = `signature-${blockIndex}`;
  const mark: Content = drawn
    ? { image: name, fit: [mmToPt(60), mmToPt(20)] }
    : { text: png ? '' : value.trim().slice(0, 200), fontSize: fontSize + 2 };
  return {
    flow: [
      {
        unbreakable: true,
        margin: [0, mmToPt(6), 0, mmToPt(4)],
        stack: [
          mark,
          { canvas: [{ type: 'line', x1: 0, y1: 2, x2: mmToPt(70), y2: 2, lineWidth: 0.5, lineColor: colors.rule }] },
          { text: block.label, fontSize: fontSize - 1.5, color: colors.muted, margin: [0, 2, 0, 0] },
        ],
      },
    ],
    ...(drawn ? { images: { [name]: value } } : {}),
  };
};
