import type { Structure } from '@kontor/contract/api/data-structures';
import * as api from '@kontor/contract/api/data-structures';
import type { DataField } from '@kontor/contract/api/record-types';
import * as recordsApi from '@kontor/contract/api/records';
import { translator } from '@kontor/contract/i18n/catalogs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../../../test/assertions';
import { type EnvPair, expectForeignEnvRefused } from '../../../test/cross-tenant';
import { twoEnvironments } from '../../../test/fixtures';
import { startTestApp, type TestApp, type TestResponse } from '../../../test/harness';
import { envIdOf, inEnv } from '../../../test/records';
import { dataStructuresRepo } from './data-structures.repo';

const de = translator('de_sie');

let t: TestApp;
let pair: EnvPair;
let alpha: EnvPair['alpha'];
let beta: EnvPair['beta'];
beforeAll(async () => {
  t = await startTestApp();
  pair = await twoEnvironments(t);
  ({ alpha, beta } = pair);
});
afterAll(() => t.close());

type Who = { env: string; token: string };
const create = (who: Who, key: string, parent = 'article', extra: { plural?: string; singular?: string } = {}) =>
  t.call(
    api.createStructure,
    { _env: who.env, key, parent, plural: extra.plural ?? 'Fahrzeuge', singular: extra.singular ?? 'Fahrzeug' },
    who.token,
  );
const details = (who: Who, type: string) => t.call(api.structureDetails, { _env: who.env, type }, who.token);
const loaded = async (who: Who, type: string): Promise<Structure> => {
  const res = await details(who, type);
  expectOk(res);
  return res.body.data?.type as Structure;
};
const save = (who: Who, s: Structure, changes: Partial<Structure> = {}, orgKey = s.key) => {
  const { version, ...rest } = { ...s, ...changes };
  const body = { ...rest, orgKey, version, _env: who.env };
  return t.call(api.saveStructure, body as Parameters<typeof t.call<typeof api.saveStructure>>[1], who.token);
};
const types = async (who: Who) => {
  const res = await t.call(api.listStructures, { _env: who.env }, who.token);
  expectOk(res);
  return res.body.data as {
    types: { key: string; count: number; parent: string | null }[];
    parents: { key: string }[];
  };
};

const plate: DataField = {
  key: 'kennzeichen',
  type: 'string',
  label: 'Kennzeichen',
  validation: { required: true, maxLength: 10 },
};

/** A structure with the plate field in its main form and a searchable, sortable column. */
const withPlate = (s: Structure): Partial<Structure> => ({
  fields: [...s.fields, plate],
  forms: s.forms.map((f) =>
    f.key === s.mainForm ? { ...f, fields: [...f.fields, { type: 'field', field: 'kennzeichen', columns: 6 }] } : f,
  ),
  lists: s.lists.map((l) =>
    l.key === s.defaultList
      ? {
          ...l,
          cells: [{ mapping: 'kennzeichen', label: 'Kennzeichen', searchable: true, sortable: true }, ...l.cells],
        }
      : l,
  ),
});

describe('settings/dynamic-records: types and create', () => {
  test('a new environment lists no structures and offers the creatable base types as parents', async () => {
    const { types: list, parents } = await types(beta);
    expect(list).toEqual([]);
    expect(parents.map((p) => p.key).sort()).toEqual([
      'article',
      'contact',
      'customer',
      'incoming_invoice',
      'invoice',
      'offer',
    ]);
  });

  test('creates a structure from a base type: listed, with inherited read-only fields and own forms', async () => {
    const res = await create(alpha, 'fahrzeuge');
    expectOk(res);
    expect(res.body.data).toEqual({ id: 'fahrzeuge', key: 'fahrzeuge' });
    expect(res.body.message).toBe(de('structures.createSuccess'));
    const { types: list } = await types(alpha);
    expect(list).toContainEqual({
      key: 'fahrzeuge',
      plural: 'Fahrzeuge',
      parent: 'article',
      count: 0,
      disableEdit: false,
    });
    const s = await loaded(alpha, 'fahrzeuge');
    expect(s.version).toBe(1);
    expect(s.fields.length).toBeGreaterThan(0);
    expect(s.fields.every((f) => f.origin === 'article')).toBe(true);
    expect(s.forms.find((f) => f.key === 'main')?.isPreset).toBeUndefined();
    // Usable at once: the record engine knows the new type.
    expectOk(await t.call(recordsApi.loadRecordForm, { _env: alpha.env, type: 'fahrzeuge', id: 'new' }, alpha.token));
  });

  test.each([
    ['Fahr zeuge', 'key', 'structures.keyInvalid'],
    ['1fahrzeuge', 'key', 'structures.keyInvalid'],
    ['fahr-zeuge', 'key', 'structures.keyInvalid'],
  ] as const)('refuses the key %j', async (key, field, message) => {
    const res = await create(alpha, key);
    expectRefused(res, 400);
    expect(res.body.errors?.[field]).toEqual([de(message)]);
  });

  test('refuses a key clash (own type, base type) with 409 and writes nothing', async () => {
    for (const key of ['fahrzeuge', 'customer', 'envTaxes']) {
      const res = await create(alpha, key);
      expectRefused(res, 409);
      expect(res.body.message).toBe(de('structures.keyTaken'));
    }
    expect((await loaded(alpha, 'fahrzeuge')).version).toBe(1);
  });

  test('refuses a parent that has a parent itself, a system type, an unknown or a foreign one', async () => {
    expectOk(await create(beta, 'baustellen', 'customer', { plural: 'Baustellen', singular: 'Baustelle' }));
    for (const parent of ['fahrzeuge', 'envTaxes', 'booking', 'gibtsnicht', 'baustellen']) {
      const res = await create(alpha, `neu_${parent}`, parent);
      expectRefused(res, 400);
      expect(res.body.errors?.parent).toEqual([de('structures.parentInvalid')]);
    }
    expect((await types(alpha)).types.map((x) => x.key)).toEqual(['fahrzeuge']);
  });
});

describe('settings/dynamic-records: save', () => {
  test('a new field, placed in the main form and list, works for records at once', async () => {
    const s = await loaded(alpha, 'fahrzeuge');
    const res = await save(alpha, s, withPlate(s));
    expectOk(res);
    expect(res.body.data).toEqual({ key: 'fahrzeuge', version: 2 });
    expect(res.body.message).toBe(de('structures.saveSuccess'));

    const tooLong = await t.call(
      recordsApi.saveRecord,
      { _env: alpha.env, type: 'fahrzeuge', id: 'new', data: { title: 'Transporter', kennzeichen: 'B-AB 12345678' } },
      alpha.token,
    );
    expectRefused(tooLong, 400);
    expect(tooLong.body.errors?.kennzeichen).toEqual(['Es dürfen maximal 10 Zeichen angegeben werden']);
    const missing = await t.call(
      recordsApi.saveRecord,
      { _env: alpha.env, type: 'fahrzeuge', id: 'new', data: { title: 'Transporter' } },
      alpha.token,
    );
    expect(missing.body.errors?.kennzeichen).toEqual(['Dieses Feld muss ausgefüllt werden']);

    const saved = await t.call(
      recordsApi.saveRecord,
      { _env: alpha.env, type: 'fahrzeuge', id: 'new', data: { title: 'Transporter', kennzeichen: 'B-KT 42' } },
      alpha.token,
    );
    expectOk(saved);
    const found = await t.call(
      recordsApi.simpleTableData,
      {
        _env: alpha.env,
        model: 'DynamicRecord',
        type: 'fahrzeuge',
        search: 'kt 4',
        sort: { field: 'kennzeichen', dir: 'desc' },
      },
      alpha.token,
    );
    expectOk(found);
    expect(found.body.data?.rows.map((r) => r.kennzeichen)).toEqual(['B-KT 42']);

    // The sortable cell keeps its keys in record_sort_keys (issue 28 item 2), written with the record.
    const keys = await t.asSuperuser(
      sql`select text_key from record_sort_keys where type = 'fahrzeuge' and field = 'kennzeichen'`,
    );
    expect(keys.rows.map((r) => r.text_key)).toEqual(['b-kt 42']);

    const stats = (await details(alpha, 'fahrzeuge')).body.data?.stats;
    expect(stats).toMatchObject({ count: 1, fieldValues: { kennzeichen: 1, title: 1 } });
  });

  test('two admins: the second save over an older version gets 409 and nothing is lost', async () => {
    const first = await loaded(alpha, 'fahrzeuge');
    const second = await loaded(alpha, 'fahrzeuge');
    expectOk(await save(alpha, first, { plural: 'Fahrzeuge (Flotte)' }));
    const late = await save(alpha, second, { plural: 'Autos' });
    expectRefused(late, 409);
    expect(late.body.code).toBe('stale_version');
    expect(late.body.message).toBe(de('structures.stale'));
    expect((await loaded(alpha, 'fahrzeuge')).plural).toBe('Fahrzeuge (Flotte)');
  });

  test('key and parent are read-only', async () => {
    const s = await loaded(alpha, 'fahrzeuge');
    const key = await save(alpha, s, { key: 'autos' });
    expectRefused(key, 400);
    expect(key.body.errors?.key).toEqual([de('structures.keyReadOnly')]);
    const parent = await save(alpha, s, { parent: 'customer' });
    expect(parent.body.errors?.parent).toEqual([de('structures.keyReadOnly')]);
    expect((await loaded(alpha, 'fahrzeuge')).version).toBe(s.version);
  });

  test('inherited fields cannot be changed or shadowed by an own field of the same key', async () => {
    const s = await loaded(alpha, 'fahrzeuge');
    const index = s.fields.findIndex((f) => f.key === 'title');
    const changed = s.fields.map((f) => (f.key === 'title' ? { ...f, label: 'Anders' } : f));
    const res = await save(alpha, s, { fields: changed });
    expectRefused(res, 400);
    expect(res.body.errors?.[`fields[${index}]`]).toEqual([de('structures.fieldInherited')]);
    const clash = await save(alpha, s, { fields: [...s.fields, { key: 'title', type: 'string', label: 'Titel' }] });
    expectRefused(clash, 400);
    expect(clash.body.errors?.[`fields[${s.fields.length}].key`]).toEqual([de('structures.fieldKeyTaken')]);
  });

  test.each([
    [
      'a map without child fields',
      (s: Structure) => ({ fields: [...s.fields, { key: 'achsen', type: 'map' as const, label: 'Achsen' }] }),
      (s: Structure) => `fields[${s.fields.length}].definition`,
      'structures.childFieldsRequired',
    ],
    [
      'two child fields of one key',
      (s: Structure) => ({
        fields: [
          ...s.fields,
          {
            key: 'achsen',
            type: 'map' as const,
            label: 'Achsen',
            definition: [
              { key: 'a', type: 'string' as const, label: 'A' },
              { key: 'a', type: 'string' as const, label: 'B' },
            ],
          },
        ],
      }),
      (s: Structure) => `fields[${s.fields.length}].definition[1].key`,
      'structures.fieldKeyTaken',
    ],
    [
      'a rule the type does not offer',
      (s: Structure) => ({
        fields: [
          ...s.fields,
          { key: 'baujahr', type: 'integer' as const, label: 'Baujahr', validation: { email: true } },
        ],
      }),
      (s: Structure) => `fields[${s.fields.length}].validation.email`,
      'structures.ruleNotOffered',
    ],
    [
      'a field without a label',
      (s: Structure) => ({ fields: [...s.fields, { key: 'baujahr', type: 'integer' as const, label: ' ' }] }),
      (s: Structure) => `fields[${s.fields.length}].label`,
      'structures.fieldLabelRequired',
    ],
    [
      'a model field selecting an unknown type',
      (s: Structure) => ({
        fields: [
          ...s.fields,
          { key: 'halter', type: 'model' as const, label: 'Halter', selector: { type: 'baustellen' } },
        ],
      }),
      (s: Structure) => `fields[${s.fields.length}].selector.type`,
      'structures.selectorUnknown',
    ],
    [
      'a form naming an unknown field',
      (s: Structure) => ({ forms: s.forms.map((f) => ({ ...f, fields: [{ type: 'field' as const, field: 'nix' }] })) }),
      () => 'forms[0].fields',
      'structures.unknownField',
    ],
    [
      'a cell of no field',
      (s: Structure) => ({ lists: s.lists.map((l) => ({ ...l, cells: [{ mapping: 'a.b', label: 'X' }] })) }),
      () => 'lists[0].cells[0].mapping',
      'structures.unknownField',
    ],
    ['the main form removed', () => ({ forms: [] }), () => 'mainForm', 'structures.mainFormRequired'],
    [
      'a second form of the same key',
      (s: Structure) => ({ forms: [...s.forms, { key: s.mainForm, name: 'Kopie', fields: [] }] }),
      (s: Structure) => `forms[${s.forms.length}].key`,
      'structures.formKeyTaken',
    ],
    [
      'a list without a name',
      (s: Structure) => ({ lists: [...s.lists, { key: 'kurz', name: '', type: 'simpletable', cells: [] }] }),
      (s: Structure) => `lists[${s.lists.length}].name`,
      'structures.listNameRequired',
    ],
    [
      'a second list of the same key',
      (s: Structure) => ({
        lists: [...s.lists, { key: s.defaultList, name: 'Kopie', type: 'simpletable', cells: [] }],
      }),
      (s: Structure) => `lists[${s.lists.length}].key`,
      'structures.listKeyTaken',
    ],
    [
      'a sortable buttons column',
      (s: Structure) => ({
        lists: s.lists.map((l) => ({ ...l, cells: [{ mapping: '___options___', label: 'X', sortable: true }] })),
      }),
      () => 'lists[0].cells[0].mapping',
      'structures.cellNotIndexable',
    ],
    [
      'a query form link required in the portal but not fillable there',
      () => ({
        queryForms: [
          {
            form: 'f1',
            portal_fillable: false,
            portal_requirement: true,
            url_fillable: true,
            multiple: false,
            editable: true,
          },
        ],
      }),
      () => 'queryForms[0].portal_requirement',
      'structures.portalRequirement',
    ],
    [
      'a setting value of the wrong type',
      () => ({
        settings: [{ key: 'aktiv', name: 'Aktiv', type: 'boolean' as const }],
        settingValues: { aktiv: 'ja' },
      }),
      () => 'settingValues.aktiv',
      'structures.settingValueInvalid',
    ],
  ] as const)('refuses %s with a clear message and writes nothing', async (_name, change, path, message) => {
    const s = await loaded(alpha, 'fahrzeuge');
    const res = await save(alpha, s, change(s) as Partial<Structure>);
    expectRefused(res, 400);
    expect(res.body.message).toBe(de('structures.invalid'));
    expect(res.body.errors?.[path(s)]).toEqual([de(message)]);
    expect((await loaded(alpha, 'fahrzeuge')).version).toBe(s.version);
  });

  test('1,000 fields are refused with 400, a 10 MB structure with 413', async () => {
    const s = await loaded(alpha, 'fahrzeuge');
    const many = Array.from({ length: 1000 }, (_, i) => ({ key: `f${i}`, type: 'string' as const, label: `F ${i}` }));
    const res = await save(alpha, s, { fields: many });
    expectRefused(res, 400);
    expect(res.body.errors?.fields).toEqual([de('common.fieldTooMany', { n: 200 })]);
    const huge = await save(alpha, s, { singular: 'x'.repeat(10 * 1024 * 1024) });
    expectRefused(huge, 413);
    expect((await loaded(alpha, 'fahrzeuge')).version).toBe(s.version);
  });

  test('settings, setting values and query form links are kept', async () => {
    const s = await loaded(alpha, 'fahrzeuge');
    const links = [
      {
        form: 'f1',
        portal_fillable: true,
        portal_requirement: false,
        url_fillable: true,
        multiple: false,
        editable: true,
      },
    ];
    const res = await save(alpha, s, {
      settings: [{ key: 'hinweis', name: 'Hinweis', type: 'string', default: '' }],
      settingValues: { hinweis: 'TÜV prüfen' },
      queryForms: links,
    });
    expectOk(res);
    const after = await loaded(alpha, 'fahrzeuge');
    expect(after.settings).toEqual([{ key: 'hinweis', name: 'Hinweis', type: 'string', default: '' }]);
    expect(after.settingValues).toEqual({ hinweis: 'TÜV prüfen' });
    expect(after.queryForms).toEqual(links);
  });
});

describe('settings/dynamic-records: styling definitions', () => {
  test('answers the style properties the form builder offers', async () => {
    const res = await t.call(api.stylingDefinitions, { _env: alpha.env }, alpha.token);
    expectOk(res);
    expect(res.body.data?.definitions.map((d) => d.key)).toContain('textAlign');
  });
});

describe('settings/dynamic-records: delete', () => {
  test('a structure with records cannot be removed; without records it can', async () => {
    const res = await t.call(api.deleteStructure, { _env: alpha.env, key: 'fahrzeuge' }, alpha.token);
    expectRefused(res, 409);
    expect(res.body.message).toBe(de('structures.hasRecords'));
    const rows = await t.call(
      recordsApi.simpleTableData,
      { _env: alpha.env, model: 'DynamicRecord', type: 'fahrzeuge' },
      alpha.token,
    );
    for (const row of rows.body.data?.rows ?? []) {
      expectOk(
        await t.call(recordsApi.removeRecord, { _env: alpha.env, type: 'fahrzeuge', id: String(row._id) }, alpha.token),
      );
    }
    const removed = await t.call(api.deleteStructure, { _env: alpha.env, key: 'fahrzeuge' }, alpha.token);
    expectOk(removed);
    expect(removed.body.message).toBe(de('structures.deleteSuccess'));
    expectRefused(await details(alpha, 'fahrzeuge'), 404);
    expect((await types(alpha)).types).toEqual([]);
  });

  test('every change is in the audit trail with its version and author', async () => {
    const changes = await inEnv(t, alpha.env, (scope) => dataStructuresRepo(scope).changes('fahrzeuge'));
    expect(changes.map((c) => c.action)).toEqual(['create', 'save', 'save', 'save', 'delete']);
    expect(changes.map((c) => c.version)).toEqual([1, 2, 3, 4, 4]);
    expect(changes.every((c) => c.userId === alpha.userId)).toBe(true);
  });

  test('removing while another admin saves: one clear 409 or 404, the other succeeds, nothing half-written', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 6; round++) {
      const key = `rennen${round}`;
      expectOk(await create(alpha, key));
      const s = await loaded(alpha, key);
      const [saved, removed] = await Promise.all([
        save(alpha, s, { plural: 'Rennwagen' }),
        t.call(api.deleteStructure, { _env: alpha.env, key }, alpha.token),
      ]);
      outcomes.add(`${saved.statusCode}/${removed.statusCode}`);
      const after = await details(alpha, key);
      const changes = await inEnv(t, alpha.env, (scope) => dataStructuresRepo(scope).changes(key));
      if (removed.statusCode === 200) {
        // The removal came last: the structure is gone; a save that lost answers 404 (or won before it).
        expectRefused(after, 404);
        expect([200, 404]).toContain(saved.statusCode);
        if (saved.statusCode === 404) expect(saved.body.message).toBe(de('structures.unknown'));
      } else {
        // The save came first and the removal of the older version is refused: 409, the save is kept.
        expectRefused(removed, 409);
        expect(removed.body.code).toBe('stale_version');
        expect(removed.body.message).toBe(de('structures.stale'));
        expectOk(saved);
        expect(after.body.data?.type.plural).toBe('Rennwagen');
      }
      // The audit trail holds exactly what succeeded.
      expect(changes.map((c) => c.action)).toEqual([
        'create',
        ...(saved.statusCode === 200 ? ['save'] : []),
        ...(removed.statusCode === 200 ? ['delete'] : []),
      ]);
      if (removed.statusCode !== 200)
        expectOk(await t.call(api.deleteStructure, { _env: alpha.env, key }, alpha.token));
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });

  test.runIf(process.env.TEST_DATABASE_URL)(
    'PostgreSQL, exact interleavings: a removal waiting on a save gets 409; a save waiting on a removal gets 404',
    async () => {
      const envId = await envIdOf(t, alpha.env);
      /** Another admin's change held open in its transaction while `call` starts, then committed. */
      const meanwhile = async (change: string, call: () => Promise<TestResponse>) => {
        const other = new pg.Client({ connectionString: t.ownerUrl });
        await other.connect();
        try {
          await other.query('begin');
          await other.query(change, [envId]);
          const pending = call();
          await new Promise((r) => setTimeout(r, 300)); // the call reads, then waits on the row lock
          await other.query('commit');
          return await pending;
        } finally {
          await other.end();
        }
      };
      expectOk(await create(alpha, 'wettlauf'));
      const removed = await meanwhile(
        "update record_types set version = version + 1 where env_id = $1 and key = 'wettlauf'",
        () => t.call(api.deleteStructure, { _env: alpha.env, key: 'wettlauf' }, alpha.token),
      );
      expectRefused(removed, 409);
      expect(removed.body.code).toBe('stale_version');
      expectOk(await details(alpha, 'wettlauf'));

      const s = await loaded(alpha, 'wettlauf');
      const saved = await meanwhile("delete from record_types where env_id = $1 and key = 'wettlauf'", () =>
        save(alpha, s, { plural: 'Rennwagen' }),
      );
      expectRefused(saved, 404);
      expect(saved.body.message).toBe(de('structures.unknown'));
      const changes = await inEnv(t, alpha.env, (scope) => dataStructuresRepo(scope).changes('wettlauf'));
      expect(changes.map((c) => c.action)).toEqual(['create']);
    },
  );

  test('an unknown or base type cannot be removed', async () => {
    for (const key of ['gibtsnicht', 'article', 'envTaxes']) {
      expectRefused(await t.call(api.deleteStructure, { _env: alpha.env, key }, alpha.token), 404);
    }
  });
});

describe('settings/dynamic-records: isolation', () => {
  test("another environment's structure is unknown here: details, save and delete answer 404, it stays", async () => {
    const theirs = await loaded(beta, 'baustellen');
    expectRefused(await details(alpha, 'baustellen'), 404);
    const saved = await save(alpha, theirs, { plural: 'Gehackt' });
    expectRefused(saved, 404);
    expectRefused(await t.call(api.deleteStructure, { _env: alpha.env, key: 'baustellen' }, alpha.token), 404);
    expect(await loaded(beta, 'baustellen')).toEqual(theirs);
  });

  test.each([
    ['types', api.listStructures, {}],
    ['create', api.createStructure, { key: 'gehackt', parent: 'article', plural: 'G', singular: 'G' }],
    ['details', api.structureDetails, { type: 'baustellen' }],
    ['delete', api.deleteStructure, { key: 'baustellen' }],
    ['styling-definitions', api.stylingDefinitions, {}],
  ] as const)('%s refuses a foreign environment and leaves it untouched', async (_name, c, body) => {
    const before = await loaded(beta, 'baustellen');
    await expectForeignEnvRefused(t, c as typeof api.listStructures, body as object, { pair });
    expect(await loaded(beta, 'baustellen')).toEqual(before);
    expect((await types(beta)).types.map((x) => x.key)).toEqual(['baustellen']);
  });

  test('save refuses a foreign environment and leaves it untouched', async () => {
    const theirs = await loaded(beta, 'baustellen');
    const { version, ...rest } = theirs;
    await expectForeignEnvRefused(
      t,
      api.saveStructure,
      { ...rest, plural: 'Gehackt', orgKey: 'baustellen', version },
      {
        pair,
      },
    );
    expect(await loaded(beta, 'baustellen')).toEqual(theirs);
  });
});

describe('a column made searchable later', () => {
  test('finds the records saved before it became searchable', async () => {
    expectOk(await create(alpha, 'anhaenger', 'article', { plural: 'Anhänger', singular: 'Anhänger' }));
    const s = await loaded(alpha, 'anhaenger');
    const placed = withPlate(s);
    const unsearched = {
      ...placed,
      lists: (placed.lists ?? []).map((l) => ({ ...l, cells: l.cells.map((c) => ({ ...c, searchable: false })) })),
    };
    expectOk(await save(alpha, s, unsearched));
    const old = await t.call(
      recordsApi.saveRecord,
      { _env: alpha.env, type: 'anhaenger', id: 'new', data: { title: 'Kipper', kennzeichen: 'HH-AL 7' } },
      alpha.token,
    );
    expectOk(old);
    const search = () =>
      t.call(
        recordsApi.simpleTableData,
        { _env: alpha.env, model: 'DynamicRecord', type: 'anhaenger', search: 'al 7' },
        alpha.token,
      );
    expect((await search()).body.data?.rows).toEqual([]);

    expectOk(await save(alpha, await loaded(alpha, 'anhaenger'), { lists: placed.lists }));
    await t.deps.background.idle();
    expect((await search()).body.data?.rows.map((r) => r.kennzeichen)).toEqual(['HH-AL 7']);
  });
});
