import * as api from '@kontor/contract/api/data-structures';
import { translator } from '@kontor/contract/i18n/catalogs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../../../test/assertions';
import { userWithEnvironment } from '../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../test/harness';
import { invoiceEinvoiceMapping } from '../../engine/base-types/einvoice-defaults';

const de = translator('de_sie');

let t: TestApp;
let owner: Awaited<ReturnType<typeof userWithEnvironment>>;

beforeAll(async () => {
  t = await startTestApp();
  owner = await userWithEnvironment(t, 'Zuordnung GmbH', 'craftsman');
});
afterAll(() => t.close());

const details = async () => {
  const res = await t.call(api.structureDetails, { _env: owner.env, type: 'invoices' }, owner.token);
  expectOk(res);
  return res.body.data?.type as api.Structure;
};

const save = (s: api.Structure, einvoice: unknown) => {
  const { version, ...rest } = s;
  const body = { ...rest, einvoice, orgKey: s.key, version, _env: owner.env };
  return t.call(api.saveStructure, body as Parameters<typeof t.call<typeof api.saveStructure>>[1], owner.token);
};

const storedDefinition = async () => {
  const res = (await t.asSuperuser(
    sql`select definition from record_types where key = 'invoices' order by version desc limit 1`,
  )) as { rows: Array<{ definition: Record<string, unknown> }> };
  return res.rows[0]?.definition ?? {};
};

describe('the e-invoice mapping saved with the structure (issue 15 item 2)', () => {
  test('a changed mapping is stored and read back; the parent’s own mapping is inherited, not copied', async () => {
    const before = await details();
    expect(before.einvoice).toEqual(invoiceEinvoiceMapping);
    expectOk(await save(before, before.einvoice));
    expect((await storedDefinition()).einvoice).toBeUndefined();

    const changed = {
      ...invoiceEinvoiceMapping,
      dueDateField: undefined,
      units: [...invoiceEinvoiceMapping.units.filter((u) => u.value !== 'kg'), { value: 'kg', code: 'KGM' }],
      cases: invoiceEinvoiceMapping.cases.map((c) =>
        c.value === 'small_business' ? { ...c, exemptionReason: 'Steuerbefreit nach § 19 UStG' } : c,
      ),
    };
    expectOk(await save(await details(), changed));
    const after = await details();
    expect(after.einvoice?.dueDateField).toBeUndefined();
    expect(after.einvoice?.cases.find((c) => c.value === 'small_business')?.exemptionReason).toBe(
      'Steuerbefreit nach § 19 UStG',
    );
  });

  test('fields the structure does not have, or a buyer that is no model field, are refused with a German message', async () => {
    const current = await details();
    const res = await save(current, { ...invoiceEinvoiceMapping, buyerField: 'subject', dueDateField: 'gibtsnicht' });
    expectRefused(res, 400);
    expect(res.body.errors?.['einvoice.buyerField']).toEqual([de('einvoice.unknownField', { field: 'subject' })]);
    expect(res.body.errors?.['einvoice.dueDateField']).toEqual([de('einvoice.unknownField', { field: 'gibtsnicht' })]);
    expect((await details()).version).toBe(current.version);
  });

  test('bounds: an unknown category and an over-long unit code are refused', async () => {
    const current = await details();
    const badCategory = await save(current, {
      ...invoiceEinvoiceMapping,
      cases: [{ value: 'domestic', category: 'X' }],
    });
    expectRefused(badCategory, 400);
    const longCode = await save(current, { ...invoiceEinvoiceMapping, units: [{ value: 'stk', code: 'ABCD' }] });
    expectRefused(longCode, 400);
  });
});
