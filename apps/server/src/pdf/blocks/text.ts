import type { Content } from 'pdfmake/interfaces';
import { mmToPt } from '../page-geometry';
import type { BlockRenderer } from './block';

/**
 * A paragraph with placeholders; one that comes out empty (an empty intro field) or names an empty
 * value ("gültig bis zum {{valid_until}}." without a date) is left out. A
 * short one (a greeting, a closing) is kept on one page rather than split after its first line.
 */
export const textContent = (text: string, fontSize: number, style: 'normal' | 'small' | 'bold'): Content[] =>
  text.trim() === ''
    ? []
    : [
        {
          text,
          fontSize: style === 'small' ? fontSize - 1.5 : fontSize,
          bold: style === 'bold',
          unbreakable: text.split('\n').length <= 6 && text.length <= 600,
          margin: [0, 0, 0, mmToPt(4)],
        },
      ];

export const renderText: BlockRenderer<'text'> = (block, { format, fontSize }) => ({
  flow: textContent(format.fillParagraph(block.text), fontSize, block.style),
});
