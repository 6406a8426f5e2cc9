import { createHash } from 'node:crypto';
import { einvoiceDownload } from '@kontor/contract/api/einvoice';
import * as records from '@kontor/contract/api/records';
import { saveMainSettings } from '@kontor/contract/api/settings';
import { setupStep2, setupStep3 } from '@kontor/contract/api/setup';
import { numberRanges, saveNumberRange, stageChange, stageDetails } from '@kontor/contract/api/stages';
import { translator } from '@kontor/contract/i18n/catalogs';
import { summarizePositions } from '@kontor/contract/logic/positions';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../../../test/assertions';
import { userWithEnvironment } from '../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../test/harness';
import { inEnv } from '../../../test/records';
import { einvoiceXmlOfPdf, pdfAttachments, readEinvoiceXml } from './einvoice-read';
import { checkEinvoiceRules } from './einvoice-rules';

const de = translator('de_sie');

let t: TestApp;
let owner: Awaited<ReturnType<typeof userWithEnvironment>>;
let other: Awaited<ReturnType<typeof userWithEnvironment>>;
let customerId: string;
let bareCustomerId: string;

const positions = [
  { title: 'Beratung', quantity: '2.5', unit: 'std', price_single: '95.00', taxes: [{ name: 'USt.', percent: 19 }] },
  { title: 'Fachbuch', quantity: '3', unit: 'stk', price_single: '39.80', taxes: [{ name: 'USt.', percent: 7 }] },
];

const saveCustomer = async (data: Record<string, unknown>) => {
  const res = await t.call(records.saveRecord, { _env: owner.env, type: 'customers', id: 'new', data }, owner.token);
  expectOk(res);
  return res.body.data?.key ?? '';
};

beforeAll(async () => {
  t = await startTestApp();
  owner = await userWithEnvironment(t, 'Rechnungs GmbH', 'craftsman');
  other = await userWithEnvironment(t, 'Fremd KG', 'craftsman');
  const env = { _env: owner.env };
  expectOk(
    await t.call(
      setupStep2,
      {
        ...env,
        invoice_name: 'Rechnungs GmbH',
        invoice_street: 'Hauptstraße',
        invoice_housenumber: '5',
        invoice_zip: '10115',
        invoice_city: 'Berlin',
        invoice_country: 'Deutschland',
      },
      owner.token,
    ),
  );
  expectOk(
    await t.call(
      setupStep3,
      { ...env, name: 'Rechnungs GmbH', bank: 'Hausbank', iban: 'DE02 1203 0000 0000 2020 51', bic: 'BYLADEM1001' },
      owner.token,
    ),
  );
  const current = await t.call(records.loadRecordForm, { ...env, type: 'invoices', id: 'new' }, owner.token);
  expectOk(current);
  customerId = await saveCustomer({
    name: 'Stadtwerke Beispielstadt',
    street: 'Am Markt',
    housenumber: '1',
    zip: '80331',
    city: 'München',
    email: 'eingang@stadtwerke.example',
    customer_number: 'K-9001',
  });
  // Without a customer number either (issue 31: numbers drawn by themselves, switched off here),
  // so the buyer reference (BT-10), which falls back to it, is missing too.
  const customers = (await t.call(numberRanges, { _env: owner.env }, owner.token)).body.data?.find(
    (r) => r.type === 'customers',
  );
  expectOk(
    await t.call(
      saveNumberRange,
      { _env: owner.env, type: 'customers', format: customers?.format ?? '', next: customers?.next ?? 0, auto: false },
      owner.token,
    ),
  );
  bareCustomerId = await saveCustomer({ name: 'Ohne Adresse' });
});
afterAll(() => t.close());

/** Phone, e-mail and tax ids of the general settings (the settings call takes the whole card). */
const completeSettings = async () => {
  const settings = await t.asSuperuser(
    sql`select default_address_invoice, default_bank_details from environments where url_slug = ${owner.env}`,
  );
  const row = settings.rows[0] as { default_address_invoice: string; default_bank_details: string };
  expectOk(
    await t.call(
      saveMainSettings,
      {
        _env: owner.env,
        name: 'Rechnungs GmbH',
        email: 'rechnung@rechnungs-gmbh.example',
        phone: '030 1234567',
        tax_number: '27/123/45678',
        tax_ustid: 'DE123456789',
        default_address_invoice: row.default_address_invoice,
        default_bank_details: row.default_bank_details,
      },
      owner.token,
    ),
  );
};

const draft = async (extra: Record<string, unknown> = {}) => {
  const res = await t.call(
    records.saveRecord,
    {
      _env: owner.env,
      type: 'invoices',
      id: 'new',
      data: { customer: customerId, date: '2026-03-02', subject: 'Beratung März', positions, ...extra },
    },
    owner.token,
  );
  expectOk(res);
  return res.body.data?.key ?? '';
};

const download = (id: string, format: 'xrechnung' | 'zugferd', who = owner, type = 'invoices') =>
  t.call(einvoiceDownload, { _env: who.env, type, id, format }, who.token);

const fetchFile = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { res, bytes: res.rawPayload };
};

describe('e-invoice before the freeze', () => {
  test('the confirmation names every missing business term in German, and the freeze then issues none', async () => {
    const id = await draft({ customer: bareCustomerId });
    const details = await t.call(stageDetails, { _env: owner.env, type: 'invoices', stage: 'sent', id }, owner.token);
    expectOk(details);
    const problems = details.body.data?.einvoiceProblems ?? [];
    expect(problems).toContain(de('einvoice.missing.buyerEmail'));
    expect(problems).toContain(de('einvoice.missing.buyerCity'));
    expect(problems.some((p) => p.startsWith('BT-10 '))).toBe(true);
    expectOk(await t.call(stageChange, { _env: owner.env, type: 'invoices', stage: 'sent', id }, owner.token));
    const res = await download(id, 'xrechnung');
    expectRefused(res, 404);
    expect(res.body.message).toContain('ohne E-Rechnung festgeschrieben');
    expect(res.body.message).toContain(de('einvoice.missing.buyerEmail'));
  });
});

describe('e-invoice frozen with the PDF', () => {
  test('XRechnung and ZUGFeRD: frozen once with SHA-256 in the audit entry, read back to the cent', async () => {
    await completeSettings();
    const id = await draft({ buyer_reference: '04011000-12345-34' });
    const details = await t.call(stageDetails, { _env: owner.env, type: 'invoices', stage: 'sent', id }, owner.token);
    expect(details.body.data?.einvoiceProblems).toBeUndefined();
    const changed = await t.call(stageChange, { _env: owner.env, type: 'invoices', stage: 'sent', id }, owner.token);
    expectOk(changed);
    const number = changed.body.data?.frozen?.number ?? '';

    const xmlLink = await download(id, 'xrechnung');
    expectOk(xmlLink);
    const xmlFile = await fetchFile(xmlLink.body.data?.url ?? '');
    expect(xmlFile.res.statusCode).toBe(200);
    expect(xmlFile.res.headers['content-type']).toContain('application/xml');
    expect(xmlFile.res.headers['content-disposition']).toContain(`${number}.xml`);
    const read = readEinvoiceXml(xmlFile.bytes.toString('utf8'));
    expect(checkEinvoiceRules(read, { xrechnung: true })).toEqual([]);
    const summary = summarizePositions(positions);
    expect(read).toMatchObject({ number, buyerReference: '04011000-12345-34', iban: 'DE02120300000000202051' });
    expect(read.totals).toMatchObject({ netCents: summary.netCents, grossCents: summary.grossCents });
    const form = await t.call(records.loadRecordForm, { _env: owner.env, type: 'invoices', id }, owner.token);
    expect(form.body.data?.values).toMatchObject({ net: read.totals.netCents, gross: read.totals.grossCents });

    const pdfLink = await download(id, 'zugferd');
    expectOk(pdfLink);
    expect(pdfLink.body.data?.type).toBe('pdf');
    const pdfFile = await fetchFile(pdfLink.body.data?.url ?? '');
    expect(pdfFile.res.headers['content-type']).toBe('application/pdf');
    const attached = await pdfAttachments(pdfFile.bytes);
    expect(attached.map((a) => a.name)).toContain('factur-x.xml');
    const cii = readEinvoiceXml(await einvoiceXmlOfPdf(pdfFile.bytes));
    expect(checkEinvoiceRules(cii, { xrechnung: false })).toEqual([]);
    expect(cii.totals).toEqual(read.totals);

    // The ZUGFeRD PDF is the frozen PDF with the XML attached: the same pages, no second rendering.
    const preview = await t.call(records.recordExportPreview, { _env: owner.env, type: 'invoices', id }, owner.token);
    const frozenPdf = await fetchFile(preview.body.data?.url ?? '');
    const [a, b] = await Promise.all([PDFDocument.load(frozenPdf.bytes), PDFDocument.load(pdfFile.bytes)]);
    expect(b.getPageCount()).toBe(a.getPageCount());
    expect(b.getPage(0).getSize()).toEqual(a.getPage(0).getSize());

    const audit = await t.asSuperuser(
      sql`select payload from audit_entries where record_id = ${id} and action = 'freeze' order by seq desc limit 1`,
    );
    const payload = (audit.rows[0] as { payload: { einvoices?: Record<string, string> } }).payload;
    expect(payload.einvoices).toEqual({
      xrechnung: createHash('sha256').update(xmlFile.bytes).digest('hex'),
      zugferd: createHash('sha256').update(pdfFile.bytes).digest('hex'),
    });
  });

  test('the cancellation (Storno) leaves as a credit note referencing the original', async () => {
    await completeSettings();
    const id = await draft({ buyer_reference: 'LEITWEG-1' });
    const frozen = await t.call(stageChange, { _env: owner.env, type: 'invoices', stage: 'sent', id }, owner.token);
    const cancelled = await t.call(
      stageChange,
      { _env: owner.env, type: 'invoices', stage: 'cancelled', id },
      owner.token,
    );
    expectOk(cancelled);
    const stornoId = cancelled.body.data?.cancellation?.id ?? '';
    const link = await download(stornoId, 'xrechnung');
    expectOk(link);
    const read = readEinvoiceXml((await fetchFile(link.body.data?.url ?? '')).bytes.toString('utf8'));
    expect(read.typeCode).toBe('381');
    expect(read.precedingNumber).toBe(frozen.body.data?.frozen?.number);
    expect(read.totals.payableCents).toBe(summarizePositions(positions).grossCents);
    expect(checkEinvoiceRules(read, { xrechnung: true })).toEqual([]);
  });
});

describe('stored e-invoices are written once', () => {
  test('neither the application nor the owner may change or delete one', async () => {
    await completeSettings();
    const id = await draft({ buyer_reference: 'W-1' });
    expectOk(await t.call(stageChange, { _env: owner.env, type: 'invoices', stage: 'sent', id }, owner.token));
    const count = await t.asSuperuser(sql`select count(*)::int as n from einvoice_documents where record_id = ${id}`);
    expect((count.rows[0] as { n: number }).n).toBe(2);
    await expect(
      inEnv(t, owner.env, (scope) => scope.tx.execute(sql`update einvoice_documents set sha256 = 'x'`)),
    ).rejects.toThrow();
    await expect(
      inEnv(t, owner.env, (scope) => scope.tx.execute(sql`delete from einvoice_documents`)),
    ).rejects.toThrow();
    const refused = await t.asSuperuser(sql`update einvoice_documents set sha256 = 'x' where record_id = ${id}`).then(
      () => null,
      (error: unknown) => error as { message?: string; cause?: { message?: string } },
    );
    expect(`${refused?.message} ${refused?.cause?.message}`).toMatch(/written once/);
  });
});

describe('einvoice/download refusals', () => {
  test('a draft has none yet; unknown records, types without a mapping and spoiled links are refused', async () => {
    const id = await draft();
    const res = await download(id, 'xrechnung');
    expectRefused(res, 404);
    expect(res.body.message).toBe(de('einvoice.notFrozen'));
    expectRefused(await download('00000000-0000-7000-8000-000000000000', 'zugferd'), 404);
    expectRefused(await download('kein-uuid', 'zugferd'), 404);
    const offer = await download(id, 'xrechnung', owner, 'offers');
    expectRefused(offer, 404);
    expectRefused(await download(id, 'xrechnung', owner, 'gibtsnicht'), 404);
    const bad = await t.call(
      einvoiceDownload,
      { _env: owner.env, type: 'invoices', id, format: 'pdf' } as never,
      owner.token,
    );
    expectRefused(bad, 400);
    // The public binder's 404 page (issue 30): a forged token names nothing.
    const spoiled = await fetchFile('/api/einvoice/file?token=abc.def');
    expect(spoiled.res.statusCode).toBe(404);
  });

  test('a user of another environment cannot download this environment’s e-invoice', async () => {
    await completeSettings();
    const id = await draft({ buyer_reference: 'X-1' });
    expectOk(await t.call(stageChange, { _env: owner.env, type: 'invoices', stage: 'sent', id }, owner.token));
    expectOk(await download(id, 'xrechnung'));
    expectRefused(await download(id, 'xrechnung', other), 404);
    expectRefused(await download(id, 'zugferd', other), 404);
    // Nor with the owner's environment key: no membership there.
    const foreign = await t.call(
      einvoiceDownload,
      { _env: owner.env, type: 'invoices', id, format: 'xrechnung' },
      other.token,
    );
    expectRefused(foreign);
    expect([403, 404]).toContain(foreign.statusCode);
  });
});
