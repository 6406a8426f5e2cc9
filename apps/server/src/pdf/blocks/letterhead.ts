import type { Content } from 'pdfmake/interfaces';
import { pngIsSafeToEmbed } from '../../parse-limits/png';
import { mmToPt } from '../page-geometry';
import type { PdfCompany } from '../pdf-input';
import { type BlockRenderer, colors } from './block';

/** "Musterstraße 1 · 12345 Musterstadt": the parts a person writes on an envelope. */
export const postalLine = (company: PdfCompany): string[] =>
  [
    [company.street, company.housenumber].filter(Boolean).join(' '),
    [company.zip, company.city].filter(Boolean).join(' '),
  ].filter((part) => part !== '');

/** PNG or JPEG (what pdfkit embeds) as a data URL; anything else is left out. */
const logoDataUrl = (bytes: Uint8Array | null | undefined): string | null => {
  if (!bytes || bytes.length < 4) return null;
  const png = bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  if (!png && !jpeg) return null;
  // A PNG that pdfkit cannot embed without harm (parse-limits/png.ts, issue 28 item 1) is left out.
  if (png && !pngIsSafeToEmbed(bytes)) return null;
  return `data:image/${png ? 'png' : 'jpeg'};base64,${Buffer.from(bytes).toString('base64')}`;
};

/** Company name (and a contact line; the website is in the footer) on the left of the letterhead zone, the logo on the right. */
export const renderLetterhead: BlockRenderer<'letterhead'> = (block, { input, geometry }) => {
  const { company } = input;
  const logo = block.showLogo ? logoDataUrl(company.logo) : null;
  const logoBox: [number, number] = [mmToPt(50), Math.min(mmToPt(18), geometry.letterheadHeight - mmToPt(20))];
  const contact = [...postalLine(company), company.phone, company.email].filter(
    (part): part is string => typeof part === 'string' && part.trim() !== '',
  );
  const name: Content[] = [
    { text: company.name, fontSize: 16, bold: true },
    ...(block.showContactLine && contact.length > 0
      ? [{ text: contact.join('  ·  '), fontSize: 7.5, color: colors.muted, margin: [0, 4, 0, 0] } as Content]
      : []),
  ];
  const top = mmToPt(12);
  return {
    firstPage: [
      {
        absolutePosition: { x: geometry.margins.left, y: top },
        columns: [
          { width: '*', stack: name },
          logo ? { width: logoBox[0], image: 'logo', fit: logoBox, alignment: 'right' } : { width: 0, text: '' },
        ],
        columnGap: mmToPt(5),
      },
    ],
    ...(logo ? { images: { logo } } : {}),
  };
};
