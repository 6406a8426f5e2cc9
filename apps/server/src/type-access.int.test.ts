import * as structures from '@kontor/contract/api/data-structures';
import * as envApi from '@kontor/contract/api/environments';
import * as records from '@kontor/contract/api/records';
import { stageChange, stageDetails } from '@kontor/contract/api/stages';
import type { TypeAccess } from '@kontor/contract/api/type-access';
import { translator } from '@kontor/contract/i18n/catalogs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../test/assertions';
import { memberOf, userWithEnvironment } from '../test/fixtures';
import { startTestApp, type TestApp } from '../test/harness';
import { inEnv } from '../test/records';
import { rowsOf } from './db/rows';
import { verifyAuditChain } from './features/stages/stages.service';

/**
 * Issue 29 item 2: what the roles below Administrator may do with each record type, as data on
 * the type — enforced on every path to the records (form, save, removal, list, including the
 * one-trip list, stage change, previews) and set in the structure editor's save.
 */
const de = translator('de_sie');
let t: TestApp;
let owner: Awaited<ReturnType<typeof userWithEnvironment>>;
let staff: Awaited<ReturnType<typeof memberOf>>;
let readonly: Awaited<ReturnType<typeof memberOf>>;
let advisor: Awaited<ReturnType<typeof memberOf>>;
let customerId: string;

beforeAll(async () => {
  t = await startTestApp();
  owner = await userWithEnvironment(t, 'Rechte GmbH', 'craftsman');
  staff = await memberOf(t, owner, 'staff');
  readonly = await memberOf(t, owner, 'readonly');
  advisor = await memberOf(t, owner, 'advisor');
  const customers = await t.call(
    records.simpleTableData,
    { _env: owner.env, model: 'DynamicRecord', type: 'customers' },
    owner.token,
  );
  customerId = customers.body.data?.rows[0]?._id ?? '';
});
afterAll(() => t.close());

type Who = { env: string; token: string };
const list = (who: Who, type: string) =>
  t.call(records.simpleTableData, { _env: who.env, model: 'DynamicRecord', type }, who.token);
const save = (who: Who, type: string, id: string, data: Record<string, unknown>) =>
  t.call(records.saveRecord, { _env: who.env, type, id, data }, who.token);
const load = (who: Who, type: string, id: string) =>
  t.call(records.loadRecordForm, { _env: who.env, type, id }, who.token);
const remove = (who: Who, type: string, id: string) =>
  t.call(records.removeRecord, { _env: who.env, type, id }, who.token);
const invoice = async (who: Who) => {
  const res = await save(who, 'invoices', 'new', {
    customer: customerId,
    date: '2026-03-02',
    subject: 'Rechte',
    positions: [
      { title: 'Beratung', quantity: '1', unit: 'std', price_single: '95.00', taxes: [{ name: 'USt.', percent: 19 }] },
    ],
  });
  expectOk(res);
  return res.body.data?.key ?? '';
};

/** Saves the structure with `access` as the owner, through the editor's call. */
const setAccess = async (type: string, access: TypeAccess) => {
  const details = await t.call(structures.structureDetails, { _env: owner.env, type }, owner.token);
  expectOk(details);
  const { version, ...structure } = details.body.data?.type ?? ({} as never);
  return t.call(
    structures.saveStructure,
    { ...structure, _env: owner.env, orgKey: type, version, access } as never,
    owner.token,
  );
};

describe('the presets', () => {
  test('a Mitarbeiter creates, edits and deletes customers; Nur lesen and Steuerberater read them', async () => {
    const created = await save(staff, 'customers', 'new', { name: 'Neu durch Mitarbeiter' });
    expectOk(created);
    const id = created.body.data?.key ?? '';
    expectOk(await save(staff, 'customers', id, { name: 'Geändert durch Mitarbeiter' }));
    for (const reader of [readonly, advisor]) {
      expectOk(await list(reader, 'customers'));
      const form = await load(reader, 'customers', id);
      expectOk(form);
      expect(form.body.data?.readOnly).toBe(true);
      expect(form.body.data?.rights).toMatchObject({ read: true, create: false, edit: false, delete: false });
    }
    expectOk(await remove(staff, 'customers', id));
  });

  test('a Mitarbeiter issues an invoice but may not cancel it (Storno); the owner may', async () => {
    const id = await invoice(staff);
    expectOk(await t.call(stageChange, { _env: staff.env, type: 'invoices', stage: 'sent', id }, staff.token));
    const form = await load(staff, 'invoices', id);
    expect(form.body.data?.stageActions.map((a) => a.key)).toEqual(['paid']);
    for (const call of [stageChange, stageDetails]) {
      const res = await t.call(call, { _env: staff.env, type: 'invoices', stage: 'cancelled', id }, staff.token);
      expectRefused(res, 403);
      expect(res.body.message).toBe(de('records.noRightStage', { stage: 'Storniert' }));
    }
    const ownersForm = await load(owner, 'invoices', id);
    expect(ownersForm.body.data?.stageActions.map((a) => a.key)).toEqual(['paid', 'cancelled']);
    expectOk(await t.call(stageChange, { _env: owner.env, type: 'invoices', stage: 'cancelled', id }, owner.token));
  });

  test('tax rates are settings: a Mitarbeiter reads them and changes none', async () => {
    const res = await save(staff, 'envTaxes', 'new', { name: 'Sondersatz', percent: '5' });
    expectRefused(res, 403);
    expect(res.body.message).toBe(de('records.noRightCreate', { plural: 'Steuersätze' }));
  });
});

describe('permissions set in the structure editor', () => {
  test('a type hidden from the Steuerberater is refused on every read path and left out of the details', async () => {
    expectOk(await setAccess('articles', { advisor: { read: false, create: false, edit: false, delete: false } }));
    // The owner's list caches the types, so the advisor's call would take the one-trip path.
    expectOk(await list(owner, 'articles'));
    for (let i = 0; i < 2; i++) {
      const res = await list(advisor, 'articles');
      expectRefused(res, 403);
      expect(res.body.message).toBe(de('records.noRightRead', { plural: 'Artikel' }));
    }
    expectRefused(await load(advisor, 'articles', 'new'), 403);
    expectRefused(await t.call(records.recordTypeDetails, { _env: advisor.env, type: 'articles' }, advisor.token), 403);
    const details = await t.call(envApi.environmentDetails, { _env: advisor.env }, advisor.token);
    const keys = details.body.data?.dynamicRecordsTypes.map((d) => d.key);
    expect(keys).toContain('customers');
    expect(keys).not.toContain('articles');
    // Nur lesen keeps its default: it still reads articles.
    expectOk(await list(readonly, 'articles'));
  });

  test('a Mitarbeiter without create, edit or delete gets each refusal in German', async () => {
    const before = await save(owner, 'contacts', 'new', { firstname: 'Vor', lastname: 'Her' });
    expectOk(before);
    const id = before.body.data?.key ?? '';
    expectOk(await setAccess('contacts', { staff: { read: true, create: false, edit: false, delete: false } }));
    const cases = [
      [await save(staff, 'contacts', 'new', { firstname: 'A', lastname: 'B' }), 'records.noRightCreate'],
      [await save(staff, 'contacts', id, { firstname: 'A', lastname: 'B' }), 'records.noRightEdit'],
      [await remove(staff, 'contacts', id), 'records.noRightDelete'],
    ] as const;
    for (const [res, key] of cases) {
      expectRefused(res, 403);
      expect(res.body.message).toBe(de(key, { plural: 'Ansprechpartner' }));
    }
    const form = await load(staff, 'contacts', id);
    expect(form.body.data?.readOnly).toBe(true);
    const summary = (await t.call(envApi.environmentDetails, { _env: staff.env }, staff.token)).body.data;
    expect(summary?.dynamicRecordsTypes.find((d) => d.key === 'contacts')?.rights).toMatchObject({
      read: true,
      create: false,
    });
  });

  test('a stage the structure does not have is refused with the field named', async () => {
    const res = await setAccess('offers', {
      staff: { read: true, create: true, edit: true, delete: true, stages: ['sent', 'gibtsnicht'] },
    });
    expectRefused(res, 400);
    expect(res.body.errors?.['access.staff.stages[1]']).toEqual([de('structures.accessStageUnknown')]);
  });

  test('a change of permissions is written to the audit chain, and a save without them keeps them', async () => {
    const access = { staff: { read: true, create: true, edit: true, delete: false } };
    expectOk(await setAccess('offers', access));
    const entries = await inEnv(t, owner.env, async (scope) =>
      rowsOf<{ action: string; payload: unknown }>(
        await scope.tx.execute(
          sql`select action, payload from audit_entries where action = 'type.access' order by seq desc limit 1`,
        ),
      ),
    );
    expect(entries[0]).toMatchObject({ action: 'type.access', payload: { type: 'offers', to: access } });
    expect((await inEnv(t, owner.env, (scope) => verifyAuditChain(scope))).ok).toBe(true);

    const details = await t.call(structures.structureDetails, { _env: owner.env, type: 'offers' }, owner.token);
    const { version, access: _kept, ...structure } = details.body.data?.type ?? ({} as never);
    expectOk(
      await t.call(
        structures.saveStructure,
        { ...structure, _env: owner.env, orgKey: 'offers', version } as never,
        owner.token,
      ),
    );
    const again = await t.call(structures.structureDetails, { _env: owner.env, type: 'offers' }, owner.token);
    expect(again.body.data?.type.access).toEqual(access);
  });

  test('the preview of a record whose type the role may not read is refused', async () => {
    const id = await invoice(owner);
    expectOk(await setAccess('invoices', { readonly: { read: false, create: false, edit: false, delete: false } }));
    const res = await t.call(records.recordExportPreview, { _env: readonly.env, type: 'invoices', id }, readonly.token);
    expectRefused(res, 403);
  });
});
