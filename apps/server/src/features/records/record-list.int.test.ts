import { optionsMapping, type RecordType } from '@kontor/contract/api/record-types';
import * as api from '@kontor/contract/api/records';
import type { BodyOf } from '@kontor/contract/call';
import { translator } from '@kontor/contract/i18n/catalogs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../../../test/assertions';
import type { EnvPair } from '../../../test/cross-tenant';
import { twoEnvironments } from '../../../test/fixtures';
import { startTestApp, type TestApp, type TestResponse } from '../../../test/harness';
import { bulkInsertRecords, defineChildType } from '../../../test/records';

const de = translator('de_sie');

type Body = Omit<BodyOf<typeof api.simpleTableData>, '_env' | 'model'> & {
  model?: BodyOf<typeof api.simpleTableData>['model'];
};
type Row = api.SimpleTableRow;

let t: TestApp;
let alpha: EnvPair['alpha'];
let beta: EnvPair['beta'];

const list = (body: Body, who: { env: string; token: string } = alpha) =>
  t.call(api.simpleTableData, { _env: who.env, model: 'DynamicRecord', ...body }, who.token);
const rowsOf = (res: TestResponse<api.SimpleTableData>) => res.body.data?.rows ?? [];
const typeOf = async (type: string, who = alpha) =>
  (await t.call(api.recordTypeDetails, { _env: who.env, type }, who.token)).body.data as RecordType;

/** Every page of a list, following nextCursor from the first page to the last. */
const walk = async (body: Body, who = alpha): Promise<Row[]> => {
  const rows: Row[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 1000; pages++) {
    const res = await list({ ...body, ...(cursor ? { cursor } : {}) }, who);
    expectOk(res);
    rows.push(...rowsOf(res));
    cursor = res.body.data?.nextCursor ?? undefined;
    if (!cursor) return rows;
  }
  throw new Error('the cursor walk does not end');
};

/** Every page of a list by page number. */
const pages = async (body: Body, pageSize: number, who = alpha): Promise<Row[][]> => {
  const all: Row[][] = [];
  for (let page = 1; ; page++) {
    const res = await list({ ...body, page, pageSize }, who);
    expectOk(res);
    if (rowsOf(res).length === 0) return all;
    all.push(rowsOf(res));
  }
};

const ids = (rows: Row[]) => rows.map((r) => r._id);
const expectEachOnce = (rows: Row[], expected: number) => {
  expect(rows).toHaveLength(expected);
  expect(new Set(ids(rows)).size).toBe(expected);
};
/** Sorted by (key, id) in `dir`: the order keyset pagination relies on. */
const expectOrdered = (rows: Row[], key: (r: Row) => string | number, dir: 'asc' | 'desc') => {
  for (let i = 1; i < rows.length; i++) {
    const [a, b] = dir === 'asc' ? [rows[i - 1] as Row, rows[i] as Row] : [rows[i] as Row, rows[i - 1] as Row];
    const [ka, kb] = [key(a), key(b)];
    const where = `${i}: ${JSON.stringify(ka)} ${a._id} / ${JSON.stringify(kb)} ${b._id}`;
    expect(ka <= kb, where).toBe(true);
    if (ka === kb) expect(a._id < b._id, where).toBe(true);
  }
};
const text = (field: string) => (r: Row) => String(r[field] ?? '').toLowerCase();

const sameCity = 57;
let customersType: RecordType;
beforeAll(async () => {
  t = await startTestApp();
  ({ alpha, beta } = await twoEnvironments(t, 'craftsman'));
  customersType = await typeOf('customers');
  // Many customers sharing one city and, in groups, one name: ties the keyset must break by id.
  await bulkInsertRecords(
    t,
    alpha.env,
    customersType,
    Array.from({ length: sameCity }, (_, i) => ({
      customer_number: `M-${String(i).padStart(3, '0')}`,
      name: `Massenkunde ${i % 7}`,
      city: 'Gleichstadt',
      email: `kunde${i}@gleichstadt.de`,
    })),
  );
});
afterAll(() => t.close());

describe('rows, cells, total', () => {
  test('answers the default list of the type: rows with the cell values, cells, total, default sort', async () => {
    const res = await list({ type: 'customers' }, beta);
    expectOk(res);
    const data = res.body.data;
    expect(data).toMatchObject({
      total: 3,
      totalCapped: false,
      nextCursor: null,
      page: 1,
      pageSize: api.defaultPageSize,
      list: { key: 'main', name: 'Standard' },
      sort: { field: 'name', dir: 'asc' },
    });
    expect(data?.cells).toEqual(customersType.lists[0]?.cells);
    expect(data?.rows).toEqual([
      {
        _id: expect.any(String),
        stage: null,
        customer_number: '10001',
        name: 'Bäckerei Schröder GmbH',
        city: 'Köln',
        email: 'info@baeckerei-schroeder.de',
        phone: '0221 4711 0',
      },
      expect.objectContaining({ name: 'Müller & Söhne KG' }),
      expect.objectContaining({ name: 'Praxis Dr. Weiß' }),
    ]);
  });

  test('answers stored cents for currency cells and the stage of each row', async () => {
    const rows = rowsOf(await list({ type: 'invoices' }, beta));
    // Drafts carry no number before the freeze (issue 31).
    expect(rows.map((r) => [r.subject, r.number, r.stage, r.gross])).toEqual([
      ['Lieferung Fachbuch', null, 'draft', 5339],
      ['Reparatur Backofen', null, 'draft', 50313],
    ]);
    expect(rows[0]).toMatchObject({ customer_name: expect.stringContaining('Praxis Dr. Weiß'), date: '2026-11-15' });
  });

  test('filters by a field value', async () => {
    const rows = rowsOf(await list({ type: 'customers', filter: { city: 'Köln' } }, beta));
    expect(rows.map((r) => r.name)).toEqual(['Bäckerei Schröder GmbH']);
  });

  test('filters by the stage column of a list that shows it', async () => {
    expect(rowsOf(await list({ type: 'invoices', filter: { stage: 'draft' } }, beta))).toHaveLength(2);
    expect(rowsOf(await list({ type: 'invoices', filter: { stage: 'paid' } }, beta))).toHaveLength(0);
  });

  test("refuses a filter on anything but the list's own cells", async () => {
    // notes is a field of the type, but no cell of the list; the options column is no field.
    const filters: Array<Record<string, string | number>> = [
      { notes: 'x' },
      { gibtsnicht: 'x' },
      { [optionsMapping]: 'x' },
      { city: 'Köln', x: 1 },
    ];
    for (const filter of filters) {
      const res = await list({ type: 'customers', filter }, beta);
      expectRefused(res, 400);
      expect(res.body.message).toBe(de('records.unknownFilterField'));
    }
  });
});

describe('search', () => {
  beforeAll(async () => {
    for (const name of ['100% Bio AG', 'Gut_Holz KG', 'Back\\slash GmbH', 'Öko Ärmel Übel GmbH']) {
      expectOk(
        await t.call(
          api.saveRecord,
          { _env: beta.env, type: 'customers', id: 'new', data: { name, city: 'Suchstadt' } },
          beta.token,
        ),
      );
    }
  });
  const names = async (search: string) =>
    rowsOf(await list({ type: 'customers', search }, beta))
      .map((r) => r.name)
      .sort();

  test('finds records by any searchable cell, ignoring case, with German umlauts', async () => {
    expect(await names('müller')).toEqual(['Müller & Söhne KG']);
    expect(await names('MÜLLER')).toEqual(['Müller & Söhne KG']);
    expect(await names('KÖLN')).toEqual(['Bäckerei Schröder GmbH']);
    expect(await names('öko ärmel übel')).toEqual(['Öko Ärmel Übel GmbH']);
    expect(await names('weiß')).toEqual(['Praxis Dr. Weiß']);
    expect(await names('0221')).toEqual(['Bäckerei Schröder GmbH']);
    expect(await names('10002')).toEqual(['Müller & Söhne KG']);
  });

  test('counts only the matches and pages through them', async () => {
    const res = await list({ type: 'customers', search: 'suchstadt', pageSize: 2 }, beta);
    expect(res.body.data?.total).toBe(4);
    expect(rowsOf(res)).toHaveLength(2);
    expect(await walk({ type: 'customers', search: 'suchstadt', pageSize: 3 }, beta)).toHaveLength(4);
  });

  test('does not search fields that are no searchable cell of the list', async () => {
    expect(await names('hauptstraße')).toEqual([]);
    expect(await names('50667')).toEqual([]);
  });

  test("takes '%', '_' and '\\' typed by the user literally", async () => {
    expect(await names('%')).toEqual(['100% Bio AG']);
    expect(await names('0%')).toEqual(['100% Bio AG']);
    expect(await names('_')).toEqual(['Gut_Holz KG']);
    expect(await names('t_h')).toEqual(['Gut_Holz KG']);
    expect(await names('\\')).toEqual(['Back\\slash GmbH']);
    expect(await names('%%')).toEqual([]);
  });

  test('finds nothing for a text spanning two cells, and everything for a blank search', async () => {
    expect(await names('köln info')).toEqual([]);
    expect((await list({ type: 'customers', search: '   ' }, beta)).body.data?.total).toBe(7);
  });

  test('never turns the search text into SQL', async () => {
    for (const search of ["' or '1'='1", "x'); drop table records; --", '$1', '\u0000']) {
      const res = await list({ type: 'customers', search }, beta);
      expect(res.statusCode, search).toBeLessThan(500);
    }
    expect((await list({ type: 'customers' }, beta)).body.data?.total).toBe(7);
  });
});

describe('sort', () => {
  test('sorts ascending and descending on a sortable text cell', async () => {
    const asc = rowsOf(await list({ type: 'customers', sort: { field: 'customer_number', dir: 'asc' } }, beta));
    const desc = rowsOf(await list({ type: 'customers', sort: { field: 'customer_number', dir: 'desc' } }, beta));
    // Every customer has a number from the range (issue 31): the demo ones come first.
    expect(asc.map((r) => r.customer_number).slice(0, 3)).toEqual(['10001', '10002', '10003']);
    expect(desc.map((r) => r.customer_number).slice(-3)).toEqual(['10003', '10002', '10001']);
    expect(ids(desc)).toEqual(ids(asc).reverse());
  });

  test('sorts number cells as numbers and date cells by date', async () => {
    const prices = rowsOf(await list({ type: 'articles', sort: { field: 'price', dir: 'asc' } }, beta)).map(
      (r) => r.price,
    );
    expect(prices).toEqual([19.9, 35, 58, 72.5]);
    const desc = rowsOf(await list({ type: 'articles', sort: { field: 'price', dir: 'desc' } }, beta)).map(
      (r) => r.price,
    );
    expect(desc).toEqual([72.5, 58, 35, 19.9]);
    const dates = rowsOf(await list({ type: 'invoices', sort: { field: 'date', dir: 'asc' } }, beta)).map(
      (r) => r.date,
    );
    expect(dates).toEqual(['2026-11-10', '2026-11-15']);
    const gross = rowsOf(await list({ type: 'invoices', sort: { field: 'gross', dir: 'asc' } }, beta)).map(
      (r) => r.gross,
    );
    expect(gross).toEqual([5339, 50313]);
  });

  test('refuses a cell that is not sortable and a field that is no cell', async () => {
    for (const field of ['phone', 'street', '___options___', 'gibtsnicht', "name'; drop table records; --", '']) {
      const res = await list({ type: 'customers', sort: { field, dir: 'asc' } }, beta);
      expectRefused(res, 400);
      expect(res.body.message, field).toBe(de('records.unknownSortField'));
    }
    const dir = await t.post(
      api.simpleTableData.path,
      { _env: beta.env, model: 'DynamicRecord', type: 'customers', sort: { field: 'name', dir: 'up' } },
      beta.token,
    );
    expectRefused(dir, 400);
    expect(dir.body.errors?.['sort.dir']).toBeDefined();
  });
});

describe('pagination', () => {
  const total = sameCity + 3;

  test('by page: pages follow each other without gaps or repeats, a page past the end is empty', async () => {
    const byPage = await pages({ type: 'customers', sort: { field: 'name', dir: 'asc' } }, 8);
    expect(byPage.map((p) => p.length)).toEqual([8, 8, 8, 8, 8, 8, 8, 4]);
    const rows = byPage.flat();
    expectEachOnce(rows, total);
    expectOrdered(rows, text('name'), 'asc');
    const past = await list({ type: 'customers', page: 9, pageSize: 8 });
    expect(past.body.data).toMatchObject({ rows: [], total, nextCursor: null, page: 9 });
  });

  test.each([
    ['name', 'asc'],
    ['name', 'desc'],
    ['city', 'asc'],
    ['city', 'desc'],
  ] as const)(
    'by cursor over %s %s: every record once, in order, although many share the sort value',
    async (field, dir) => {
      const rows = await walk({ type: 'customers', sort: { field, dir }, pageSize: 7 });
      expectEachOnce(rows, total);
      expectOrdered(rows, text(field), dir);
      const oneList = rowsOf(await list({ type: 'customers', sort: { field, dir }, pageSize: 100 }));
      expect(ids(rows)).toEqual(ids(oneList));
    },
  );

  test('by cursor over the default sort, and with a search', async () => {
    const rows = await walk({ type: 'customers', pageSize: 9 });
    expectEachOnce(rows, total);
    expectOrdered(rows, text('name'), 'asc');
    const found = await walk({ type: 'customers', search: 'massenkunde 3', pageSize: 2 });
    expectEachOnce(found, 8);
  });

  test('by cursor over a number cell with many equal and empty values', async () => {
    const articles = await typeOf('articles');
    await bulkInsertRecords(
      t,
      alpha.env,
      articles,
      Array.from({ length: 40 }, (_, i) => ({
        article_number: `P-${i}`,
        title: `Preisgleich ${i}`,
        price: [5, 5, 5, 7.25, null][i % 5],
      })),
    );
    for (const dir of ['asc', 'desc'] as const) {
      const rows = await walk({ type: 'articles', sort: { field: 'price', dir }, pageSize: 6 });
      expectEachOnce(rows, 44);
      expectOrdered(rows, (r) => (typeof r.price === 'number' ? r.price : -1e18), dir);
    }
  });

  test('by cursor over the creation time when the list has no sort, also for records created in one statement', async () => {
    await defineChildType(t, alpha.env, {
      key: 'notizen',
      parent: 'customer',
      definition: {
        lists: [
          {
            key: 'main',
            name: 'Alle',
            type: 'simpletable',
            cells: [{ mapping: 'name', label: 'Name', searchable: true }],
          },
        ],
      },
    });
    const type = await typeOf('notizen');
    const first = await bulkInsertRecords(
      t,
      alpha.env,
      type,
      Array.from({ length: 23 }, (_, i) => ({ name: `Notiz ${i}` })),
    );
    const second = await bulkInsertRecords(
      t,
      alpha.env,
      type,
      Array.from({ length: 5 }, (_, i) => ({ name: `Spät ${i}` })),
    );
    const rows = await walk({ type: 'notizen', pageSize: 4 });
    expectEachOnce(rows, 28);
    // Newest first; within one statement's shared timestamp by id, descending.
    expect(ids(rows)).toEqual([...second.sort().reverse(), ...first.sort().reverse()]);
    const byPage = (await pages({ type: 'notizen' }, 4)).flat();
    expect(ids(byPage)).toEqual(ids(rows));
  });

  test('by cursor past a record whose sort value is long and not ASCII', async () => {
    for (const name of ['漢'.repeat(200), 'Ü'.repeat(200), `Zz ${'€'.repeat(190)}`]) {
      expectOk(
        await t.call(api.saveRecord, { _env: beta.env, type: 'customers', id: 'new', data: { name } }, beta.token),
      );
    }
    const rows = await walk({ type: 'customers', sort: { field: 'name', dir: 'desc' }, pageSize: 1 }, beta);
    expectEachOnce(rows, (await list({ type: 'customers' }, beta)).body.data?.total ?? -1);
  });

  test('refuses a tampered or foreign cursor with 400, never 500', async () => {
    const first = await list({ type: 'customers', sort: { field: 'name', dir: 'asc' }, pageSize: 5 });
    const cursor = first.body.data?.nextCursor ?? '';
    expect(cursor).not.toBe('');
    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const tampered: Array<[string, Body]> = [
      ['garbage', { cursor: 'kaputt!!' }],
      ['not json', { cursor: Buffer.from('{"s":').toString('base64url') }],
      ['json array', { cursor: encode([1, 2]) }],
      ['other sort field', { cursor, sort: { field: 'city', dir: 'asc' } }],
      ['other direction', { cursor, sort: { field: 'name', dir: 'desc' } }],
      ['id no uuid', { cursor: encode({ ...decoded, id: "x' or 1=1 --" }) }],
      ['value an object', { cursor: encode({ ...decoded, v: { $gt: '' } }) }],
      [
        'number sort with text',
        {
          cursor: encode({ s: 'price', d: 'asc', v: 'abc', id: decoded.id }),
          type: 'articles',
          sort: { field: 'price', dir: 'asc' },
        },
      ],
      [
        'number sort with exponent',
        {
          cursor: encode({ s: 'price', d: 'asc', v: '1e999', id: decoded.id }),
          type: 'articles',
          sort: { field: 'price', dir: 'asc' },
        },
      ],
      [
        'creation time no time',
        {
          cursor: encode({ s: '_created', d: 'desc', v: 'gestern', id: decoded.id }),
          type: 'notizen',
          sort: undefined,
        },
      ],
      [
        'creation time impossible',
        {
          cursor: encode({ s: '_created', d: 'desc', v: '2026-13-45 25:61:61', id: decoded.id }),
          type: 'notizen',
          sort: undefined,
        },
      ],
    ];
    for (const [what, body] of tampered) {
      const res = await list({ type: 'customers', sort: { field: 'name', dir: 'asc' }, pageSize: 5, ...body });
      expectRefused(res, 400);
      // An impossible timestamp passes the cursor's pattern and is refused by the database (still 400).
      if (what !== 'creation time impossible') expect(res.body.message, what).toBe(de('records.invalidCursor'));
    }
    const tooLong = await list({ type: 'customers', cursor: 'x'.repeat(100_000) });
    expectRefused(tooLong, 400);
    expect(tooLong.body.errors?.cursor).toBeDefined();
  });
});

describe('refusals', () => {
  test("answers a missing list with 404 'Fehlende Listen-Definition für den Datentyp.'", async () => {
    const res = await list({ type: 'customers', list: 'gibtsnicht' });
    expectRefused(res, 404);
    expect(res.body.message).toBe('Fehlende Listen-Definition für den Datentyp.');
  });

  test("answers a list of an unknown kind with 'Unbekannter Listen-Typ'", async () => {
    await defineChildType(t, alpha.env, {
      key: 'tafeln',
      parent: 'customer',
      definition: {
        lists: [{ key: 'main', name: 'Tafel', type: 'kanban', cells: [{ mapping: 'name', label: 'Name' }] }],
      },
    });
    const res = await list({ type: 'tafeln' });
    expectRefused(res, 400);
    expect(res.body.message).toBe('Unbekannter Listen-Typ');
  });

  test('answers an unknown or missing type with 404 and an unknown model with 400', async () => {
    for (const type of ['gibtsnicht', undefined]) {
      const res = await list(type ? { type } : {});
      expectRefused(res, 404);
      expect(res.body.message).toBe(de('records.unknownType'));
    }
    const other = await list({ model: 'EnvironmentWebsitePage', type: 'customers' });
    expectRefused(other, 400);
    expect(other.body.message).toBe(de('records.unknownModel'));
    const unknown = await t.post(
      api.simpleTableData.path,
      { _env: alpha.env, model: 'Customer', type: 'customers' },
      alpha.token,
    );
    expectRefused(unknown, 400);
    expect(unknown.body.errors?.model).toBeDefined();
  });

  test('answers bad parameters with 400 naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ pageSize: 0 }, 'pageSize'],
      [{ pageSize: api.maxPageSize + 1 }, 'pageSize'],
      [{ pageSize: '10' }, 'pageSize'],
      [{ page: 0 }, 'page'],
      [{ page: 1.5 }, 'page'],
      [{ search: 's'.repeat(201) }, 'search'],
      [{ search: ['a'] }, 'search'],
      [{ sort: 'name' }, 'sort'],
      [{ filter: { city: { $ne: '' } } }, 'filter.city'],
      [{ filter: 'city=Köln' }, 'filter'],
      [{ list: 42 }, 'list'],
    ];
    for (const [body, field] of cases) {
      const res = await t.post(
        api.simpleTableData.path,
        { _env: alpha.env, model: 'DynamicRecord', type: 'customers', ...body },
        alpha.token,
      );
      expectRefused(res, 400);
      expect(res.body.errors?.[field], JSON.stringify(body).slice(0, 60)).toBeDefined();
    }
    const bad = await t.post(api.simpleTableData.path, '{"_env":', alpha.token);
    expectRefused(bad, 400);
    expect(bad.body.message).toBe(de('common.malformedJson'));
  });
});
