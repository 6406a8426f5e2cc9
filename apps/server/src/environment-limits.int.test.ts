import type { Structure } from '@kontor/contract/api/data-structures';
import * as structuresApi from '@kontor/contract/api/data-structures';
import * as queryFormsApi from '@kontor/contract/api/query-forms';
import { limits } from '@kontor/contract/api/record-types';
import { translator } from '@kontor/contract/i18n/catalogs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../test/assertions';
import { userWithEnvironment } from '../test/fixtures';
import { startTestApp, type TestApp } from '../test/harness';
import { inEnv } from '../test/records';
import { newId } from './db/ids';
import { recordTypes } from './engine/records.table';
import { queryForms } from './features/query-forms/query-forms.table';

/**
 * Issue 28 item 2: what one environment may declare is bounded, generously, with German messages
 * naming the limit (the README's Security section lists every limit). Reaching a limit in one
 * environment changes nothing for another.
 */
const de = translator('de_sie');

let t: TestApp;
let alpha: Awaited<ReturnType<typeof userWithEnvironment>>;
let beta: Awaited<ReturnType<typeof userWithEnvironment>>;
beforeAll(async () => {
  t = await startTestApp();
  alpha = await userWithEnvironment(t, 'Grenzfall GmbH', 'craftsman');
  beta = await userWithEnvironment(t, 'Nachbar KG', 'craftsman');
});
afterAll(() => t.close());

const createStructure = (who: typeof alpha, key: string) =>
  t.call(
    structuresApi.createStructure,
    { _env: who.env, key, parent: 'article', plural: `${key} (alle)`, singular: key },
    who.token,
  );

const newForm = (who: typeof alpha) =>
  t.call(
    queryFormsApi.saveQueryForm,
    {
      _env: who.env,
      id: 'new',
      title: 'Aufmaß',
      definition: [
        { type: 'question', questionType: 'string', key: 'name', title: 'Name', columns: 12, required: true },
      ],
      answer_table_columns: [{ type: 'setting-field', mapping: 'name', label: 'Name' }],
      filled_once: false,
      publications: { html_website: { is_active: false, publish_key: null } },
    },
    who.token,
  );

describe('limits per environment', () => {
  test(`at most ${limits.structuresPerEnvironment} data structures, the presets' types included`, async () => {
    const { n: existing } = await inEnv(t, alpha.env, async (scope) => ({
      n: (await scope.tx.select().from(recordTypes)).length,
    }));
    // The structures up to the limit, written directly (a call each would take minutes).
    await inEnv(t, alpha.env, (scope) =>
      scope.tx.insert(recordTypes).values(
        Array.from({ length: limits.structuresPerEnvironment - existing }, (_, i) => ({
          envId: scope.envId,
          key: `struktur${i}`,
          parent: 'article',
          definition: {},
        })),
      ),
    );
    const refused = await createStructure(alpha, 'eineZuviel');
    expectRefused(refused, 409);
    expect(refused.body.message).toBe(de('structures.tooMany', { n: String(limits.structuresPerEnvironment) }));
    expectOk(await createStructure(beta, 'fahrzeuge')); // the neighbour is not affected
  });

  test(`the lists of a structure sort by at most ${limits.sortableFields} different fields`, async () => {
    const details = await t.call(structuresApi.structureDetails, { _env: beta.env, type: 'fahrzeuge' }, beta.token);
    expectOk(details);
    const s = details.body.data?.type as Structure;
    const extra = Array.from({ length: limits.sortableFields + 1 }, (_, i) => ({
      key: `feld${i}`,
      type: 'string' as const,
      label: `Feld ${i}`,
    }));
    const withCells = (count: number) => {
      const { version, ...rest } = {
        ...s,
        fields: [...s.fields, ...extra],
        lists: s.lists.map((l) =>
          l.key === s.defaultList
            ? {
                ...l,
                cells: [
                  ...l.cells.map((c) => ({ ...c, sortable: false })),
                  ...extra.slice(0, count).map((f) => ({ mapping: f.key, label: f.label, sortable: true })),
                ],
              }
            : { ...l, cells: l.cells.map((c) => ({ ...c, sortable: false })) },
        ),
      };
      return { ...rest, orgKey: s.key, version, _env: beta.env } as Parameters<
        typeof t.call<typeof structuresApi.saveStructure>
      >[1];
    };
    const refused = await t.call(structuresApi.saveStructure, withCells(limits.sortableFields + 1), beta.token);
    expectRefused(refused, 400);
    const messages = Object.values(refused.body.errors ?? {}).flat();
    expect(messages).toContain(de('structures.tooManySortable', { n: String(limits.sortableFields) }));
    expectOk(await t.call(structuresApi.saveStructure, withCells(limits.sortableFields), beta.token));
  });

  test(`at most ${queryFormsApi.queryFormLimits.formsPerEnvironment} query forms`, async () => {
    await inEnv(t, alpha.env, (scope) =>
      scope.tx.insert(queryForms).values(
        Array.from({ length: queryFormsApi.queryFormLimits.formsPerEnvironment }, (_, i) => ({
          envId: scope.envId,
          id: newId(),
          title: `Formular ${i}`,
        })),
      ),
    );
    const refused = await newForm(alpha);
    expectRefused(refused, 409);
    expect(refused.body.message).toBe(
      de('queryForms.tooMany', { n: String(queryFormsApi.queryFormLimits.formsPerEnvironment) }),
    );
    expectOk(await newForm(beta));
  });
});
