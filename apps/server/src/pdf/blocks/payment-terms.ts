import type { BlockRenderer } from './block';
import { textContent } from './text';

/** Payment terms: a paragraph whose placeholders usually name the gross amount and due date. */
export const renderPaymentTerms: BlockRenderer<'paymentTerms'> = (block, { format, fontSize }) => ({
  flow: textContent(format.fillParagraph(block.text), fontSize, 'normal'),
});
