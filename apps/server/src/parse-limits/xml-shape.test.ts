import { describe, expect, test } from 'vitest';
import { manyElements } from './testing/bombs';
import { xmlWithinLimits } from './xml-shape';

const limits = { elements: 5, depth: 3 };

describe('xmlWithinLimits', () => {
  test('counts start and empty-element tags, not end tags, declarations, comments or CDATA', () => {
    expect(xmlWithinLimits('<?xml version="1.0"?><a><b/><c>x</c><d/><e></e></a>', limits)).toBe(true);
    expect(xmlWithinLimits('<a><b/><c>x</c><d/><e></e><f/></a>', limits)).toBe(false);
    expect(xmlWithinLimits('<a><!-- <b/><b/><b/><b/><b/> --><![CDATA[<b/><b/><b/><b/><b/>]]></a>', limits)).toBe(true);
  });

  test('measures nesting: siblings do not add depth, children do', () => {
    expect(xmlWithinLimits('<a><b><c/></b><b><c>1</c></b></a>', limits)).toBe(true);
    expect(xmlWithinLimits('<a><b><c><d/></c></b></a>', limits)).toBe(true);
    expect(xmlWithinLimits('<a><b><c><d></d></c></b></a>', limits)).toBe(false);
  });

  test("a '>' inside an attribute value does not end the tag early", () => {
    expect(xmlWithinLimits('<a x="1>2" y=\'<b>\'><b/></a>', limits)).toBe(true);
    expect(xmlWithinLimits('<a x="/>"><b><c><d>', limits)).toBe(false);
  });

  test('a million elements (8 MB) are refused after a fraction of the text, without building anything', () => {
    const xml = manyElements(1_000_000);
    expect(xml.length).toBeGreaterThan(8_000_000);
    const started = performance.now();
    expect(xmlWithinLimits(xml)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(xmlWithinLimits(manyElements(50_000))).toBe(true);
  });

  test('nesting 100 deep is refused by the default depth limit', () => {
    expect(xmlWithinLimits(`${'<a>'.repeat(100)}${'</a>'.repeat(100)}`)).toBe(false);
    expect(xmlWithinLimits(`${'<a>'.repeat(30)}${'</a>'.repeat(30)}`)).toBe(true);
  });

  test('text that is not XML, or ends inside a tag, passes the scan and is left to the parser', () => {
    expect(xmlWithinLimits('kein XML', limits)).toBe(true);
    expect(xmlWithinLimits('<a><b', limits)).toBe(true);
    expect(xmlWithinLimits('<a><!-- offen', limits)).toBe(true);
  });
});
