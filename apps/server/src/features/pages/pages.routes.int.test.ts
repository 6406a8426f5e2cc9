import { pageDetails } from '@kontor/contract/api/pages';
import * as records from '@kontor/contract/api/records';
import { translator } from '@kontor/contract/i18n/catalogs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../../../test/assertions';
import { userWithEnvironment } from '../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../test/harness';
import { defineChildType } from '../../../test/records';

const de = translator('de_sie');

let t: TestApp;
let owner: Awaited<ReturnType<typeof userWithEnvironment>>;
let id: string;

beforeAll(async () => {
  t = await startTestApp();
  owner = await userWithEnvironment(t, 'Seiten GmbH', 'craftsman');
  // A type an administrator defined, with a page whose links and texts come from record data.
  await defineChildType(t, owner.env, {
    key: 'notizen',
    parent: 'invoice',
    definition: {
      pages: [
        {
          key: 'probe',
          name: 'Probe',
          elements: [
            { type: 'text', text: 'Betreff: {{subject}}' },
            { type: 'a', label: 'extern', href: '{{subject}}' },
            { type: 'a', label: 'Web', href: 'https://example.org/{{intro}}' },
            { type: 'link', label: 'intern', to: '//evil.example/x' },
            { type: 'link', label: 'Liste', to: '/dyn/notizen' },
            { type: 'image', src: 'http://example.org/a.png', alt: 'Bild' },
            { type: 'map', address: '{{subject}}' },
            { type: 'dynrecordStageLabel' },
          ],
        },
      ],
    },
  });
  const customers = await t.call(
    records.simpleTableData,
    { _env: owner.env, model: 'DynamicRecord', type: 'customers' },
    owner.token,
  );
  const saved = await t.call(
    records.saveRecord,
    {
      _env: owner.env,
      type: 'notizen',
      id: 'new',
      data: {
        customer: customers.body.data?.rows[0]?._id,
        date: '2026-03-02',
        subject: 'javascript:alert(1)<script>',
        // An invoice draft's number is the server's (issue 31); the link reads another field.
        intro: 'N-1',
      },
    },
    owner.token,
  );
  expectOk(saved);
  id = saved.body.data?.key ?? '';
});
afterAll(() => t.close());

describe('pages/details of a defined type', () => {
  test('fills placeholders as text and keeps links inside the app and addresses to the web', async () => {
    const res = await t.call(pageDetails, { _env: owner.env, type: 'notizen', id, page: 'probe' }, owner.token);
    expectOk(res);
    expect(res.body.data?.definition.elements).toEqual([
      { type: 'text', text: 'Betreff: javascript:alert(1)<script>' },
      { type: 'a', label: 'extern', href: '' },
      { type: 'a', label: 'Web', href: 'https://example.org/N-1' },
      { type: 'link', label: 'intern', to: '' },
      { type: 'link', label: 'Liste', to: '/dyn/notizen' },
      { type: 'image', src: '', alt: 'Bild' },
      { type: 'map', address: 'javascript:alert(1)<script>' },
      { type: 'dynrecordStageLabel' },
    ]);
    expect(res.body.data?.element).toMatchObject({ _id: id, type: 'notizen', stage: { key: 'draft' } });
  });

  test('the inherited default page is there too; unknown pages, records and types are 404', async () => {
    expectOk(await t.call(pageDetails, { _env: owner.env, type: 'notizen', id, page: 'details' }, owner.token));
    const unknown = await t.call(pageDetails, { _env: owner.env, type: 'notizen', id, page: 'nix' }, owner.token);
    expectRefused(unknown, 404);
    expect(unknown.body.message).toBe(de('stages.unknownPage'));
    expectRefused(
      await t.call(pageDetails, { _env: owner.env, type: 'invoices', id, page: 'details' }, owner.token),
      404,
    );
    expectRefused(
      await t.call(pageDetails, { _env: owner.env, type: 'gibtsnicht', id, page: 'details' }, owner.token),
      404,
    );
  });
});
