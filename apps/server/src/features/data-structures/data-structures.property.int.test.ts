import type { Structure } from '@kontor/contract/api/data-structures';
import * as api from '@kontor/contract/api/data-structures';
import type { Cell, DataField, FormElement } from '@kontor/contract/api/record-types';
import * as recordsApi from '@kontor/contract/api/records';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { expectOk } from '../../../test/assertions';
import { userWithEnvironment } from '../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../test/harness';

/**
 * A structure can never break the engine (issue 11 item 7): random valid structures are saved,
 * a record is created through the new main form, and the new list finds it by search and sort.
 */
const runs = Number(process.env.STRUCTURE_RUNS ?? 12);

let t: TestApp;
let who: { env: string; token: string };
beforeAll(async () => {
  t = await startTestApp();
  who = await userWithEnvironment(t, 'Eigenbau GmbH');
});
afterAll(() => t.close());

type Generated = { field: DataField; value: unknown };

/** A field with rules of its type and a value that keeps them. */
const fieldArb = (key: string): fc.Arbitrary<Generated> =>
  fc.oneof(
    fc
      .record({ min: fc.integer({ min: 1, max: 5 }), extra: fc.integer({ min: 0, max: 20 }), required: fc.boolean() })
      .map(({ min, extra, required }) => ({
        field: {
          key,
          type: 'string' as const,
          label: `Text ${key}`,
          validation: { required, minLength: min, maxLength: min + extra },
        },
        value: `W${key}`.padEnd(min, 'x').slice(0, min + extra),
      })),
    fc
      .record({ min: fc.integer({ min: -100, max: 100 }), span: fc.integer({ min: 0, max: 1000 }) })
      .map(({ min, span }) => ({
        field: { key, type: 'integer' as const, label: `Zahl ${key}`, validation: { min, max: min + span } },
        value: min + Math.floor(span / 2),
      })),
    fc.constant({ field: { key, type: 'float' as const, label: `Betrag ${key}` }, value: 12.5 }),
    fc.constant({
      field: { key, type: 'date' as const, label: `Datum ${key}`, validation: { minDate: '2020-01-01' } },
      value: '2024-05-01',
    }),
    fc.constant({ field: { key, type: 'datetime' as const, label: `Zeitpunkt ${key}` }, value: null }),
    fc.constant({
      field: { key, type: 'model' as const, label: `Steuer ${key}`, selector: { type: 'envTaxes' } },
      value: null,
    }),
    fc.constant<Generated>({
      field: {
        key,
        type: 'map',
        label: `Liste ${key}`,
        definition: [{ key: 'name', type: 'string', label: 'Name' }],
      },
      value: [],
    }),
  );

const structureArb = fc
  .uniqueArray(fc.stringMatching(/^[a-z][a-z0-9_]{0,11}$/), { minLength: 1, maxLength: 8 })
  .chain((keys) =>
    fc.record({
      fields: fc.tuple(...keys.map((k) => fieldArb(`x_${k}`))),
      layout: fc.constantFrom('flat', 'card', 'tabs'),
      columns: fc.array(fc.integer({ min: 1, max: 12 }), { minLength: keys.length, maxLength: keys.length }),
    }),
  );

const place = (fields: DataField[], columns: number[], layout: string): FormElement[] => {
  const elements: FormElement[] = fields.map((f, i) => ({ type: 'field', field: f.key, columns: columns[i] ?? 6 }));
  if (layout === 'card') return [{ type: 'card', headerTitle: 'Angaben', children: elements }];
  if (layout === 'tabs') return [{ type: 'tabs', sections: [{ title: 'Eins', fields: elements }] }];
  return elements;
};

let counter = 0;

test('random valid structures save, take records through their forms and list them', async () => {
  await fc.assert(
    fc.asyncProperty(structureArb, async ({ fields: generated, layout, columns }) => {
      const key = `s${++counter}`;
      expectOk(
        await t.call(
          api.createStructure,
          { _env: who.env, key, parent: 'contact', plural: 'P', singular: 'S' },
          who.token,
        ),
      );
      const loaded = (await t.call(api.structureDetails, { _env: who.env, type: key }, who.token)).body.data
        ?.type as Structure;
      const own = generated.map((g) => g.field);
      const searchable = own.find((f) => f.type === 'string');
      const cells: Cell[] = own
        .filter((f) => f.type !== 'map')
        .map((f) => ({ mapping: f.key, label: f.label, searchable: f === searchable, sortable: true }));
      const { version, ...rest } = loaded;
      const saved = await t.call(
        api.saveStructure,
        {
          ...rest,
          _env: who.env,
          orgKey: key,
          version,
          fields: [...loaded.fields, ...own],
          forms: [{ key: 'main', name: 'Hauptformular', fields: place(own, columns, layout) }],
          mainForm: 'main',
          lists: [{ key: 'main', name: 'Standard', type: 'simpletable', cells }],
          defaultList: 'main',
        },
        who.token,
      );
      expectOk(saved);

      const form = await t.call(recordsApi.loadRecordForm, { _env: who.env, type: key, id: 'new' }, who.token);
      expectOk(form);
      expect(Object.keys(form.body.data?.fields ?? {})).toEqual(expect.arrayContaining(own.map((f) => f.key)));
      const data = Object.fromEntries(generated.filter((g) => g.value !== null).map((g) => [g.field.key, g.value]));
      const record = await t.call(recordsApi.saveRecord, { _env: who.env, type: key, id: 'new', data }, who.token);
      expectOk(record);

      const sortField = cells[0]?.mapping;
      const listed = await t.call(
        recordsApi.simpleTableData,
        {
          _env: who.env,
          model: 'DynamicRecord',
          type: key,
          ...(searchable ? { search: String(data[searchable.key]) } : {}),
          ...(sortField ? { sort: { field: sortField, dir: 'asc' as const } } : {}),
        },
        who.token,
      );
      expectOk(listed);
      expect(listed.body.data?.rows.map((r) => r._id)).toEqual([record.body.data?.key]);
    }),
    { numRuns: runs },
  );
});
