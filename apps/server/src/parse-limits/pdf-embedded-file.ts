import { type InflateBudget, inflateCapped, TooLargeError, UnreadableError } from './inflate';
import { parseLimits } from './limits';

/**
 * One embedded file of a PDF, found by its name and decoded under an inflate budget, and nothing
 * else of the PDF decoded (issue 28 item 1). A general PDF library inflates every stream it meets,
 * without limit, through any number of chained filters; this reader only inflates the object
 * streams that may hold the catalog and the file specifications, and the one file asked for, all
 * from one budget, and refuses every filter whose output it cannot cap.
 *
 * It finds objects by scanning for `n g obj` (a later definition wins, as with incremental
 * updates), so a damaged cross-reference table does not matter, and object streams are read the
 * same way. Encrypted PDFs are refused: an e-invoice (PDF/A-3) is never encrypted.
 */

class PdfName {
  constructor(readonly name: string) {}
}
class PdfRef {
  constructor(
    readonly num: number,
    readonly gen: number,
  ) {}
}
class PdfString {
  constructor(readonly bytes: Uint8Array) {}
}
type PdfDict = Map<string, PdfValue>;
class PdfStream {
  constructor(
    readonly dict: PdfDict,
    readonly data: Uint8Array,
  ) {}
}
type PdfValue = number | boolean | null | PdfName | PdfRef | PdfString | PdfValue[] | PdfDict | PdfStream;

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;
const isDelimiter = (c: number) =>
  c === 0x28 || c === 0x29 || c === 0x3c || c === 0x3e || c === 0x5b || c === 0x5d || c === 0x7b || c === 0x7d;
const isRegular = (c: number) => !isSpace(c) && !isDelimiter(c) && c !== 0x2f && c !== 0x25;
const hexValue = (c: number) =>
  c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x41 && c <= 0x46 ? c - 55 : c >= 0x61 && c <= 0x66 ? c - 87 : -1;

/** `\n`, `\r`, `\t`, `\b` and `\f` in a literal string (ISO 32000-1 §7.3.4.2). */
const stringEscapes: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12 };

const latin1 = (bytes: Uint8Array, from: number, to: number) =>
  Buffer.from(bytes.buffer, bytes.byteOffset + from, Math.max(0, to - from)).toString('latin1');

/** Reads PDF values (the syntax of ISO 32000-1 §7.3) from `bytes`, starting at `pos`. */
class Lexer {
  constructor(
    readonly bytes: Uint8Array,
    public pos: number,
  ) {}

  skipSpace(): void {
    const b = this.bytes;
    while (this.pos < b.length) {
      const c = b[this.pos] ?? 0;
      if (isSpace(c)) this.pos += 1;
      else if (c === 0x25 /* % */) {
        while (this.pos < b.length && b[this.pos] !== 0x0a && b[this.pos] !== 0x0d) this.pos += 1;
      } else break;
    }
  }

  peek(): number {
    return this.bytes[this.pos] ?? -1;
  }

  /** The run of regular characters at the position (a number or a keyword). */
  regular(): string {
    const start = this.pos;
    while (this.pos < this.bytes.length && isRegular(this.bytes[this.pos] ?? 0)) this.pos += 1;
    return latin1(this.bytes, start, this.pos);
  }

  keywordAhead(word: string): boolean {
    this.skipSpace();
    const at = this.pos;
    if (this.regular() === word) return true;
    this.pos = at;
    return false;
  }

  value(depth = 0): PdfValue {
    if (depth > parseLimits.pdfNesting) throw new TooLargeError('PDF objects nested too deeply');
    this.skipSpace();
    const c = this.peek();
    if (c === -1) throw new UnreadableError('PDF ends inside an object');
    if (c === 0x2f /* / */) return this.name();
    if (c === 0x28 /* ( */) return this.literalString();
    if (c === 0x3c /* < */) return this.bytes[this.pos + 1] === 0x3c ? this.dict(depth) : this.hexString();
    if (c === 0x5b /* [ */) {
      this.pos += 1;
      const items: PdfValue[] = [];
      for (;;) {
        this.skipSpace();
        if (this.peek() === 0x5d /* ] */) {
          this.pos += 1;
          return items;
        }
        items.push(this.value(depth + 1));
      }
    }
    const word = this.regular();
    if (word === '') throw new UnreadableError(`unexpected byte ${c} in a PDF object`);
    if (word === 'true') return true;
    if (word === 'false') return false;
    if (word === 'null') return null;
    const n = Number(word);
    if (!Number.isFinite(n)) throw new UnreadableError(`unexpected keyword ${word.slice(0, 20)} in a PDF object`);
    // `n g R`: a reference, when two non-negative integers and R follow one another.
    if (/^\d+$/.test(word)) {
      const back = this.pos;
      this.skipSpace();
      const gen = this.regular();
      if (/^\d+$/.test(gen) && this.keywordAhead('R')) return new PdfRef(n, Number(gen));
      this.pos = back;
    }
    return n;
  }

  dict(depth: number): PdfDict {
    this.pos += 2;
    const dict: PdfDict = new Map();
    for (;;) {
      this.skipSpace();
      if (this.peek() === 0x3e && this.bytes[this.pos + 1] === 0x3e) {
        this.pos += 2;
        return dict;
      }
      const key = this.value(depth + 1);
      if (!(key instanceof PdfName)) throw new UnreadableError('a PDF dictionary key is not a name');
      dict.set(key.name, this.value(depth + 1));
    }
  }

  name(): PdfName {
    this.pos += 1;
    const raw = this.regular();
    return new PdfName(
      raw.includes('#') ? raw.replace(/#([0-9a-fA-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16))) : raw,
    );
  }

  hexString(): PdfString {
    this.pos += 1;
    const out: number[] = [];
    let high = -1;
    while (this.pos < this.bytes.length) {
      const c = this.bytes[this.pos++] ?? 0;
      if (c === 0x3e) break;
      const v = hexValue(c);
      if (v === -1) continue;
      if (high === -1) high = v;
      else {
        out.push(high * 16 + v);
        high = -1;
      }
    }
    if (high !== -1) out.push(high * 16);
    return new PdfString(Uint8Array.from(out));
  }

  literalString(): PdfString {
    this.pos += 1;
    const b = this.bytes;
    const out: number[] = [];
    let open = 1;
    while (this.pos < b.length) {
      let c = b[this.pos++] ?? 0;
      if (c === 0x28) open += 1;
      else if (c === 0x29) {
        open -= 1;
        if (open === 0) break;
      } else if (c === 0x5c /* \ */) {
        c = b[this.pos++] ?? 0;
        const escaped = stringEscapes[String.fromCharCode(c)];
        if (escaped !== undefined) c = escaped;
        else if (c >= 0x30 && c <= 0x37) {
          let octal = c - 0x30;
          for (let i = 0; i < 2 && (b[this.pos] ?? 0) >= 0x30 && (b[this.pos] ?? 0) <= 0x37; i++) {
            octal = octal * 8 + ((b[this.pos++] ?? 0) - 0x30);
          }
          c = octal & 0xff;
        } else if (c === 0x0d || c === 0x0a) {
          // A backslash at the end of a line continues the string on the next.
          if (c === 0x0d && b[this.pos] === 0x0a) this.pos += 1;
          continue;
        }
      }
      out.push(c);
    }
    return new PdfString(Uint8Array.from(out));
  }
}

/** A PDF text string: UTF-16BE or UTF-8 with their byte order mark, else PDFDocEncoding (Latin-1 for names). */
const pdfText = (value: PdfValue | undefined): string => {
  if (!(value instanceof PdfString)) return '';
  const b = value.bytes;
  if (b[0] === 0xfe && b[1] === 0xff) return new TextDecoder('utf-16be').decode(b.subarray(2));
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return new TextDecoder().decode(b.subarray(3));
  return latin1(b, 0, b.length);
};

type Found = { value: PdfValue; at: number };

/** The objects of a PDF by number, from a scan of the whole file and of its object streams. */
class PdfObjects {
  readonly #objects = new Map<number, Found>();
  readonly #roots: Array<{ root: PdfValue; at: number }> = [];
  #encrypted = false;
  #count = 0;

  constructor(
    readonly bytes: Uint8Array,
    readonly budget: InflateBudget,
  ) {
    const text = latin1(bytes, 0, bytes.length);
    const objectStreams: Found[] = [];
    const header = /(\d+)\s+(\d+)\s+obj\b/g;
    for (let match = header.exec(text); match; match = header.exec(text)) {
      const lexer = new Lexer(bytes, match.index + match[0].length);
      let value: PdfValue;
      try {
        value = lexer.value();
      } catch (error) {
        if (error instanceof TooLargeError) throw error;
        continue;
      }
      if (value instanceof Map && lexer.keywordAhead('stream')) {
        value = this.#stream(value, lexer, text);
        header.lastIndex = lexer.pos;
      } else header.lastIndex = Math.max(header.lastIndex, lexer.pos);
      this.#remember(Number(match[1]), value, match.index);
      const dict = value instanceof PdfStream ? value.dict : value instanceof Map ? value : undefined;
      if (dict && nameOf(dict.get('Type')) === 'XRef') this.#trailer(dict, match.index);
      if (value instanceof PdfStream && nameOf(value.dict.get('Type')) === 'ObjStm') {
        objectStreams.push({ value, at: match.index });
      }
    }
    const trailer = /trailer\s*<</g;
    for (let match = trailer.exec(text); match; match = trailer.exec(text)) {
      try {
        const dict = new Lexer(bytes, match.index + 'trailer'.length).value();
        if (dict instanceof Map) this.#trailer(dict, match.index);
      } catch (error) {
        if (error instanceof TooLargeError) throw error;
      }
    }
    if (this.#encrypted) throw new UnreadableError('encrypted PDF');
    for (const found of objectStreams) this.#objectStream(found);
  }

  #remember(num: number, value: PdfValue, at: number): void {
    this.#count += 1;
    if (this.#count > parseLimits.pdfObjects) throw new TooLargeError('too many PDF objects');
    const before = this.#objects.get(num);
    if (!before || before.at <= at) this.#objects.set(num, { value, at });
  }

  #trailer(dict: PdfDict, at: number): void {
    if (dict.has('Encrypt')) this.#encrypted = true;
    const root = dict.get('Root');
    if (root !== undefined) this.#roots.push({ root, at });
  }

  /** The stream's data: `/Length` bytes when they end at `endstream`, else up to `endstream`. */
  #stream(dict: PdfDict, lexer: Lexer, text: string): PdfStream {
    const b = this.bytes;
    let start = lexer.pos;
    if (b[start] === 0x0d) start += 1;
    if (b[start] === 0x0a) start += 1;
    const length = dict.get('Length');
    if (typeof length === 'number' && Number.isInteger(length) && length >= 0 && start + length <= b.length) {
      const after = new Lexer(b, start + length);
      if (after.keywordAhead('endstream')) {
        lexer.pos = after.pos;
        return new PdfStream(dict, b.subarray(start, start + length));
      }
    }
    const end = text.indexOf('endstream', start);
    let stop = end === -1 ? b.length : end;
    if (b[stop - 1] === 0x0a) stop -= 1;
    if (b[stop - 1] === 0x0d) stop -= 1;
    lexer.pos = end === -1 ? b.length : end + 'endstream'.length;
    return new PdfStream(dict, b.subarray(start, Math.max(start, stop)));
  }

  /** The objects an object stream holds (ISO 32000-1 §7.5.7), each at the stream's place in the file. */
  #objectStream({ value, at }: Found): void {
    const stream = value as PdfStream;
    const count = stream.dict.get('N');
    const first = stream.dict.get('First');
    if (typeof count !== 'number' || typeof first !== 'number') return;
    if (count > parseLimits.pdfObjects) throw new TooLargeError('too many objects in an object stream');
    let data: Uint8Array;
    try {
      data = decodeStream(stream, this.budget);
    } catch (error) {
      if (error instanceof TooLargeError) throw error;
      return;
    }
    const index = new Lexer(data, 0);
    for (let i = 0; i < count; i++) {
      index.skipSpace();
      const num = index.regular();
      index.skipSpace();
      const offset = index.regular();
      if (!/^\d+$/.test(num) || !/^\d+$/.test(offset)) return;
      try {
        this.#remember(Number(num), new Lexer(data, first + Number(offset)).value(), at);
      } catch (error) {
        if (error instanceof TooLargeError) throw error;
      }
    }
  }

  /** The value behind a reference (references to references followed a few steps). */
  resolve(value: PdfValue | undefined): PdfValue | undefined {
    let current = value;
    for (let i = 0; i < 8 && current instanceof PdfRef; i++) current = this.#objects.get(current.num)?.value;
    return current instanceof PdfRef ? undefined : current;
  }

  catalog(): PdfDict | undefined {
    const latest = [...this.#roots].sort((a, b) => b.at - a.at);
    for (const { root } of latest) {
      const dict = this.resolve(root);
      if (dict instanceof Map) return dict;
    }
    // No usable trailer: the last object that calls itself the catalog.
    let found: Found | undefined;
    for (const entry of this.#objects.values()) {
      if (
        entry.value instanceof Map &&
        nameOf(entry.value.get('Type')) === 'Catalog' &&
        (!found || entry.at > found.at)
      ) {
        found = entry;
      }
    }
    return found?.value as PdfDict | undefined;
  }
}

const nameOf = (value: PdfValue | undefined): string => (value instanceof PdfName ? value.name : '');

/**
 * A stream's data with its filters undone. Only Flate without a predictor is read (it is what
 * producers use for attachments and object streams); any other filter is refused, because its
 * output could not be capped here.
 */
const decodeStream = (stream: PdfStream, budget: InflateBudget): Uint8Array => {
  const filter = stream.dict.get('Filter');
  const filters = filter === undefined || filter === null ? [] : Array.isArray(filter) ? filter : [filter];
  const parms = stream.dict.get('DecodeParms');
  if (filters.length > parseLimits.filterLevels) throw new TooLargeError('too many filters on one stream');
  let data = stream.data;
  filters.forEach((f, i) => {
    const name = nameOf(f);
    if (name !== 'FlateDecode' && name !== 'Fl') throw new UnreadableError(`filter ${name} is not read`);
    const parm = Array.isArray(parms) ? parms[i] : parms;
    const predictor = parm instanceof Map ? parm.get('Predictor') : undefined;
    if (typeof predictor === 'number' && predictor > 1) throw new UnreadableError('predictors are not read');
    data = inflateCapped(data, budget);
  });
  return data;
};

type FileSpec = { key: string; spec: PdfDict };

/** The file specifications of the catalog's EmbeddedFiles name tree, then of its AF array. */
const fileSpecs = (objects: PdfObjects, catalog: PdfDict): FileSpec[] => {
  const out: FileSpec[] = [];
  const seen = new Set<PdfValue>();
  let visits = 0;
  const walk = (node: PdfValue | undefined, depth: number) => {
    const dict = objects.resolve(node);
    if (!(dict instanceof Map) || seen.has(dict)) return;
    if (depth > parseLimits.pdfNesting || ++visits > parseLimits.pdfObjects) {
      throw new TooLargeError('name tree too deep or too large');
    }
    seen.add(dict);
    const names = objects.resolve(dict.get('Names'));
    if (Array.isArray(names)) {
      for (let i = 0; i + 1 < names.length; i += 2) {
        const spec = objects.resolve(names[i + 1]);
        if (spec instanceof Map) out.push({ key: pdfText(objects.resolve(names[i])), spec });
      }
    }
    const kids = objects.resolve(dict.get('Kids'));
    if (Array.isArray(kids)) for (const kid of kids) walk(kid, depth + 1);
  };
  const names = objects.resolve(catalog.get('Names'));
  if (names instanceof Map) walk(names.get('EmbeddedFiles'), 0);
  const associated = objects.resolve(catalog.get('AF'));
  if (Array.isArray(associated)) {
    for (const entry of associated) {
      const spec = objects.resolve(entry);
      if (spec instanceof Map) out.push({ key: '', spec });
    }
  }
  return out;
};

/**
 * The decoded bytes of the first embedded file whose name (name-tree key, /UF or /F) `wanted`
 * accepts, or undefined when the PDF has none. Throws TooLargeError when reading it would pass
 * the budget or the object limits, UnreadableError when the bytes are no PDF this reader can read.
 */
export const embeddedFileOfPdf = (
  bytes: Uint8Array,
  wanted: (name: string) => boolean,
  budget: InflateBudget,
): Uint8Array | undefined => {
  const objects = new PdfObjects(bytes, budget);
  const catalog = objects.catalog();
  if (!catalog) throw new UnreadableError('no PDF catalog');
  for (const { key, spec } of fileSpecs(objects, catalog)) {
    const names = [key, pdfText(objects.resolve(spec.get('UF'))), pdfText(objects.resolve(spec.get('F')))];
    if (!names.some((name) => name !== '' && wanted(name))) continue;
    const ef = objects.resolve(spec.get('EF'));
    if (!(ef instanceof Map)) continue;
    const file = objects.resolve(ef.get('F')) ?? objects.resolve(ef.get('UF'));
    if (file instanceof PdfStream) return decodeStream(file, budget);
  }
  return undefined;
};
