import { createHash } from 'node:crypto';
import * as structures from '@kontor/contract/api/data-structures';
import { copyExport, deleteExport } from '@kontor/contract/api/export-templates';
import * as filesApi from '@kontor/contract/api/files';
import { pageDetails } from '@kontor/contract/api/pages';
import * as records from '@kontor/contract/api/records';
import { setupStep3 } from '@kontor/contract/api/setup';
import { stageChange, stageDetails, stageHistory } from '@kontor/contract/api/stages';
import { translator } from '@kontor/contract/i18n/catalogs';
import { buildEpcPayload } from '@kontor/contract/logic/epc-qr';
import { currencyFormatter } from '@kontor/contract/logic/number-format';
import { summarizePositions } from '@kontor/contract/logic/positions';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../../../test/assertions';
import { userWithEnvironment } from '../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../test/harness';
import { decodeQrOnPage, readPdf, valueAfter } from '../../../test/pdf-reader';
import { inEnv } from '../../../test/records';
import { verifyAuditChain } from './audit';
import { stagesRepo } from './stages.repo';

const de = translator('de_sie');
const money = currencyFormatter({ currency: 'euro', language: 'de_sie' });

let t: TestApp;
let owner: Awaited<ReturnType<typeof userWithEnvironment>>;
let other: Awaited<ReturnType<typeof userWithEnvironment>>;
let customerId: string;
let otherCustomerId: string;
const year = new Date().getFullYear();

const positions = [
  { title: 'Beratung', quantity: '2', unit: 'std', price_single: '95.00', taxes: [{ name: 'USt.', percent: 19 }] },
  {
    title: 'Fachbuch <b>fett</b>',
    quantity: '3',
    unit: 'stk',
    price_single: '39.80',
    taxes: [{ name: 'USt.', percent: 7 }],
  },
];

beforeAll(async () => {
  t = await startTestApp();
  owner = await userWithEnvironment(t, 'Festschreib GmbH', 'craftsman');
  other = await userWithEnvironment(t, 'Fremd KG', 'craftsman');
  const customers = await t.call(
    records.simpleTableData,
    { _env: owner.env, model: 'DynamicRecord', type: 'customers' },
    owner.token,
  );
  customerId = customers.body.data?.rows[0]?._id ?? '';
  const theirs = await t.call(
    records.simpleTableData,
    { _env: other.env, model: 'DynamicRecord', type: 'customers' },
    other.token,
  );
  otherCustomerId = theirs.body.data?.rows[0]?._id ?? '';
});
afterAll(() => t.close());

const draft = async (who = owner, extra: Record<string, unknown> = {}) => {
  const res = await t.call(
    records.saveRecord,
    {
      _env: who.env,
      type: 'invoices',
      id: 'new',
      data: {
        customer: who === owner ? customerId : otherCustomerId,
        date: '2026-03-02',
        subject: 'Test',
        positions,
        ...extra,
      },
    },
    who.token,
  );
  expectOk(res);
  return res.body.data?.key ?? '';
};
const change = (id: string, stage: string, who = owner) =>
  t.call(stageChange, { _env: who.env, type: 'invoices', stage, id }, who.token);
const details = (id: string, stage: string, type = 'invoices') =>
  t.call(stageDetails, { _env: owner.env, type, stage, id }, owner.token);
const history = (id: string) => t.call(stageHistory, { _env: owner.env, type: 'invoices', id }, owner.token);
const form = (id: string) => t.call(records.loadRecordForm, { _env: owner.env, type: 'invoices', id }, owner.token);
const fetchPdf = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { res, bytes: res.rawPayload };
};

describe('stages/details', () => {
  test('names the consequences of the freezing stage', async () => {
    const id = await draft();
    const res = await details(id, 'sent');
    expectOk(res);
    expect(res.body.data).toMatchObject({
      stage: { key: 'sent', export: 'invoice', editDisabled: true },
      currentStage: { key: 'draft' },
      consequences: { editLock: true, freeze: true, cancellation: false },
    });
    expect(res.body.data?.stages.map((s) => s.key)).toContain('cancelled');
  });

  test('refuses what the change would refuse, with the catalogue messages', async () => {
    const id = await draft();
    const cases: Array<[string, number, string]> = [
      ['gibtsnicht', 404, de('stages.unknownStage')],
      ['accepted', 404, de('stages.unknownStage')], // a stage of the offer type
      ['draft', 409, de('stages.requiredStage', { stage: 'Entwurf' })],
      ['paid', 409, de('stages.notFrom', { from: 'Entwurf', stage: 'Bezahlt' })],
      ['cancelled', 409, de('stages.notFrom', { from: 'Entwurf', stage: 'Storniert' })],
    ];
    for (const [stage, status, message] of cases) {
      for (const res of [await details(id, stage), await change(id, stage)]) {
        expectRefused(res, status);
        expect(res.body.message, stage).toBe(message);
      }
    }
    expectRefused(await details('00000000-0000-7000-8000-000000000000', 'sent'), 404);
    expectRefused(await details(id, 'sent', 'offers'), 404);
    expect((await history(id)).body.data).toEqual([]);
    expect((await form(id)).body.data?.stage?.key).toBe('draft');
  });
});

describe('stages/change: freezing an invoice', () => {
  test('a draft has no number: one the client sends is ignored, the form shows when it comes', async () => {
    const id = await draft(owner, { number: 'RE-1999-0001' });
    const loaded = (await form(id)).body.data;
    expect(loaded?.values.number).toBeUndefined();
    expect(loaded?.fields.number).toMatchObject({
      computed: 'number',
      placeholder: 'Wird beim Festschreiben vergeben',
    });
    const resent = await t.call(
      records.saveRecord,
      { _env: owner.env, type: 'invoices', id, data: { customer: customerId, date: '2026-03-02', number: 'X-7' } },
      owner.token,
    );
    expectOk(resent);
    expect((await form(id)).body.data?.values.number).toBeUndefined();
    const frozen = (await change(id, 'sent')).body.data?.frozen;
    expect(frozen?.number).toMatch(new RegExp(`^RE-${year}-\\d{4}$`));
  });

  test('assigns the number, stores the PDF once, locks the record and records the transition', async () => {
    const id = await draft();
    const res = await change(id, 'sent');
    expectOk(res);
    const frozen = res.body.data?.frozen;
    expect(frozen?.number).toMatch(new RegExp(`^RE-${year}-\\d{4}$`));
    expect(res.body.data?.cancellation).toBeNull();

    const loaded = (await form(id)).body.data;
    expect(loaded).toMatchObject({ readOnly: true, stage: { key: 'sent' }, values: { number: frozen?.number } });
    expect(loaded?.stageActions.map((s) => s.key)).toEqual(['paid', 'cancelled']);

    const save = await t.call(
      records.saveRecord,
      { _env: owner.env, type: 'invoices', id, data: { subject: 'Geändert' } },
      owner.token,
    );
    expectRefused(save, 409);
    expect(save.body.message).toBe(de('records.editDisabled'));
    expectRefused(await t.call(records.removeRecord, { _env: owner.env, type: 'invoices', id }, owner.token), 409);

    const same = await change(id, 'sent');
    expectRefused(same, 409);
    expect(same.body.message).toBe(de('stages.sameStage'));

    const steps = (await history(id)).body.data ?? [];
    expect(steps).toHaveLength(1);
    expect(steps[0]).toMatchObject({ from: 'draft', to: 'sent', toName: 'Festgeschrieben/versendet' });
    expect(steps[0]?.by.length).toBeGreaterThan(0);
  });

  test('serves exactly the frozen bytes, whose text holds the screen totals to the cent', async () => {
    const id = await draft();
    const frozen = (await change(id, 'sent')).body.data?.frozen;
    const preview = await t.call(records.recordExportPreview, { _env: owner.env, type: 'invoices', id }, owner.token);
    expectOk(preview);
    expect(preview.body.data?.type).toBe('pdf');
    const { res, bytes } = await fetchPdf(preview.body.data?.urlPreview ?? '');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    // Issue 31: the issued document is saved under its number, shown or downloaded.
    expect(String(res.headers['content-disposition'])).toMatch(
      new RegExp(`^inline; filename="${frozen?.number}\\.pdf"`),
    );
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(frozen?.sha256);
    const again = await fetchPdf(preview.body.data?.url ?? '');
    expect(again.bytes.equals(bytes)).toBe(true);
    expect(String(again.res.headers['content-disposition'])).toMatch(
      new RegExp(`^attachment; filename="${frozen?.number}\\.pdf"`),
    );

    const values = (await form(id)).body.data?.values as Record<string, number>;
    const summary = summarizePositions(positions);
    expect(values.gross).toBe(summary.grossCents);
    const [page] = await readPdf(bytes);
    expect(page?.text).toContain(`Rechnung ${frozen?.number}`);
    expect(valueAfter(page ?? { items: [], text: '' }, 'Nettobetrag')).toBe(
      money(values.net ?? 0).replace(/\u00a0/g, ' '),
    );
    expect(valueAfter(page ?? { items: [], text: '' }, 'Gesamtbetrag')).toBe(
      money(values.gross ?? 0).replace(/\u00a0/g, ' '),
    );
  });

  test('carries the GiroCode of the default bank details with the invoice number as reference', async () => {
    expectOk(
      await t.call(
        setupStep3,
        {
          _env: owner.env,
          name: 'Festschreib GmbH',
          bank: 'Hausbank',
          iban: 'DE02120300000000202051',
          bic: 'BYLADEM1001',
        },
        owner.token,
      ),
    );
    const id = await draft();
    const frozen = (await change(id, 'sent')).body.data?.frozen;
    const preview = await t.call(records.recordExportPreview, { _env: owner.env, type: 'invoices', id }, owner.token);
    const { bytes } = await fetchPdf(preview.body.data?.url ?? '');
    const gross = summarizePositions(positions).grossCents;
    const pages = await readPdf(bytes);
    const payload = await decodeQrOnPage(bytes, pages.length);
    expect(payload).toBe(
      buildEpcPayload({
        name: 'Festschreib GmbH',
        iban: 'DE02120300000000202051',
        bic: 'BYLADEM1001',
        amountCents: gross,
        remittance: frozen?.number ?? '',
      }).payload,
    );
    expect(payload?.split('\n').slice(0, 4)).toEqual(['BCD', '002', '1', 'SCT']);
    expect(payload?.split('\n')[7]).toBe(`EUR${(gross / 100).toFixed(2)}`);
  });

  test('files the frozen PDF in the file manager, read-only, with the very same bytes', async () => {
    const id = await draft();
    const frozen = (await change(id, 'sent')).body.data?.frozen;
    const tree = (await t.call(filesApi.directoryTree, { _env: owner.env }, owner.token)).body.data?.tree ?? [];
    const folder = tree.find((d) => d.system && d.name === de('stages.archiveFolder'));
    expect(folder).toBeDefined();
    const listing = await t.call(filesApi.directoryListing, { _env: owner.env, id: folder?._id }, owner.token);
    const file = listing.body.data?.children.find((c) => c.name === `${frozen?.number}.pdf`);
    expect(file).toMatchObject({ type: 'file', mime: 'application/pdf' });
    const link = await t.call(filesApi.downloadFile, { _env: owner.env, id: file?._id ?? '' }, owner.token);
    expectOk(link);
    const { bytes } = await fetchPdf(link.body.data?.url ?? '');
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(frozen?.sha256);
    const removal = await t.call(
      filesApi.deleteEntry,
      { _env: owner.env, type: 'file', id: file?._id ?? '' },
      owner.token,
    );
    expect(removal.statusCode).toBeGreaterThanOrEqual(400);
    expect(removal.statusCode).toBeLessThan(500);
  });

  test('the preview call answers a GET with query parameters too (the preview modal downloads this way)', async () => {
    const id = await draft();
    const query = new URLSearchParams({ _env: owner.env, type: 'invoices', id }).toString();
    const res = await t.app.inject({
      method: 'GET',
      url: `${records.recordExportPreview.path}?${query}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { status: string; data: { url: string; type: string } };
    expect(body.status).toBe('success');
    expect(body.data.type).toBe('pdf');
    const { res: file, bytes } = await fetchPdf(body.data.url);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Spec 01 §7: a draft's preview stays preview.pdf (it has no number to be named after).
    expect(String(file.headers['content-disposition'])).toMatch(/^attachment; filename="preview\.pdf"/);
    // A draft's preview names itself a draft where the number will be.
    expect((await readPdf(bytes))[0]?.text).toContain('Rechnung Entwurf');
    const anonymous = await t.app.inject({ method: 'GET', url: `${records.recordExportPreview.path}?${query}` });
    expect(anonymous.statusCode).toBe(401);
  });

  test('a spoiled, expired or foreign link opens nothing', async () => {
    const id = await draft();
    const preview = await t.call(records.recordExportPreview, { _env: owner.env, type: 'invoices', id }, owner.token);
    const url = preview.body.data?.url ?? '';
    const spoiled = await fetchPdf(`${url.slice(0, -3)}abc`);
    // The public binder's pages (issue 30): a forged link is the catalog's 404, an expired one its 410.
    expect(spoiled.res.statusCode).toBe(404);
    t.clock.advance(6 * 60_000);
    const expired = await fetchPdf(url);
    expect(expired.res.statusCode).toBe(410);
    expect(expired.res.headers['content-type']).toContain('text/html');
    const foreign = await t.call(records.recordExportPreview, { _env: other.env, type: 'invoices', id }, other.token);
    expectRefused(foreign, 404);
    const unknownExport = await t.call(
      records.recordExportPreview,
      { _env: owner.env, type: 'invoices', id, export: 'gibtsnicht' },
      owner.token,
    );
    expectRefused(unknownExport, 404);
    expect(unknownExport.body.message).toBe(de('stages.unknownExport'));
  });

  test('a record of another environment cannot be moved, nothing is written', async () => {
    const id = await draft();
    const res = await change(id, 'sent', other);
    expectRefused(res, 404);
    expect((await form(id)).body.data?.stage?.key).toBe('draft');
    expectRefused(
      await t.call(pageDetails, { _env: other.env, type: 'invoices', id, page: 'details' }, other.token),
      404,
    );
  });
});

describe('cancellation (Storno)', () => {
  test('makes a frozen cancellation with negated positions that references the original', async () => {
    const id = await draft();
    const original = (await change(id, 'sent')).body.data?.frozen;
    const res = await change(id, 'cancelled');
    expectOk(res);
    const storno = res.body.data?.cancellation;
    expect(storno?.number).toMatch(new RegExp(`^RE-${year}-\\d{4}$`));
    expect(storno?.number).not.toBe(original?.number);
    const values = (await form(storno?.id ?? '')).body.data;
    expect(values).toMatchObject({ readOnly: true, stage: { key: 'cancellation' } });
    const data = values?.values as Record<string, unknown>;
    expect(data.gross).toBe(-summarizePositions(positions).grossCents);
    expect(data.cancelled_number).toBe(original?.number);
    expect(String(data.subject)).toContain(String(original?.number));
    expect((await form(id)).body.data?.stage?.key).toBe('cancelled');
    const preview = await t.call(
      records.recordExportPreview,
      { _env: owner.env, type: 'invoices', id: storno?.id ?? '' },
      owner.token,
    );
    const [page] = await readPdf((await fetchPdf(preview.body.data?.url ?? '')).bytes);
    expect(page?.text).toContain(`Stornorechnung ${storno?.number}`);
    expect(valueAfter(page ?? { items: [], text: '' }, 'Zu Rechnung')).toBe(original?.number);
    expect(page?.text, page?.text).not.toContain('Bitte überweisen');
    const list = await t.call(
      records.simpleTableData,
      { _env: owner.env, model: 'DynamicRecord', type: 'invoices', search: String(original?.number) },
      owner.token,
    );
    expect(list.body.data?.rows.map((r) => r._id)).toContain(id);
  });

  test('cannot cancel a draft', async () => {
    const id = await draft();
    const res = await change(id, 'cancelled');
    expectRefused(res, 409);
  });
});

describe('offer stages', () => {
  test('an offer moves draft → sent → accepted → rejected, never back to sent, and stays editable', async () => {
    const saved = await t.call(
      records.saveRecord,
      {
        _env: owner.env,
        type: 'offers',
        id: 'new',
        data: { number: 'AN-T-1', customer: customerId, date: '2026-03-02', positions },
      },
      owner.token,
    );
    expectOk(saved);
    const id = saved.body.data?.key ?? '';
    const move = (stage: string) => t.call(stageChange, { _env: owner.env, type: 'offers', stage, id }, owner.token);
    const sent = await move('sent');
    expectOk(sent);
    expect(sent.body.data?.frozen).toBeNull();
    expectOk(await move('accepted'));
    expectRefused(await move('sent'), 409);
    expectOk(await move('rejected'));
    const loaded = await t.call(records.loadRecordForm, { _env: owner.env, type: 'offers', id }, owner.token);
    expect(loaded.body.data).toMatchObject({ readOnly: false, stage: { key: 'rejected' } });
    expect(loaded.body.data?.stageActions.map((s) => s.key)).toEqual(['accepted']);
    // An offer's number is its own from the start: its download is named after it.
    const preview = await t.call(records.recordExportPreview, { _env: owner.env, type: 'offers', id }, owner.token);
    const file = await fetchPdf(preview.body.data?.url ?? '');
    expect(String(file.res.headers['content-disposition'])).toMatch(/^attachment; filename="AN-T-1\.pdf"/);
  });
});

describe('numbers and the audit chain', () => {
  test('parallel freezes get consecutive numbers without gap or duplicate', async () => {
    const ids = await Promise.all(Array.from({ length: 12 }, () => draft()));
    // On a loaded machine PGlite's queue may refuse some with 503 (their turn did not come within
    // its budget): a client retries them, as the answer's Retry-After says, and a refused freeze
    // must have taken no number, so the numbers stay gap-free either way.
    const freeze = async (id: string) => {
      for (let attempt = 0; ; attempt++) {
        const answer = await change(id, 'sent');
        if (answer.statusCode !== 503 || attempt === 10) return answer;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };
    const answers = await Promise.all(ids.map(freeze));
    for (const a of answers) expectOk(a);
    const values = answers.map((a) => Number(a.body.data?.frozen?.number.slice(-4))).sort((a, b) => a - b);
    for (let i = 1; i < values.length; i++) expect(values[i]).toBe((values[i - 1] ?? 0) + 1);
  });

  test('a rolled-back freeze leaves no gap', async () => {
    const before = Number((await change(await draft(), 'sent')).body.data?.frozen?.number.slice(-4));
    await expect(
      inEnv(t, owner.env, async (scope) => {
        await scope.tx.execute(sql`update number_ranges set last_value = last_value + 1 where range_key = 'invoices'`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const next = Number((await change(await draft(), 'sent')).body.data?.frozen?.number.slice(-4));
    expect(next).toBe(before + 1);
  });

  test('two saves racing a freeze: the frozen document holds what the record holds, one save at most wins', async () => {
    const id = await draft();
    const version = (await form(id)).body.data?.version ?? 1;
    const save = (subject: string) =>
      t.call(
        records.saveRecord,
        {
          _env: owner.env,
          type: 'invoices',
          id,
          data: { customer: customerId, date: '2026-03-02', subject, positions },
          version,
        },
        owner.token,
      );
    const [a, b, freeze] = await Promise.all([save('Eins'), save('Zwei'), change(id, 'sent')]);
    expectOk(freeze);
    const wins = [a, b].filter((r) => r.statusCode === 200);
    expect(wins.length).toBeLessThanOrEqual(1);
    for (const r of [a, b].filter((x) => x.statusCode !== 200)) expect(r.statusCode).toBe(409);
    const subject = ((await form(id)).body.data?.values as Record<string, unknown> | undefined)?.subject;
    const frozen = await inEnv(t, owner.env, (scope) => stagesRepo(scope).frozenOf(id));
    expect((frozen?.snapshot.data as Record<string, unknown> | undefined)?.subject).toBe(subject);
  });

  test('the chain verifies, and frozen rows cannot be changed', async () => {
    await change(await draft(), 'sent');
    const check = await inEnv(t, owner.env, (scope) => verifyAuditChain(scope));
    expect(check.ok).toBe(true);
    expect(check.entries).toBeGreaterThan(5);
    await expect(
      inEnv(t, owner.env, (scope) => scope.tx.execute(sql`update frozen_documents set number = 'X'`)),
    ).rejects.toThrow();
    await expect(inEnv(t, owner.env, (scope) => scope.tx.execute(sql`delete from audit_entries`))).rejects.toThrow();
  });
});

describe('audit:verify', () => {
  test('reports the first broken link of a chain', async () => {
    const id = await draft(other);
    expectOk(await change(id, 'sent', other));
    expectOk(await change(id, 'paid', other));
    expect(await inEnv(t, other.env, (scope) => verifyAuditChain(scope))).toEqual({ ok: true, entries: 2 });
    // An entry written past the application (it may insert, never update): its link does not hold.
    await inEnv(t, other.env, (scope) =>
      scope.tx.execute(sql`insert into audit_entries (env_id, seq, at, action, payload, prev_hash, hash)
        values (${scope.envId}, 3, now(), 'stage', '{}'::jsonb, ${'f'.repeat(64)}, ${'0'.repeat(64)})`),
    );
    expect(await inEnv(t, other.env, (scope) => verifyAuditChain(scope))).toEqual({
      ok: false,
      entries: 2,
      brokenAt: 3,
      reason: 'prev_hash',
    });
  });
});

describe('pages/details', () => {
  test('answers the default page with every value as text', async () => {
    const id = await draft();
    await change(id, 'sent');
    const res = await t.call(pageDetails, { _env: owner.env, type: 'invoices', id, page: 'details' }, owner.token);
    expectOk(res);
    const json = JSON.stringify(res.body.data?.definition.elements);
    expect(res.body.data?.element).toMatchObject({ _id: id, stage: { key: 'sent' } });
    expect(json).toContain('Fachbuch <b>fett</b>');
    expect(json).toContain(money(summarizePositions(positions).grossCents));
    expect(json).toContain('Festgeschrieben/versendet');
    expect(json).toContain(`/dyn/invoices/${id}/edit`);
    // A label whose value is empty is left out: this invoice cancels nothing.
    expect(json).not.toContain('Storniert Nummer');
    const unknown = await t.call(pageDetails, { _env: owner.env, type: 'invoices', id, page: 'nix' }, owner.token);
    expectRefused(unknown, 404);
    expect(unknown.body.message).toBe(de('stages.unknownPage'));
  });
});

describe('exports copy and delete', () => {
  test('copies an export under a new key, refuses a taken key, deletes only own exports', async () => {
    const body = { _env: owner.env, type: 'invoices', from: 'invoice', name: 'Rechnung kurz', key: 'rechnung_kurz' };
    expectOk(await t.call(copyExport, body, owner.token));
    t.clock.advance(1000); // the next request reads the changed type (the cache follows the config stamp)
    const type = await t.call(records.recordTypeDetails, { _env: owner.env, type: 'invoices' }, owner.token);
    expect(type.body.data?.exports.map((e) => [e.key, Boolean(e.isParent)])).toEqual([
      ['invoice', true],
      ['invoice_cancellation', true],
      ['rechnung_kurz', false],
    ]);
    // Saving the structure in the data-structure editor keeps the copy (the editor does not send exports).
    const loaded = await t.call(structures.structureDetails, { _env: owner.env, type: 'invoices' }, owner.token);
    expectOk(loaded);
    const { version, ...structure } = (loaded.body.data as { type: structures.Structure }).type;
    expectOk(
      await t.call(
        structures.saveStructure,
        { ...structure, plural: 'Rechnungen', orgKey: 'invoices', version, _env: owner.env } as Parameters<
          typeof t.call<typeof structures.saveStructure>
        >[1],
        owner.token,
      ),
    );
    t.clock.advance(1000);
    const saved = await t.call(records.recordTypeDetails, { _env: owner.env, type: 'invoices' }, owner.token);
    expect(saved.body.data?.exports.map((e) => e.key)).toContain('rechnung_kurz');
    const taken = await t.call(copyExport, body, owner.token);
    expectRefused(taken, 400);
    expect(taken.body.errors?.key).toEqual([de('stages.exportKeyTaken')]);
    const parent = await t.call(deleteExport, { _env: owner.env, type: 'invoices', export: 'invoice' }, owner.token);
    expectRefused(parent, 409);
    expectOk(await t.call(deleteExport, { _env: owner.env, type: 'invoices', export: 'rechnung_kurz' }, owner.token));
    t.clock.advance(1000);
    expectRefused(
      await t.call(deleteExport, { _env: owner.env, type: 'invoices', export: 'rechnung_kurz' }, owner.token),
      404,
    );
    expectRefused(await t.call(copyExport, { ...body, _env: other.env, from: 'nix' }, other.token), 404);
  });
});
