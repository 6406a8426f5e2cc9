import * as structuresApi from '@kontor/contract/api/data-structures';
import * as api from '@kontor/contract/api/query-forms';
import * as recordsApi from '@kontor/contract/api/records';
import { sql } from 'drizzle-orm';
import { PDFDict, PDFDocument, PDFName, type PDFNumber, PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectOk } from '../../../test/assertions';
import { userWithEnvironment } from '../../../test/fixtures';
import { randomIp, startTestApp, type TestApp } from '../../../test/harness';
import { readPdf } from '../../../test/pdf-reader';
import { png } from '../../../test/pdf-samples';

/**
 * Issue 12 item 6: a signature answered through a query-form link lands in the record, and the
 * record's PDF export (the shipped offer template, which has no signature block of its own) shows it.
 */

let t: TestApp;
let owner: Awaited<ReturnType<typeof userWithEnvironment>>;
let customerId: string;

beforeAll(async () => {
  t = await startTestApp();
  owner = await userWithEnvironment(t, 'Malerei Pinsel GmbH', 'craftsman');
  const customers = await t.call(
    recordsApi.simpleTableData,
    { _env: owner.env, model: 'DynamicRecord', type: 'customers' },
    owner.token,
  );
  customerId = customers.body.data?.rows[0]?._id ?? '';
});
afterAll(() => t.close());

const question = (key: string, questionType: 'string' | 'date' | 'signature', title: string) => ({
  type: 'question' as const,
  questionType,
  key,
  title,
  columns: 12,
  required: true,
});

/** The images page 1 draws, by their size in pixels. */
const pageImages = async (bytes: Uint8Array) => {
  const pdf = await PDFDocument.load(bytes);
  const resources = pdf.getPage(0).node.Resources();
  const xObjects = resources?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  return (xObjects?.entries() ?? []).flatMap(([, ref]) => {
    const object = pdf.context.lookup(ref);
    if (!(object instanceof PDFRawStream)) return [];
    const dict = object.dict;
    if (dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) return [];
    const size = (key: string) => (dict.get(PDFName.of(key)) as PDFNumber).asNumber();
    return [`${size('Width')}x${size('Height')}`];
  });
};

describe('a signature answer in the record PDF export', () => {
  test('filled through a linked form, the drawn signature is printed on the offer export over its question title', async () => {
    const saved = await t.call(
      api.saveQueryForm,
      {
        _env: owner.env,
        id: 'new',
        title: 'Auftragserteilung',
        definition: [
          question('nummer', 'string', 'Angebotsnummer'),
          question('kunde', 'string', 'Kundenkennung'),
          question('datum', 'date', 'Datum'),
          question('sign', 'signature', 'Unterschrift Auftraggeber'),
        ],
        answer_table_columns: [],
        filled_once: false,
        publications: { html_website: { is_active: true, publish_key: null } },
      },
      owner.token,
    );
    expectOk(saved);
    const formId = saved.body.data!.id;

    const details = await t.call(structuresApi.structureDetails, { _env: owner.env, type: 'offers' }, owner.token);
    expectOk(details);
    const { version, ...structure } = details.body.data!.type;
    expectOk(
      await t.call(
        structuresApi.saveStructure,
        {
          ...structure,
          fields: [...structure.fields, { key: 'acceptance_signature', type: 'string', label: 'Unterschrift' }],
          // On no form: a mapped field is taken all the same (the records service's extraFields).
          queryForms: [
            {
              form: formId,
              portal_fillable: false,
              portal_requirement: false,
              url_fillable: true,
              multiple: true,
              editable: false,
              mapping: { nummer: 'number', kunde: 'customer', datum: 'date', sign: 'acceptance_signature' },
            },
          ],
          orgKey: 'offers',
          version,
          _env: owner.env,
        } as never,
        owner.token,
      ),
    );

    // A visitor fills the published form and draws a signature (a 240 × 80 px PNG).
    const drawn = `data:image/png;base64,${Buffer.from(png(240, 80, (x, y) => (Math.abs(y - 40 - Math.round(20 * Math.sin(x / 20))) < 3 ? [20, 20, 20] : [255, 255, 255]))).toString('base64')}`;
    const form = await t.call(api.queryFormDetails, { _env: owner.env, id: formId }, owner.token);
    const path = new URL(form.body.data!.public_url!).pathname;
    const shown = await t.app.inject({ method: 'GET', url: path, remoteAddress: randomIp() });
    const ts = /name="_ts" value="([^"]+)"/.exec(shown.body)?.[1] ?? '';
    t.clock.advance(5000);
    const sent = await t.app.inject({
      method: 'POST',
      url: path,
      remoteAddress: randomIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams([
        ['_ts', ts],
        ['q[nummer]', 'AN-2026-0042'],
        ['q[kunde]', customerId],
        ['q[datum]', '2026-11-24'],
        ['q[sign][image]', drawn],
      ]).toString(),
    });
    expect(sent.body.match(/<li><a href="[^"]*">[^<]*/g) ?? []).toEqual([]);
    expect(sent.statusCode).toBe(200);

    // The answer created an offer holding the signature.
    const offers = (
      await t.asSuperuser(sql`select id, data from records where type = 'offers' and data->>'number' = 'AN-2026-0042'`)
    ).rows as { id: string; data: Record<string, unknown> }[];
    expect(offers).toHaveLength(1);
    expect(offers[0]?.data.acceptance_signature).toBe(drawn);
    const offerId = offers[0]?.id ?? '';

    // Its PDF export (the offer template) prints the drawn signature as an image over the question's title.
    const preview = await t.call(
      recordsApi.recordExportPreview,
      { _env: owner.env, type: 'offers', id: offerId },
      owner.token,
    );
    expectOk(preview);
    const pdf = await t.app.inject({ method: 'GET', url: preview.body.data!.urlPreview! });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(await pageImages(pdf.rawPayload)).toContain('240x80');
    const text = (await readPdf(pdf.rawPayload)).map((p) => p.text).join('\n');
    expect(text).toContain('Unterschrift Auftraggeber');
    if (process.env.SIGNATURE_PDF_OUT) {
      const { writeFile } = await import('node:fs/promises');
      await writeFile(process.env.SIGNATURE_PDF_OUT, pdf.rawPayload);
    }
  });
});
