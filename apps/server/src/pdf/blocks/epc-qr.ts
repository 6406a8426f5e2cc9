import { buildEpcPayload } from '@kontor/contract/logic/epc-qr';
import type { Content } from 'pdfmake/interfaces';
import { mmToPt } from '../page-geometry';
import { type BlockRenderer, colors } from './block';

/** Bytes a QR code of version 1 … 13 holds at error correction level M in byte mode (ISO/IEC 18004). */
const capacityAtLevelM = [14, 26, 42, 62, 84, 106, 122, 152, 180, 213, 251, 287, 331];

/** The smallest version that holds the payload; EPC069-12 allows up to 13. */
export const qrVersion = (payload: string): number => {
  const bytes = new TextEncoder().encode(payload).length;
  const index = capacityAtLevelM.findIndex((capacity) => bytes <= capacity);
  if (index < 0) throw new RangeError(`EPC payload of ${bytes} bytes exceeds version 13`);
  return index + 1;
};

/** Payment codes are printed at least 20 mm wide (modules only), for phone cameras at reading distance. */
const minEdge = mmToPt(20);
/** ISO/IEC 18004 asks for a light margin of four modules around the symbol. */
const quietZone = 4;

/** Edge length in modules and module size in whole points (pdfmake draws whole-point modules). */
export const qrSize = (payload: string): Readonly<{ modules: number; moduleSize: number }> => {
  const modules = 17 + 4 * qrVersion(payload);
  return { modules, moduleSize: Math.ceil(minEdge / modules) };
};

/**
 * The GiroCode over the gross amount, with error correction level M as EPC069-12 requires and the
 * caption "Zahlen mit Code". Nothing is drawn when the code cannot be built (no bank account, an
 * invalid IBAN, a currency other than euro, nothing to pay): a wrong code is worse than none.
 */
export const renderEpcQr: BlockRenderer<'epcQr'> = (block, { input, format }) => {
  const { bank, summary } = input;
  if (!bank || input.formats.currency !== 'euro' || summary.grossCents <= 0) return {};
  const result = buildEpcPayload({
    name: bank.holder?.trim() || input.company.name,
    iban: bank.iban,
    bic: bank.bic,
    amountCents: summary.grossCents,
    remittance: format.fill(block.remittance),
  });
  if (result.payload === null) return {};
  const { modules, moduleSize } = qrSize(result.payload);
  const quiet = quietZone * moduleSize;
  const width = modules * moduleSize + 2 * quiet;
  const stack: Content[] = [
    {
      qr: result.payload,
      eccLevel: 'M',
      mode: 'octet',
      version: qrVersion(result.payload),
      fit: modules * moduleSize,
      padding: quietZone,
    },
    { text: block.caption, fontSize: 7.5, color: colors.muted, alignment: 'center' },
  ];
  // The quiet zone lies in the page margin, so the modules line up with the body's edge.
  if (block.placement === 'beside') {
    return {
      besidePrevious: { width, content: { unbreakable: true, stack, margin: [quiet, -quiet, -quiet, mmToPt(2)] } },
    };
  }
  return {
    flow: [
      {
        unbreakable: true,
        margin: [-quiet, 0, 0, mmToPt(4)],
        columns: [
          { width, stack },
          { width: '*', text: '' },
        ],
      },
    ],
  };
};
