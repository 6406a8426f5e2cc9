import { describe, expect, test } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('csv for German Excel', () => {
  test('starts with a BOM, separates by semicolons and ends lines with CRLF', () => {
    const csv = toCsv(['Name', 'Betrag'], [['Müller', '12,50']]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toBe('\uFEFFName;Betrag\r\nMüller;12,50\r\n');
  });

  test('quotes cells with semicolons, quotes and line breaks', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('er sagte "ja"')).toBe('"er sagte ""ja"""');
    expect(csvCell('zwei\nZeilen')).toBe('"zwei\nZeilen"');
  });

  test('neutralises formulas so a spreadsheet shows them as text', () => {
    expect(csvCell("=cmd|' /C calc'!A0")).toBe("'=cmd|' /C calc'!A0");
    expect(csvCell('+1+1')).toBe("'+1+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('=A1;B1')).toBe(`"'=A1;B1"`);
    expect(csvCell('<script>alert(1)</script>')).toBe('<script>alert(1)</script>');
  });
});
