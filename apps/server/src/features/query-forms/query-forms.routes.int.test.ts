import * as api from '@kontor/contract/api/query-forms';
import * as recordsApi from '@kontor/contract/api/records';
import * as settingsApi from '@kontor/contract/api/settings';
import type { BodyOf } from '@kontor/contract/call';
import { translator } from '@kontor/contract/i18n/catalogs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../../../test/assertions';
import { expectForeignEnvRefused } from '../../../test/cross-tenant';
import { userWithEnvironment } from '../../../test/fixtures';
import { randomIp, startTestApp, type TestApp } from '../../../test/harness';

const de = translator('de_sie');

let t: TestApp;
let alpha: Awaited<ReturnType<typeof userWithEnvironment>>;
let beta: Awaited<ReturnType<typeof userWithEnvironment>>;
beforeAll(async () => {
  t = await startTestApp();
  alpha = await userWithEnvironment(t, 'Holzwurm GmbH', 'craftsman');
  beta = await userWithEnvironment(t, 'Beta KG', 'craftsman');
});
afterAll(() => t.close());

type Who = typeof alpha;
type SaveBody = Omit<BodyOf<typeof api.saveQueryForm>, '_env'>;

const question = (key: string, questionType: api.QuestionType, extra: Record<string, unknown> = {}) => ({
  type: 'question' as const,
  questionType,
  key,
  title: `Frage ${key}`,
  columns: 12,
  required: false,
  ...extra,
});

const surveyForm = (over: Partial<SaveBody> = {}): SaveBody => ({
  id: 'new',
  title: 'Aufmaß vor Ort',
  definition: [
    question('name', 'string', { required: true, title: 'Ihr Name' }),
    question('notes', 'text'),
    question('rooms', 'number'),
    question('date', 'date'),
    question('kind', 'selection', {
      options: [
        { value: 'bath', label: 'Bad' },
        { value: 'kitchen', label: 'Küche' },
      ],
    }),
    question('extras', 'selection-multi', {
      options: [
        { value: 'tiles', label: 'Fliesen' },
        { value: 'paint', label: 'Anstrich' },
      ],
    }),
    question('walls', 'array', { definition: [question('wall', 'string'), question('width', 'number')] }),
    question('sign', 'signature'),
  ],
  answer_table_columns: [
    { type: 'setting-field', mapping: 'name', label: 'Name' },
    { type: 'setting-field', mapping: 'kind', label: '' },
  ],
  filled_once: false,
  publications: { html_website: { is_active: true, publish_key: null } },
  ...over,
});

const save = (body: SaveBody, who: Who = alpha) => t.call(api.saveQueryForm, { _env: who.env, ...body }, who.token);
const saved = async (body: SaveBody, who: Who = alpha) => {
  const res = await save(body, who);
  expectOk(res);
  return res.body.data!.id;
};
const details = async (id: string, who: Who = alpha) => {
  const res = await t.call(api.queryFormDetails, { _env: who.env, id }, who.token);
  expectOk(res);
  return res.body.data!;
};
const answersTable = (id: string, who: Who = alpha) =>
  t.call(recordsApi.simpleTableData, { _env: who.env, model: 'QueryFormAnswer', filter: { formular: id } }, who.token);

// ---- the public page ----

const pathOf = (url: string) => new URL(url).pathname;
const page = (path: string, ip = randomIp()) => t.app.inject({ method: 'GET', url: path, remoteAddress: ip });
const tokenIn = (body: string) => /name="_ts" value="([^"]+)"/.exec(body)?.[1] ?? '';
const post = (path: string, fields: [string, string][], ip = randomIp()) =>
  t.app.inject({
    method: 'POST',
    url: path,
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
/** Opens the page, waits like a person and posts; answers the response. */
const fill = async (path: string, fields: [string, string][], ip = randomIp()) => {
  const shown = await page(path, ip);
  expect(shown.statusCode).toBe(200);
  t.clock.advance(5000);
  return post(path, [['_ts', tokenIn(shown.body)], ...fields], ip);
};

describe('query-forms/save, details, list', () => {
  test('creates a form, answers its id with the spec message, and gives it back in details and list', async () => {
    const res = await save(surveyForm());
    expectOk(res);
    expect(res.body.message).toBe('Das Formular wurde erfolgreich gespeichert.');
    const id = res.body.data!.id;
    const form = await details(id);
    expect(form).toMatchObject({
      _id: id,
      title: 'Aufmaß vor Ort',
      name: 'Aufmaß vor Ort',
      filled_once: false,
      answers: 0,
    });
    expect(form.definition.map((q) => q.questionType)).toEqual([
      'string',
      'text',
      'number',
      'date',
      'selection',
      'selection-multi',
      'array',
      'signature',
    ]);
    const key = form.publications.html_website.publish_key;
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(form.public_url).toBe(`http://kontor.test/forms/${alpha.env}/${key}`);

    // Saving again keeps the key, also across a pause of the publication (printed links stay valid).
    await saved({
      ...surveyForm({ id, title: 'Aufmaß 2' }),
      publications: { html_website: { is_active: false, publish_key: 'forged' } },
    });
    const paused = await details(id);
    expect(paused.publications.html_website).toEqual({ is_active: false, publish_key: key });
    expect(paused.public_url).toBeNull();
    await saved(surveyForm({ id, title: 'Aufmaß 2' }));
    expect((await details(id)).publications.html_website.publish_key).toBe(key);

    const list = await t.call(api.listQueryForms, { _env: alpha.env }, alpha.token);
    expectOk(list);
    expect(list.body.data).toContainEqual({
      _id: id,
      title: 'Aufmaß 2',
      filled_once: false,
      published: true,
      answers: 0,
    });
  });

  test('an unknown or malformed id is "Unbekanntes Formular"', async () => {
    for (const id of ['00000000-0000-7000-8000-000000000000', 'kein-formular']) {
      const res = await t.call(api.queryFormDetails, { _env: alpha.env, id }, alpha.token);
      expectRefused(res, 404);
      expect(res.body.message).toBe('Unbekanntes Formular');
      expectRefused(await save(surveyForm({ id })), 404);
      expectRefused(await t.call(api.exportQueryFormAnswers, { _env: alpha.env, id }, alpha.token), 404);
    }
  });

  test('refuses a key clash, a choice without options, an empty list question and a column of no question', async () => {
    const res = await save(
      surveyForm({
        definition: [
          question('name', 'string'),
          question('name', 'text'),
          question('kind', 'selection', { options: [] }),
          question('walls', 'array', { definition: [] }),
          question('pick', 'selection-multi', {
            options: [
              { value: 'a', label: 'A' },
              { value: 'a', label: 'B' },
            ],
          }),
        ],
        answer_table_columns: [{ type: 'setting-field', mapping: 'missing', label: '' }],
      }),
    );
    expectRefused(res, 400);
    expect(res.body.errors).toEqual({
      'definition[1].key': [de('queryForms.keyTaken')],
      'definition[2].options': [de('queryForms.optionsRequired')],
      'definition[3].definition': [de('queryForms.arrayNeedsQuestions')],
      'definition[4].options[1].value': [de('queryForms.optionTaken')],
      'answer_table_columns[0].mapping': [de('queryForms.columnUnknown')],
    });
  });

  test('2,000 questions, bad keys, a width of 13 and an unknown question type are 400, never 500', async () => {
    const many = Array.from({ length: 2000 }, (_, i) => question(`q${i}`, 'string'));
    const tooMany = await save(surveyForm({ definition: many }));
    expectRefused(tooMany, 400);
    expect(Object.keys(tooMany.body.errors ?? {})).toContain('definition');
    for (const bad of [
      question('mit leerzeichen', 'string'),
      question('<script>', 'string'),
      question('ok', 'string', { columns: 13 }),
      question('ok', 'string', { columns: 0 }),
      { ...question('ok', 'string'), questionType: 'file' },
      question('ok', 'array', { definition: [question('inner', 'array')] }),
    ]) {
      const res = await save(surveyForm({ definition: [bad as never], answer_table_columns: [] }));
      expectRefused(res, 400);
      expect(Object.keys(res.body.errors ?? {}).some((k) => k.startsWith('definition[0]'))).toBe(true);
    }
  });

  test('an environment without html_form_publish cannot publish', async () => {
    const solo = await userWithEnvironment(t, 'Ohne Web GmbH', 'craftsman');
    await t.asSuperuser(
      sql`update environments set capabilities = '{"html_form_publish": false}'::jsonb where url_slug = ${solo.env}`,
    );
    const res = await save(surveyForm(), solo);
    expectRefused(res, 403);
    expect(res.body.message).toBe(de('queryForms.publishNotAllowed'));
    await saved(surveyForm({ publications: { html_website: { is_active: false, publish_key: null } } }), solo);
  });
});

describe('cross-tenant', () => {
  test('every call refuses a foreign, unknown or blocked environment', async () => {
    const id = await saved(surveyForm());
    await expectForeignEnvRefused(t, api.listQueryForms, {});
    await expectForeignEnvRefused(t, api.queryFormDetails, { id });
    await expectForeignEnvRefused(t, api.exportQueryFormAnswers, { id });
    await expectForeignEnvRefused(t, api.saveQueryForm, { ...surveyForm({ id }) }, { mode: 'write' });
  });

  test("another environment's form is unknown in one's own environment: details, save, answers, export", async () => {
    const id = await saved(surveyForm({ title: 'Nur Alpha' }));
    const seen = await t.call(api.queryFormDetails, { _env: beta.env, id }, beta.token);
    expectRefused(seen, 404);
    expectRefused(await save(surveyForm({ id, title: 'Von Beta' }), beta), 404);
    expectRefused(await answersTable(id, beta), 404);
    expectRefused(await t.call(api.exportQueryFormAnswers, { _env: beta.env, id }, beta.token), 404);
    const list = await t.call(api.listQueryForms, { _env: beta.env }, beta.token);
    expect(list.body.data?.some((f) => f._id === id)).toBe(false);
    expect((await details(id)).title).toBe('Nur Alpha');
    // The public page of alpha's form does not exist under beta's address.
    const url = (await details(id)).public_url!;
    const key = url.split('/').pop()!;
    expect((await page(`/forms/${beta.env}/${key}`)).statusCode).toBe(404);
  });
});

describe('the public fill page', () => {
  test('renders every question type with labels, escapes the texts and takes an answer without JavaScript', async () => {
    const id = await saved(
      surveyForm({
        title: '<script>alert("titel")</script> Aufmaß',
        answer_table_columns: [
          { type: 'setting-field', mapping: 'name', label: 'Name' },
          { type: 'setting-field', mapping: 'walls', label: 'Wände' },
          { type: 'setting-field', mapping: 'extras', label: 'Extras' },
        ],
      }),
    );
    const path = pathOf((await details(id)).public_url!);
    const shown = await page(path);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toContain('text/html');
    expect(String(shown.headers['content-security-policy'])).toContain("default-src 'none'");
    expect(shown.body).not.toContain('<script>alert');
    expect(shown.body).toContain('&lt;script&gt;alert(&quot;titel&quot;)&lt;/script&gt; Aufmaß');
    expect(shown.body).toContain('<label for="f-name">Ihr Name');
    expect(shown.body).toContain('type="date"');
    expect(shown.body).toContain('type="checkbox" name="q[extras]"');
    expect(shown.body).toContain('name="q[walls][0][wall]"');
    expect(shown.body).toContain('name="q[sign][name]"');
    expect(shown.body).toContain('Holzwurm GmbH');

    t.clock.advance(5000);
    const ip = randomIp();
    const res = await post(
      path,
      [
        ['_ts', tokenIn(shown.body)],
        ['website', ''],
        ['q[name]', '<img src=x onerror=alert(1)>'],
        ['q[notes]', 'Zwei\r\nZeilen'],
        ['q[rooms]', '3,5'],
        ['q[date]', '2026-11-30'],
        ['q[kind]', 'kitchen'],
        ['q[extras]', 'tiles'],
        ['q[extras]', 'paint'],
        ['q[walls][0][wall]', 'Nord'],
        ['q[walls][0][width]', '4,20'],
        ['q[walls][1][wall]', ''],
        ['q[sign][name]', 'Erika Mustermann'],
      ],
      ip,
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(de('queryForms.publicThanksTitle'));

    const table = await answersTable(id);
    expectOk(table);
    const row = table.body.data!.rows[0]!;
    expect(row.name).toBe('<img src=x onerror=alert(1)>');
    expect(row.walls).toBe('Frage wall: Nord, Frage width: 4,2');
    expect(row.extras).toBe('Fliesen, Anstrich');
    expect(table.body.data!.cells.map((c) => c.label)).toEqual(['Name', 'Wände', 'Extras', 'Eingegangen am']);
    expect((await details(id)).answers).toBe(1);
    const forms = await t.call(api.listQueryForms, { _env: alpha.env }, alpha.token);
    expect(forms.body.data?.find((f) => f._id === id)?.answers).toBe(1);
    const listed = await t.call(
      recordsApi.simpleTableData,
      { _env: alpha.env, model: 'QueryForm', sort: { field: 'answers', dir: 'desc' } },
      alpha.token,
    );
    expect(listed.body.data?.rows.find((r) => r._id === id)?.answers).toBe(1);
  });

  test('validates on the server: German messages linked to their inputs, the values kept', async () => {
    const id = await saved(surveyForm());
    const path = pathOf((await details(id)).public_url!);
    const res = await fill(path, [
      ['q[rooms]', 'drei'],
      ['q[date]', '2026-02-30'],
      ['q[kind]', 'garage'],
      ['q[notes]', '<b>fett</b>'],
      ['q[sign][image]', 'data:image/png;base64,AAAA'],
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(de('queryForms.publicErrorSummary'));
    expect(res.body).toContain(`<p class="error" id="f-name-error">${de('validation.required')}</p>`);
    expect(res.body).toContain('aria-describedby="f-name-error"');
    expect(res.body).toContain(de('validation.number'));
    expect(res.body).toContain(de('validation.date'));
    expect(res.body).toContain(de('queryForms.choiceInvalid'));
    expect(res.body).toContain(de('queryForms.signatureInvalid'));
    expect(res.body).toContain('&lt;b&gt;fett&lt;/b&gt;</textarea>');
    expect(res.body).toContain('href="#f-name"');
    expectOk(await answersTable(id));
    expect((await details(id)).answers).toBe(0);
  });

  test('too fast, a forged time token or a filled honeypot store nothing', async () => {
    const id = await saved(surveyForm());
    const path = pathOf((await details(id)).public_url!);
    const shown = await page(path);
    const fast = await post(path, [
      ['_ts', tokenIn(shown.body)],
      ['q[name]', 'Bot'],
    ]);
    expect(fast.statusCode).toBe(400);
    expect(fast.body).toContain(de('queryForms.tooFast'));
    expect(fast.body).toContain('value="Bot"');
    t.clock.advance(5000);
    const forged = await post(path, [
      ['_ts', `${Date.now() - 60_000}.abc`],
      ['q[name]', 'Bot'],
    ]);
    expect(forged.statusCode).toBe(400);
    const honey = await fill(path, [
      ['q[name]', 'Bot'],
      ['website', 'http://spam.example'],
    ]);
    expect(honey.statusCode).toBe(200);
    expect((await details(id)).answers).toBe(0);
  });

  test('a time token shown on another form or in another environment is refused (issue 30)', async () => {
    const id = await saved(surveyForm());
    const path = pathOf((await details(id)).public_url!);
    const otherForm = pathOf((await details(await saved(surveyForm()))).public_url!);
    const foreignEnv = pathOf((await details(await saved(surveyForm(), beta), beta)).public_url!);
    for (const source of [otherForm, foreignEnv]) {
      const shown = await page(source);
      expect(shown.statusCode).toBe(200);
      t.clock.advance(5000);
      const res = await post(path, [
        ['_ts', tokenIn(shown.body)],
        ['q[name]', 'Bot'],
      ]);
      expect(res.statusCode, source).toBe(400);
      expect(res.body).toContain(de('queryForms.tooFast'));
    }
    expect((await details(id)).answers).toBe(0);
    // The form's own token, a moment later, is taken; after 24 hours it is too old.
    const own = await page(path);
    t.clock.advance(5000);
    expect(
      (
        await post(path, [
          ['_ts', tokenIn(own.body)],
          ['q[name]', 'Erika'],
        ])
      ).statusCode,
    ).toBe(200);
    expect((await details(id)).answers).toBe(1);
    const stale = await page(path);
    t.clock.advance(24 * 60 * 60_000 + 1000);
    expect(
      (
        await post(path, [
          ['_ts', tokenIn(stale.body)],
          ['q[name]', 'Spät'],
        ])
      ).statusCode,
    ).toBe(400);
  });

  test('"another row" without JavaScript shows one more row and keeps what was typed', async () => {
    const id = await saved(surveyForm());
    const path = pathOf((await details(id)).public_url!);
    const res = await post(path, [
      ['q[walls][0][wall]', 'Süd'],
      ['_add', 'walls'],
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('name="q[walls][1][wall]"');
    expect(res.body).toContain('value="Süd"');
  });

  test('a forged key, an unknown environment, a paused publication, the module or web forms off: 404', async () => {
    const id = await saved(surveyForm());
    const url = (await details(id)).public_url!;
    const path = pathOf(url);
    const key = path.split('/').pop()!;
    expect((await page(`/forms/${alpha.env}/${'A'.repeat(32)}`)).statusCode).toBe(404);
    expect((await page(`/forms/${alpha.env}/x`)).statusCode).toBe(404);
    expect((await page(`/forms/gibt-es-nicht/${key}`)).statusCode).toBe(404);
    expect((await post(`/forms/${alpha.env}/${'A'.repeat(32)}`, [['q[name]', 'x']])).statusCode).toBe(404);

    const solo = await userWithEnvironment(t, 'Pause GmbH', 'craftsman');
    const soloId = await saved(surveyForm(), solo);
    const soloPath = pathOf((await details(soloId, solo)).public_url!);
    expect((await page(soloPath)).statusCode).toBe(200);
    expectOk(
      await t.call(
        settingsApi.saveFunctionSettings,
        { _env: solo.env, function: 'queryForms', qualifier: 'html', settings: { is_active: false } },
        solo.token,
      ),
    );
    const off = await page(soloPath);
    expect(off.statusCode).toBe(404);
    expect(off.body).toContain(de('queryForms.publicNotFoundText'));
    expectOk(
      await t.call(
        settingsApi.saveFunctionSettings,
        {
          _env: solo.env,
          function: 'queryForms',
          qualifier: 'html',
          settings: { is_active: true, website_title: 'Pause & Co' },
        },
        solo.token,
      ),
    );
    const titled = await page(soloPath);
    expect(titled.statusCode).toBe(200);
    expect(titled.body).toContain('<span>Pause &amp; Co</span>');
    await saved(
      { ...surveyForm({ id: soloId }), publications: { html_website: { is_active: false, publish_key: null } } },
      solo,
    );
    expect((await page(soloPath)).statusCode).toBe(404);
  });

  test('filled_once: one answer in total, also from parallel posts; the second gets a clear message', async () => {
    const id = await saved(surveyForm({ filled_once: true }));
    const path = pathOf((await details(id)).public_url!);
    const shown = await page(path);
    t.clock.advance(5000);
    const token = tokenIn(shown.body);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        post(path, [
          ['_ts', token],
          ['q[name]', `Person ${i}`],
        ]),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.body).toContain(de('queryForms.alreadyFilled'));
    }
    expect((await details(id)).answers).toBe(1);
    const again = await page(path);
    expect(again.body).toContain(de('queryForms.alreadyFilled'));
  });

  test('a 1 MB answer is refused with 413 as a page, nothing stored', async () => {
    const id = await saved(surveyForm());
    const path = pathOf((await details(id)).public_url!);
    const res = await fill(path, [
      ['q[name]', 'Groß'],
      ['q[notes]', 'x'.repeat(1024 * 1024)],
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain(de('queryForms.answerTooLarge'));
    const long = await fill(path, [['q[name]', 'x'.repeat(1001)]]);
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain(de('validation.maxLength', { n: 1000 }));
    expect((await details(id)).answers).toBe(0);
  });

  test('posts beyond the limit per address are 429 with a German page', async () => {
    const id = await saved(surveyForm());
    const path = pathOf((await details(id)).public_url!);
    const ip = randomIp();
    let last = await post(path, [['q[name]', 'x']], ip);
    for (let i = 0; i < 12 && last.statusCode !== 429; i++) last = await post(path, [['q[name]', 'x']], ip);
    expect(last.statusCode).toBe(429);
    expect(last.headers['content-type']).toContain('text/html');
    expect(last.body).toContain('Zu viele Anfragen');
  });
});

describe('answers: simpletable and CSV export', () => {
  test('the answers table needs its form; the form list is a simpletable model too', async () => {
    const bad = await t.call(recordsApi.simpleTableData, { _env: alpha.env, model: 'QueryFormAnswer' }, alpha.token);
    expectRefused(bad, 400);
    const list = await t.call(
      recordsApi.simpleTableData,
      { _env: alpha.env, model: 'QueryForm', search: 'aufmaß', sort: { field: 'title', dir: 'asc' } },
      alpha.token,
    );
    expectOk(list);
    expect(list.body.data!.rows.length).toBeGreaterThan(0);
    expect(list.body.data!.cells.map((c) => c.mapping)).toEqual(['title', 'answers', 'published', 'filled_once']);
    const wrongSort = await t.call(
      recordsApi.simpleTableData,
      { _env: alpha.env, model: 'QueryForm', sort: { field: 'definition', dir: 'asc' } },
      alpha.token,
    );
    expectRefused(wrongSort, 400);
  });

  test('CSV: UTF-8 with BOM, semicolons, formulas neutralised, HTML kept as text', async () => {
    const id = await saved(surveyForm({ title: 'Export; "Test"' }));
    const path = pathOf((await details(id)).public_url!);
    const res = await fill(path, [
      ['q[name]', "=cmd|' /C calc'!A0"],
      ['q[notes]', '<script>alert(1)</script>; zweite'],
      ['q[rooms]', '-5'],
      ['q[kind]', 'bath'],
    ]);
    expect(res.statusCode).toBe(200);
    const csv = await t.call(api.exportQueryFormAnswers, { _env: alpha.env, id }, alpha.token);
    expectOk(csv);
    const { csv: text, filename } = csv.body.data!;
    expect(filename).toBe('export-test-antworten.csv');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, line] = text.slice(1).split('\r\n');
    expect(header).toBe(
      'Ihr Name;Frage notes;Frage rooms;Frage date;Frage kind;Frage extras;Frage walls;Frage sign;Eingegangen am',
    );
    expect(line?.startsWith(`'=cmd|' /C calc'!A0;"<script>alert(1)</script>; zweite";'-5;;Bad;;;;`)).toBe(true);
  });
});
