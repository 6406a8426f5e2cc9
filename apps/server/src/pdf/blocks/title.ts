import { mmToPt } from '../page-geometry';
import type { BlockRenderer } from './block';

/** The document's heading ("Rechnung RE-2024-0001") where DIN 5008 puts the subject line. */
export const renderTitle: BlockRenderer<'title'> = (block, { format, fontSize }) => {
  const text = format.fill(block.text).trim();
  return text === '' ? {} : { flow: [{ text, fontSize: fontSize + 4, bold: true, margin: [0, 0, 0, mmToPt(5)] }] };
};
