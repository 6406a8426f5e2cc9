import { parseLimits } from './limits';

type XmlShapeLimits = Readonly<{ elements: number; depth: number }>;

/**
 * Whether an XML text stays within the element and depth limits, found by one pass over its tags
 * that stops at the first excess and builds nothing: a parser building a tree of a million
 * elements took seconds and hundreds of megabytes first (issue 28 item 1). It does not check
 * well-formedness; the parser that runs afterwards does.
 */
export const xmlWithinLimits = (
  xml: string,
  limits: XmlShapeLimits = { elements: parseLimits.xmlElements, depth: parseLimits.xmlDepth },
): boolean => {
  let elements = 0;
  let depth = 0;
  /** The index after the first `token` from `from`, or -1. */
  const after = (token: string, from: number) => {
    const found = xml.indexOf(token, from);
    return found === -1 ? -1 : found + token.length;
  };
  let at = xml.indexOf('<');
  while (at !== -1) {
    const next = xml.charCodeAt(at + 1);
    let end: number;
    if (next === 0x3f /* ? */) end = after('?>', at + 2);
    else if (next === 0x21 /* ! */) {
      if (xml.startsWith('<!--', at)) end = after('-->', at + 4);
      else if (xml.startsWith('<![CDATA[', at)) end = after(']]>', at + 9);
      else end = after('>', at + 2);
    } else if (next === 0x2f /* / */) {
      depth = Math.max(0, depth - 1);
      end = after('>', at + 2);
    } else {
      // A start tag ends at the first '>' outside quotes (an attribute value may hold '>').
      let quote = 0;
      end = -1;
      for (let i = at + 1; i < xml.length; i++) {
        const c = xml.charCodeAt(i);
        if (quote !== 0) {
          if (c === quote) quote = 0;
        } else if (c === 0x22 || c === 0x27) quote = c;
        else if (c === 0x3e) {
          end = i + 1;
          break;
        }
      }
      if (end !== -1) {
        elements += 1;
        if (xml.charCodeAt(end - 2) !== 0x2f /* / */) depth += 1;
        if (elements > limits.elements || depth > limits.depth) return false;
      }
    }
    // An unclosed comment, section or tag ends the scan: the parser refuses the text.
    if (end === -1) return true;
    at = xml.indexOf('<', end);
  }
  return true;
};
