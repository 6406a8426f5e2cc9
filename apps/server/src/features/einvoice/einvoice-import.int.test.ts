import zlib from 'node:zlib';
import { einvoiceImport } from '@kontor/contract/api/einvoice';
import * as records from '@kontor/contract/api/records';
import { translator } from '@kontor/contract/i18n/catalogs';
import { summarizePositions } from '@kontor/contract/logic/positions';
import { sql } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../../../test/assertions';
import { uploadFile } from '../../../test/files';
import { userWithEnvironment } from '../../../test/fixtures';
import { randomIp, startTestApp, type TestApp } from '../../../test/harness';
import { inEnv } from '../../../test/records';
import { gibibyteBehindTwoFilters, manyElements, pdfWithAttachments } from '../../parse-limits/testing/bombs';
import { storeSystemFile } from '../files/files.service';
import { cases, fieldLabels, mapping, seller, smallBusinessSeller } from './einvoice.fixtures';
import { einvoiceImportsPerMinute } from './einvoice.routes';
import { buildEinvoice } from './einvoice-document';
import { xrechnungXml, zugferdPdf } from './einvoice-files';
import { maxEinvoiceImportBytes } from './einvoice-import';

const de = translator('de_sie');

let t: TestApp;
let owner: Awaited<ReturnType<typeof userWithEnvironment>>;
let other: Awaited<ReturnType<typeof userWithEnvironment>>;

beforeAll(async () => {
  t = await startTestApp();
  owner = await userWithEnvironment(t, 'Empfangs GmbH', 'craftsman');
  other = await userWithEnvironment(t, 'Fremd KG', 'craftsman');
});
afterAll(() => t.close());

const generated = (name: string) => {
  const c = cases[name];
  if (!c) throw new Error(name);
  const result = buildEinvoice({
    record: c.record,
    seller: name === 'smallBusiness' ? smallBusinessSeller : seller,
    buyer: c.buyer,
    mapping,
    fieldLabels,
  });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return { c, invoice: result.invoice };
};

const upload = (name: string, bytes: Uint8Array | string, who = owner) => uploadFile(t, who, name, Buffer.from(bytes));

const importFile = (file: string, who = owner, env = owner.env, type = 'incoming_invoices') =>
  t.call(einvoiceImport, { _env: env, type, file }, who.token);

const loadDraft = async (id: string) => {
  const form = await t.call(records.loadRecordForm, { _env: owner.env, type: 'incoming_invoices', id }, owner.token);
  expectOk(form);
  return form.body.data?.values as Record<string, unknown>;
};

const countOf = async (env: string, type: string) =>
  inEnv(t, env, async (scope) => {
    const res = (await scope.tx.execute(sql`select count(*)::int as n from records where type = ${type}`)) as {
      rows: Array<{ n: number }>;
    };
    return res.rows[0]?.n ?? 0;
  });

describe('e-invoice import: round trips of the golden cases', () => {
  for (const name of Object.keys(cases)) {
    for (const syntax of ['ubl', 'cii'] as const) {
      test(`${name} (${syntax}): generate → upload → import gives a draft with the same amounts to the cent`, async () => {
        const { c, invoice } = generated(name);
        const file = await upload(`${name}.${syntax}.xml`, await xrechnungXml(invoice, syntax));
        const res = await importFile(file._id);
        expectOk(res);
        expect(res.body.data?.findings).toEqual([]);
        const values = await loadDraft(res.body.data?.id ?? '');
        const summary = summarizePositions(c.record.positions);
        expect(values).toMatchObject({
          number: c.record.number,
          date: c.record.date,
          net: summary.netCents,
          gross: summary.grossCents,
          stated_gross: summary.grossCents / 100,
          einvoice_file: file._id,
          supplier_name: expect.stringContaining(seller.name),
        });
        expect(values.positions).toHaveLength(c.record.positions.length);
        expect(values.einvoice_findings).toBe(de('einvoice.importNoFindings'));
      });
    }
  }

  test('a ZUGFeRD PDF is read from its factur-x.xml; the supplier is found again, not doubled', async () => {
    const { c, invoice } = generated('domestic');
    const pdf = await PDFDocument.create();
    pdf.addPage([595, 842]).drawText('Rechnung', { x: 50, y: 780, font: await pdf.embedFont(StandardFonts.Helvetica) });
    const bytes = await zugferdPdf(invoice, await pdf.save(), 'rechnung.pdf');
    const suppliersBefore = await countOf(owner.env, 'customers');
    const res = await importFile((await upload('rechnung.pdf', bytes))._id);
    expectOk(res);
    expect(res.body.data?.findings).toEqual([]);
    const values = await loadDraft(res.body.data?.id ?? '');
    expect(values.gross).toBe(summarizePositions(c.record.positions).grossCents);
    expect(await countOf(owner.env, 'customers')).toBe(suppliersBefore);
  });

  test('a file that breaks rules becomes a draft all the same, its findings in German', async () => {
    const { invoice } = generated('domestic');
    const xml = (await xrechnungXml(invoice, 'ubl')).replace(/<cbc:BuyerReference>[^<]*<\/cbc:BuyerReference>/, '');
    const res = await importFile((await upload('ohne-leitweg.xml', xml))._id);
    expectOk(res);
    const expected = de('einvoice.finding.missing', { rule: 'BR-DE-15', term: 'BT-10' });
    expect(res.body.data?.findings).toContain(expected);
    const values = await loadDraft(res.body.data?.id ?? '');
    expect(String(values.einvoice_findings)).toContain(expected);
  });
});

describe('e-invoice import refusals', () => {
  const refusedWith = async (file: string, status: number, key: Parameters<typeof de>[0]) => {
    const before = await countOf(owner.env, 'incoming_invoices');
    const res = await importFile(file);
    expectRefused(res, status);
    expect(res.body.message).toBe(de(key));
    expect(await countOf(owner.env, 'incoming_invoices')).toBe(before);
  };

  test('not XML, not an e-invoice, a PDF without attachment: clear German 400s, nothing written', async () => {
    await refusedWith((await upload('notiz.txt', 'Hallo, das ist keine Rechnung.'))._id, 400, 'einvoice.importNotXml');
    await refusedWith((await upload('kaputt.xml', '<Invoice><ID>1</I'))._id, 400, 'einvoice.importNotXml');
    await refusedWith((await upload('andere.xml', '<Order><ID>1</ID></Order>'))._id, 400, 'einvoice.importNotEinvoice');
    const pdf = await PDFDocument.create();
    pdf.addPage();
    await refusedWith((await upload('scan.pdf', await pdf.save()))._id, 400, 'einvoice.importNoAttachment');
  });

  test('an XML bomb (entity expansion) is refused at once, before any parsing', async () => {
    const lol = Array.from({ length: 9 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`).join('');
    const bomb = `<?xml version="1.0"?><!DOCTYPE Invoice [<!ENTITY l0 "lol">${lol}]><Invoice><ID>&l9;</ID></Invoice>`;
    await refusedWith((await upload('bombe.xml', bomb))._id, 400, 'einvoice.importDoctype');
  });

  test('a file over the limit is refused before it is read', async () => {
    const big = await inEnv(t, owner.env, (scope) =>
      storeSystemFile(scope, t.deps.storage, {
        folder: 'Test',
        filename: 'riesig.xml',
        body: Buffer.alloc(maxEinvoiceImportBytes + 1, 0x20),
        now: new Date(),
      }),
    );
    const res = await importFile(big._id);
    expectRefused(res, 413);
    expect(res.body.message).toContain('zu groß');
  });

  test('unknown files, foreign ids and other types are refused', async () => {
    expectRefused(await importFile('00000000-0000-7000-8000-000000000000'), 404);
    expectRefused(await importFile('kein-uuid'), 404);
    const { invoice } = generated('domestic');
    const file = await upload('r.xml', await xrechnungXml(invoice, 'ubl'));
    const wrongType = await importFile(file._id, owner, owner.env, 'invoices');
    expectRefused(wrongType, 404);
    expect(wrongType.body.message).toBe(de('einvoice.importWrongType'));
    expectRefused(await importFile(file._id, owner, owner.env, 'gibtsnicht'), 404);
  });
});

describe('e-invoice import across environments', () => {
  test('another environment’s file id is not found and nothing is written in either environment', async () => {
    const { invoice } = generated('domestic');
    const foreign = await upload('fremd.xml', await xrechnungXml(invoice, 'ubl'), other);
    const counts = async () =>
      Promise.all([
        countOf(owner.env, 'incoming_invoices'),
        countOf(owner.env, 'customers'),
        countOf(other.env, 'incoming_invoices'),
        countOf(other.env, 'customers'),
      ]);
    const before = await counts();
    const res = await importFile(foreign._id);
    expectRefused(res, 404);
    // Nor may the other user import into this environment.
    const intruder = await importFile(foreign._id, other, owner.env);
    expectRefused(intruder);
    expect([403, 404]).toContain(intruder.statusCode);
    expect(await counts()).toEqual(before);
  });
});

describe('e-invoice import: a small file must not take the server down (issue 28 item 1)', () => {
  /**
   * Runs `work` while asking `/healthz` again and again; gives its result and the longest time
   * without an answer (between two answers, or from the start to the first), so a blocked thread
   * shows whenever it blocks. Each round yields to the event loop (setImmediate): in-process
   * requests on PGlite alone would never let the worker's answer in.
   */
  const healthzDuring = async <T>(work: Promise<T>) => {
    let longest = 0;
    let done = false;
    const settled = work.finally(() => {
      done = true;
    });
    const started = performance.now();
    let last = started;
    // Bounded, so a hanging import fails the test instead of filling the memory with answers.
    while (!done && last - started < 30_000) {
      const health = await t.get('/healthz');
      expect(health.statusCode).toBe(200);
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
      await new Promise((resolve) => setImmediate(resolve));
    }
    return { result: await settled, longest };
  };

  const refusedFast = async (file: string) => {
    const before = await countOf(owner.env, 'incoming_invoices');
    const started = performance.now();
    const { result, longest } = await healthzDuring(importFile(file));
    expectRefused(result, 413);
    expect(result.body.message).toContain('zu groß oder zu tief verschachtelt');
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(longest).toBeLessThan(100);
    expect(await countOf(owner.env, 'incoming_invoices')).toBe(before);
  };

  test('a 3 KB PDF whose factur-x.xml inflates to 1 GiB behind two filters: a fast German 413, /healthz answers throughout', async () => {
    const bomb = await pdfWithAttachments([
      { name: 'factur-x.xml', stored: gibibyteBehindTwoFilters(), filters: ['FlateDecode', 'FlateDecode'] },
    ]);
    expect(bomb.length).toBeLessThan(4096);
    await refusedFast((await upload('bombe.pdf', bomb))._id);
  });

  test('an 8 MB XML of a million elements: a fast German 413, /healthz answers throughout', async () => {
    const huge = manyElements(1_000_000);
    expect(huge.length).toBeGreaterThan(8_000_000);
    expect(huge.length).toBeLessThan(maxEinvoiceImportBytes);
    await refusedFast((await upload('riesig.xml', huge))._id);
  });

  test('an XML nested deeper than an e-invoice ever is: a German 413', async () => {
    const deep = `<Invoice>${'<a>'.repeat(200)}${'</a>'.repeat(200)}</Invoice>`;
    const res = await importFile((await upload('tief.xml', deep))._id);
    expectRefused(res, 413);
    expect(res.body.message).toContain('zu tief verschachtelt');
  });

  test('only the e-invoice attachment is read: a bomb attached beside it is never inflated', async () => {
    const { c, invoice } = generated('domestic');
    const xml = await xrechnungXml(invoice, 'cii');
    const pdf = await pdfWithAttachments([
      { name: 'anhang.bin', stored: gibibyteBehindTwoFilters(), filters: ['FlateDecode', 'FlateDecode'] },
      { name: 'factur-x.xml', stored: zlib.deflateSync(xml), filters: ['FlateDecode'] },
    ]);
    const res = await importFile((await upload('mit-anhang.pdf', pdf))._id);
    expectOk(res);
    const values = await loadDraft(res.body.data?.id ?? '');
    expect(values.gross).toBe(summarizePositions(c.record.positions).grossCents);
  });

  test(`the import has a per-minute limit per address: call ${einvoiceImportsPerMinute + 1} is a German 429`, async () => {
    const ip = randomIp();
    const body = { _env: owner.env, type: 'incoming_invoices', file: 'kein-uuid' };
    for (let i = 0; i < einvoiceImportsPerMinute; i++) {
      expect((await t.call(einvoiceImport, body, owner.token, { ip })).statusCode, `request ${i + 1}`).toBe(404);
    }
    const limited = await t.call(einvoiceImport, body, owner.token, { ip });
    expectRefused(limited, 429);
    expect(limited.body.message).toMatch(/^Zu viele Anfragen\. Bitte versuchen Sie es in \d+ Sekunden erneut\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Another address is not affected.
    expect((await t.call(einvoiceImport, body, owner.token, { ip: randomIp() })).statusCode).toBe(404);
  });
});
