import type { BlockKind, LayoutBlock } from '@kontor/contract/api/export-templates';
import { renderAddressWindow } from './address-window';
import { renderBankFooter } from './bank-footer';
import type { BlockContext, BlockOf, BlockOutput, BlockRenderer } from './block';
import { renderEpcQr } from './epc-qr';
import { renderLetterhead } from './letterhead';
import { renderPaymentTerms } from './payment-terms';
import { renderPositionsTable } from './positions-table';
import { renderReferenceLine } from './reference-line';
import { renderSignature } from './signature';
import { renderText } from './text';
import { renderTitle } from './title';
import { renderTotals } from './totals';

/** One renderer per block kind: a kind added to the contract without a renderer fails to compile. */
const blockRenderers: { readonly [K in BlockKind]: BlockRenderer<K> } = {
  letterhead: renderLetterhead,
  addressWindow: renderAddressWindow,
  referenceLine: renderReferenceLine,
  title: renderTitle,
  text: renderText,
  positionsTable: renderPositionsTable,
  totals: renderTotals,
  paymentTerms: renderPaymentTerms,
  bankFooter: renderBankFooter,
  epcQr: renderEpcQr,
  signature: renderSignature,
};

const dispatch = <K extends BlockKind>(kind: K, block: BlockOf<K>, context: BlockContext): BlockOutput =>
  blockRenderers[kind](block, context);

export const renderBlock = (block: LayoutBlock, context: BlockContext): BlockOutput =>
  dispatch(block.kind, block, context);
