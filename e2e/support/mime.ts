/**
 * A small MIME reader for the mails the server sends through nodemailer: headers (with RFC 2047
 * encoded words), multipart bodies, quoted-printable and base64. Enough to read the subject and
 * the text and HTML parts; not a general mail parser.
 */

/** A part sent as a file (Content-Disposition: attachment), its content decoded as UTF-8 text. */
export type MailAttachment = Readonly<{ filename: string; contentType: string; content: string }>;

export type ParsedMail = Readonly<{
  subject: string;
  from: string;
  to: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
}>;

type Part = Readonly<{ headers: Map<string, string>; body: string }>;

const splitHead = (raw: string): Part => {
  const match = /\r?\n\r?\n/.exec(raw);
  const head = match ? raw.slice(0, match.index) : raw;
  const body = match ? raw.slice(match.index + match[0].length) : '';
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(key)) headers.set(key, line.slice(colon + 1).trim());
  }
  return { headers, body };
};

/** `text/plain; charset=utf-8; boundary="x"` → type and lower-cased parameter names. */
const parseContentType = (value: string | undefined) => {
  const [type = 'text/plain', ...rest] = (value ?? 'text/plain').split(';');
  const params = new Map<string, string>();
  for (const p of rest) {
    const eq = p.indexOf('=');
    if (eq < 0) continue;
    params.set(
      p.slice(0, eq).trim().toLowerCase(),
      p
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1'),
    );
  }
  return { type: type.trim().toLowerCase(), params };
};

const decodeQuotedPrintable = (text: string): Buffer => {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const c = joined[i] as string;
    const hex = joined.slice(i + 1, i + 3);
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes);
};

const decodeBody = (part: Part): string => {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const bytes =
    encoding === 'base64'
      ? Buffer.from(part.body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(part.body)
        : Buffer.from(part.body, 'utf8');
  // The server writes UTF-8 only; latin1 would need iconv, which no mail here uses.
  return bytes.toString('utf8').replace(/\r\n/g, '\n');
};

/** `=?UTF-8?Q?Passwort_zur=C3=BCcksetzen?=` → `Passwort zurücksetzen`. */
export const decodeHeader = (value: string): string =>
  value
    .replace(/(\?=)\s+(=\?)/g, '$1$2') // whitespace between two encoded words is not text
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')).toString('utf8'),
    );

type Collected = { text: string[]; html: string[]; attachments: MailAttachment[] };

const collect = (part: Part, out: Collected) => {
  const { type, params } = parseContentType(part.headers.get('content-type'));
  const boundary = params.get('boundary');
  if (type.startsWith('multipart/') && boundary) {
    const chunks = part.body.split(
      new RegExp(`^--${boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:--)?[ \\t]*\\r?$`, 'm'),
    );
    // chunks[0] is the preamble, the last one the epilogue after the closing delimiter.
    for (const chunk of chunks.slice(1, -1)) collect(splitHead(chunk.replace(/^\r?\n/, '')), out);
    return;
  }
  const disposition = parseContentType(part.headers.get('content-disposition'));
  if (disposition.type === 'attachment') {
    const filename = decodeHeader(disposition.params.get('filename') ?? params.get('name') ?? '');
    out.attachments.push({ filename, contentType: type, content: decodeBody(part) });
    return;
  }
  if (type === 'text/plain') out.text.push(decodeBody(part));
  else if (type === 'text/html') out.html.push(decodeBody(part));
};

export const parseMail = (raw: string): ParsedMail => {
  const root = splitHead(raw);
  const out: Collected = { text: [], html: [], attachments: [] };
  collect(root, out);
  return {
    subject: decodeHeader(root.headers.get('subject') ?? ''),
    from: decodeHeader(root.headers.get('from') ?? ''),
    to: decodeHeader(root.headers.get('to') ?? ''),
    text: out.text.join('\n').trim(),
    html: out.html.join('\n').trim(),
    attachments: out.attachments,
  };
};
