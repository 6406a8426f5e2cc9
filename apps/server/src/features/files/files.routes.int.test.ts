import type { Structure } from '@kontor/contract/api/data-structures';
import * as structuresApi from '@kontor/contract/api/data-structures';
import * as envApi from '@kontor/contract/api/environments';
import * as filesApi from '@kontor/contract/api/files';
import type { DataField } from '@kontor/contract/api/record-types';
import * as recordsApi from '@kontor/contract/api/records';
import { translator } from '@kontor/contract/i18n/catalogs';
import { afterAll, describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../../../test/assertions';
import { getBytes, mainDirectory, pngBytes, putBytes, uploadFile, uploadId } from '../../../test/files';
import { userWithEnvironment } from '../../../test/fixtures';
import { startTestApp } from '../../../test/harness';
import { trustedEnvId } from '../../db/env-scope';
import { filesRepo } from './files.repo';
import { storeSystemFile } from './files.service';

const de = translator('de_sie');
const t = await startTestApp({
  config: { fileLimits: { maxFileBytes: 64 * 1024 * 1024, quotaBytes: 80 * 1024 * 1024 } },
});
afterAll(() => t.close());
const u = await userWithEnvironment(t, 'Dateien GmbH');

describe('main directory and folders', () => {
  test('the environment details name the main directory, which lists as the root', async () => {
    const details = await t.call(envApi.environmentDetails, { _env: u.env }, u.token);
    const main = await mainDirectory(t, u);
    expect(details.body.data?.filemanagerDir).toBe(main);
    const listing = await t.call(filesApi.directoryListing, { _env: u.env, id: main }, u.token);
    expect(listing.body.data?.path).toEqual([{ _id: main, name: 'Hauptverzeichnis' }]);
    expect(listing.body.data?.directory.parent).toBeNull();
  });

  test('creates, renames and recursively deletes folders; names collide case-insensitively', async () => {
    const main = await mainDirectory(t, u);
    const created = await t.call(
      filesApi.createDirectory,
      { _env: u.env, name: '  Belege 2026 ', location: main },
      u.token,
    );
    expect(created.body.data?.directory.name).toBe('Belege 2026');
    const folder = created.body.data?.directory._id as string;

    const again = await t.call(filesApi.createDirectory, { _env: u.env, name: 'belege 2026', location: main }, u.token);
    expectRefused(again, 409);
    expect(again.body.errors?.name).toEqual([de('files.nameTaken')]);

    const inner = await t.call(filesApi.createDirectory, { _env: u.env, name: 'Januar', location: folder }, u.token);
    const innerId = inner.body.data?.directory._id as string;
    const file = await uploadFile(t, u, 'Quittung.png', pngBytes(100), innerId);

    const renamed = await t.call(
      filesApi.renameEntry,
      { _env: u.env, type: 'directory', id: folder, name: 'Belege' },
      u.token,
    );
    expect(renamed.statusCode).toBe(200);
    const tree = await t.call(filesApi.directoryTree, { _env: u.env }, u.token);
    expect(tree.body.data?.tree.map((d) => d.name)).toEqual(
      expect.arrayContaining(['Hauptverzeichnis', 'Belege', 'Januar']),
    );
    const path = await t.call(filesApi.directoryListing, { _env: u.env, id: innerId }, u.token);
    expect(path.body.data?.path.map((p) => p.name)).toEqual(['Hauptverzeichnis', 'Belege', 'Januar']);

    const removed = await t.call(filesApi.deleteEntry, { _env: u.env, type: 'directory', id: folder }, u.token);
    expect(removed.body.data?.removed).toBe(1);
    expect(await t.deps.storage.head(`${await envIdOf()}/${file._id}`)).toBeUndefined();
    expectRefused(await t.call(filesApi.fileDetails, { _env: u.env, id: file._id }, u.token), 404);
    expectRefused(await t.call(filesApi.directoryListing, { _env: u.env, id: innerId }, u.token), 404);
  });

  test('the main directory can be neither renamed nor deleted', async () => {
    const main = await mainDirectory(t, u);
    const rename = await t.call(filesApi.renameEntry, { _env: u.env, type: 'directory', id: main, name: 'X' }, u.token);
    expectRefused(rename, 403);
    expect(rename.body.message).toBe(de('files.mainDirectoryFixed'));
    expectRefused(await t.call(filesApi.deleteEntry, { _env: u.env, type: 'directory', id: main }, u.token), 403);
  });

  test.each([
    ['', 'files.nameBlank'],
    ['   ', 'files.nameBlank'],
    ['x'.repeat(300), 'files.nameTooLong'],
    ['../geheim', 'files.nameSeparator'],
    ['a\\b', 'files.nameSeparator'],
    ['..', 'files.nameDots'],
    ['a\u0000b', 'files.nameControl'],
    ['zeile\numbruch', 'files.nameControl'],
    ['\ud800x', 'files.nameControl'],
    ['rechnung\u202Efdp.exe', 'files.nameBidi'],
  ] as const)('refuses the folder name %j with a clear message', async (name, key) => {
    const main = await mainDirectory(t, u);
    const res = await t.call(filesApi.createDirectory, { _env: u.env, name, location: main }, u.token);
    expectRefused(res, 400);
    expect(res.body.errors?.name).toEqual([de(key, { n: 255 })]);
  });
});

describe('uploads', () => {
  test('a small upload becomes a file whose type comes from its bytes; the download gives the same bytes', async () => {
    const bytes = pngBytes(5000);
    const file = await uploadFile(t, u, 'Logo.txt', bytes);
    expect(file).toMatchObject({ filename: 'Logo.txt', size: bytes.length, type: 'image/png' });

    const listing = await t.call(filesApi.directoryListing, { _env: u.env }, u.token);
    expect(listing.body.data?.children).toContainEqual(
      expect.objectContaining({ type: 'file', _id: file._id, name: 'Logo.txt', size: bytes.length, mime: 'image/png' }),
    );

    const link = await t.call(filesApi.downloadFile, { _env: u.env, id: file._id }, u.token);
    const got = await getBytes(t, link.body.data?.url as string);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['content-disposition']).toMatch(/^attachment/);
    expect(Buffer.compare(got.rawPayload, bytes)).toBe(0);

    const previews = await t.call(filesApi.previewUrls, { _env: u.env, files: [file._id] }, u.token);
    const preview = previews.body.data?.files[file._id];
    expect(preview?.filename).toBe('Logo.txt');
    const shown = await getBytes(t, preview?.url as string);
    expect(shown.headers['content-disposition']).toMatch(/^inline/);
  });

  test('a second upload of the same name is numbered, never overwrites', async () => {
    const a = await uploadFile(t, u, 'Doppelt.csv', Buffer.from('a;b\n1;2\n'));
    const b = await uploadFile(t, u, 'doppelt.csv', Buffer.from('a;b\n3;4\n'));
    expect(a.filename).toBe('Doppelt.csv');
    expect(b.filename).toBe('doppelt (2).csv');
  });

  test('numbering skips every taken name at once: files, pending uploads and folders, in any case', async () => {
    const main = await mainDirectory(t, u);
    const created = await t.call(filesApi.createDirectory, { _env: u.env, name: 'Scans', location: main }, u.token);
    const folder = created.body.data?.directory._id as string;
    expectOk(await t.call(filesApi.createDirectory, { _env: u.env, name: 'SCAN (3).txt', location: folder }, u.token));
    for (let i = 0; i < 40; i++) {
      const prepared = await t.call(
        filesApi.prepareUpload,
        { _env: u.env, id: uploadId(), filename: 'scan.txt', filesize: 4, filetype: 'text/plain', directory: folder },
        u.token,
      );
      expectOk(prepared);
    }
    // scan.txt, scan (2).txt, then (4) … (41): the folder holds (3).
    expect((await uploadFile(t, u, 'Scan.txt', Buffer.from('scan'), folder)).filename).toBe('Scan (42).txt');
    // A name at the length limit keeps its extension and the limit when numbered.
    const long = `${'x'.repeat(251)}.txt`;
    expect((await uploadFile(t, u, long, Buffer.from('lang'), folder)).filename).toBe(long);
    expect((await uploadFile(t, u, long, Buffer.from('lang'), folder)).filename).toBe(`${'x'.repeat(247)} (2).txt`);
  });

  test('a file over 8 MiB goes in parts and resumes after an interruption', async () => {
    const size = 9 * 1024 * 1024 + 17;
    const bytes = Buffer.alloc(size, 3);
    pngBytes().copy(bytes);
    const prepared = await t.call(
      filesApi.prepareUpload,
      { _env: u.env, id: uploadId(), filename: 'Gross.bin', filesize: size },
      u.token,
    );
    const id = prepared.body.data?.file as string;
    const first = await t.call(filesApi.startUpload, { _env: u.env, id }, u.token);
    const mp = first.body.data?.multipart;
    expect(mp).toMatchObject({ partCount: 2, received: [], partNumber: 1 });
    const partSize = mp?.partSize as number;
    expect((await putBytes(t, first.body.data?.uploadUrl as string, bytes.subarray(0, partSize))).statusCode).toBe(200);

    // The page was reloaded: starting again reports part 1 as received and offers part 2.
    const resumed = await t.call(filesApi.startUpload, { _env: u.env, id }, u.token);
    expect(resumed.body.data?.multipart).toMatchObject({ received: [1], partNumber: 2 });
    const early = await t.call(filesApi.finishUpload, { _env: u.env, id }, u.token);
    expectRefused(early, 409);
    expect(early.body.message).toBe(de('files.incomplete'));

    const urls = await t.call(filesApi.uploadPartUrls, { _env: u.env, id, parts: [2] }, u.token);
    const part2 = urls.body.data?.urls[0];
    expect(part2?.partNumber).toBe(2);
    expect((await putBytes(t, part2?.url as string, bytes.subarray(partSize))).statusCode).toBe(200);
    const done = await t.call(filesApi.finishUpload, { _env: u.env, id }, u.token);
    expect(done.body.data?.file).toMatchObject({ size, type: 'image/png' });

    const beyond = await t.call(filesApi.uploadPartUrls, { _env: u.env, id, parts: [3] }, u.token);
    expectRefused(beyond, 404);
  });

  test('refuses empty files, oversized files and the quota with German 4xx messages', async () => {
    const empty = await t.call(
      filesApi.prepareUpload,
      { _env: u.env, id: uploadId(), filename: 'leer.txt', filesize: 0 },
      u.token,
    );
    expectRefused(empty, 400);
    expect(empty.body.errors?.filesize).toEqual([de('files.emptyFile')]);

    const big = await t.call(
      filesApi.prepareUpload,
      { _env: u.env, id: uploadId(), filename: 'riesig.bin', filesize: 65 * 1024 * 1024 },
      u.token,
    );
    expectRefused(big, 413);
    expect(big.body.message).toBe(de('files.fileTooLarge', { max: '64 MB' }));

    // 60 MiB fit under the size limit but not into what is left of the 80 MiB quota.
    const first = await t.call(
      filesApi.prepareUpload,
      { _env: u.env, id: uploadId(), filename: 'a.bin', filesize: 60 * 1024 * 1024 },
      u.token,
    );
    expect(first.statusCode).toBe(200);
    const second = await t.call(
      filesApi.prepareUpload,
      { _env: u.env, id: uploadId(), filename: 'b.bin', filesize: 60 * 1024 * 1024 },
      u.token,
    );
    expectRefused(second, 413);
    expect(second.body.message).toMatch(/^Der Speicherplatz der Firmenumgebung reicht nicht aus/);
    // Giving up the first upload frees its reservation.
    const failed = await t.call(
      filesApi.failedUpload,
      { _env: u.env, id: first.body.data?.file as string, error: 'abgebrochen' },
      u.token,
    );
    expect(failed.statusCode).toBe(200);
    const third = await t.call(
      filesApi.prepareUpload,
      { _env: u.env, id: uploadId(), filename: 'b.bin', filesize: 60 * 1024 * 1024 },
      u.token,
    );
    expect(third.statusCode).toBe(200);
    await t.call(filesApi.failedUpload, { _env: u.env, id: third.body.data?.file as string }, u.token);
  });

  test('finish without start, a PUT beyond the declared size and an early finish are refused; nothing is listed', async () => {
    const prepared = await t.call(
      filesApi.prepareUpload,
      { _env: u.env, id: uploadId(), filename: 'kurz.txt', filesize: 10 },
      u.token,
    );
    const id = prepared.body.data?.file as string;
    const early = await t.call(filesApi.finishUpload, { _env: u.env, id }, u.token);
    expectRefused(early, 409);
    expect(early.body.message).toBe(de('files.uploadNotStarted'));

    const started = await t.call(filesApi.startUpload, { _env: u.env, id }, u.token);
    const url = started.body.data?.uploadUrl as string;
    const tooLong = await putBytes(t, url, Buffer.alloc(11, 65));
    expect(tooLong.statusCode).toBe(413);
    expect(tooLong.json().message).toBe(de('files.tooLarge'));
    const unfinished = await t.call(filesApi.finishUpload, { _env: u.env, id }, u.token);
    expectRefused(unfinished, 409);
    const listing = await t.call(filesApi.directoryListing, { _env: u.env }, u.token);
    expect(listing.body.data?.children.map((c) => c._id)).not.toContain(id);

    await t.call(filesApi.failedUpload, { _env: u.env, id, uploadUrl: url, error: 'HTTP 413' }, u.token);
    expectRefused(await t.call(filesApi.startUpload, { _env: u.env, id }, u.token), 404);
  });

  test('an interrupted upload is cleaned up by the housekeeping a day later', async () => {
    const prepared = await t.call(
      filesApi.prepareUpload,
      { _env: u.env, id: uploadId(), filename: 'halb.bin', filesize: 9 * 1024 * 1024 },
      u.token,
    );
    const id = prepared.body.data?.file as string;
    const started = await t.call(filesApi.startUpload, { _env: u.env, id }, u.token);
    const partSize = started.body.data?.multipart?.partSize as number;
    await putBytes(t, started.body.data?.uploadUrl as string, Buffer.alloc(partSize, 1));
    t.clock.advance(25 * 60 * 60_000);
    const { startMaintenance } = await import('../../maintenance');
    await startMaintenance(t.deps, () => {}, 3_600_000).run();
    expectRefused(await t.call(filesApi.startUpload, { _env: u.env, id }, u.token), 404);
    // The name is free again.
    const again = await t.call(
      filesApi.prepareUpload,
      { _env: u.env, id: uploadId(), filename: 'halb.bin', filesize: 5 },
      u.token,
    );
    expect(again.statusCode).toBe(200);
    await t.call(filesApi.failedUpload, { _env: u.env, id: again.body.data?.file as string }, u.token);
  });
});

describe('a started single-request upload that never arrives', () => {
  test('stops holding the quota when its link has expired and is then cleaned up', async () => {
    const envId = trustedEnvId(await envIdOf());
    const used = () => t.deps.database.inEnv(envId, null, (scope) => filesRepo(scope).usedBytes(t.clock.now()));
    const before = await used();
    const prepared = await t.call(
      filesApi.prepareUpload,
      { _env: u.env, id: uploadId(), filename: 'nie-angekommen.bin', filesize: 5 * 1024 * 1024 },
      u.token,
    );
    const id = prepared.body.data?.file as string;
    const started = await t.call(filesApi.startUpload, { _env: u.env, id }, u.token);
    expect(started.body.data?.multipart).toBeNull();
    expect(await used()).toBe(before + 5 * 1024 * 1024);
    // The link lives 15 minutes; a PUT begun just before that may still be arriving.
    t.clock.advance(20 * 60_000);
    expect(await used()).toBe(before + 5 * 1024 * 1024);
    t.clock.advance(6 * 60_000);
    expect(await used()).toBe(before);
    const { startMaintenance } = await import('../../maintenance');
    await startMaintenance(t.deps, () => {}, 3_600_000).run();
    expectRefused(await t.call(filesApi.startUpload, { _env: u.env, id }, u.token), 404);
  });
});

describe('references to removed files', () => {
  test('preview-urls leaves out a removed file instead of failing', async () => {
    const kept = await uploadFile(t, u, 'bleibt.txt', Buffer.from('bleibt'));
    const gone = await uploadFile(t, u, 'weg.txt', Buffer.from('weg'));
    await t.call(filesApi.deleteEntry, { _env: u.env, type: 'file', id: gone._id }, u.token);
    const previews = await t.call(filesApi.previewUrls, { _env: u.env, files: [kept._id, gone._id] }, u.token);
    expect(Object.keys(previews.body.data?.files ?? {})).toEqual([kept._id]);
  });
});

const envIdOf = async () => {
  const details = await t.call(envApi.environmentDetails, { _env: u.env }, u.token);
  return details.body.data?.environment._id as string;
};

describe('files in records', () => {
  test('a files field takes own files only; a deleted file shows as missing, the form still loads', async () => {
    // The craftsman template brings the customers type with its attachments.
    const u = await userWithEnvironment(t, 'Tischlerei GmbH', 'craftsman');
    const own = await uploadFile(t, u, 'Vertrag.pdf', Buffer.from('%PDF-1.4\n%\u00e2\u00e3\n1 0 obj\n<<>>\nendobj\n'));
    expect(own.type).toBe('application/pdf');
    const other = await userWithEnvironment(t, 'Andere GmbH');
    const foreign = await uploadFile(t, other, 'fremd.txt', Buffer.from('fremd'));

    const refused = await t.call(
      recordsApi.saveRecord,
      { _env: u.env, type: 'customers', id: 'new', data: { name: 'Müller GmbH', attachments: [own._id, foreign._id] } },
      u.token,
    );
    expectRefused(refused, 400);
    expect(refused.body.errors?.attachments).toEqual([de('files.fieldFileMissing')]);

    const saved = await t.call(
      recordsApi.saveRecord,
      { _env: u.env, type: 'customers', id: 'new', data: { name: 'Müller GmbH', attachments: [own._id, own._id] } },
      u.token,
    );
    expect(saved.statusCode, JSON.stringify(saved.body)).toBe(200);
    const id = saved.body.data?.key as string;

    await t.call(filesApi.deleteEntry, { _env: u.env, type: 'file', id: own._id }, u.token);
    const form = await t.call(recordsApi.loadRecordForm, { _env: u.env, type: 'customers', id }, u.token);
    expect(form.statusCode).toBe(200);
    expect(form.body.data?.values.attachments).toEqual([own._id, own._id]);
    const previews = await t.call(filesApi.previewUrls, { _env: u.env, files: [own._id] }, u.token);
    expect(previews.body.data?.files).toEqual({});
  });
});

describe('system files (the stages’ frozen PDFs)', () => {
  test('are stored in a read-only system folder: listed and downloadable, not renamed, deleted or uploaded into', async () => {
    const envId = await envIdOf();
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n');
    const stored = await t.deps.database.inEnv(trustedEnvId(envId), null, (scope) =>
      storeSystemFile(scope, t.deps.storage, {
        folder: 'Archiv',
        filename: 'RE-2026-001.pdf',
        body: pdf,
        now: new Date(),
      }),
    );
    const again = await t.deps.database.inEnv(trustedEnvId(envId), null, (scope) =>
      storeSystemFile(scope, t.deps.storage, {
        folder: 'Archiv',
        filename: 'RE-2026-001.pdf',
        body: pdf,
        now: new Date(),
      }),
    );
    expect(stored).toMatchObject({ filename: 'RE-2026-001.pdf', type: 'application/pdf', size: pdf.length });
    expect(again.filename).toBe('RE-2026-001 (2).pdf');
    expect(again.directory).toBe(stored.directory);

    const listing = await t.call(filesApi.directoryListing, { _env: u.env, id: stored.directory }, u.token);
    expect(listing.body.data?.directory).toMatchObject({ name: 'Archiv', system: true });
    expect(listing.body.data?.children.map((c) => c.name)).toEqual(['RE-2026-001 (2).pdf', 'RE-2026-001.pdf']);
    const link = await t.call(filesApi.downloadFile, { _env: u.env, id: stored._id }, u.token);
    expect((await getBytes(t, link.body.data?.url as string)).body).toBe(pdf.toString());

    const refusals = [
      await t.call(filesApi.renameEntry, { _env: u.env, type: 'file', id: stored._id, name: 'x.pdf' }, u.token),
      await t.call(filesApi.deleteEntry, { _env: u.env, type: 'file', id: stored._id }, u.token),
      await t.call(filesApi.deleteEntry, { _env: u.env, type: 'directory', id: stored.directory }, u.token),
      await t.call(filesApi.createDirectory, { _env: u.env, name: 'X', location: stored.directory }, u.token),
      await t.call(
        filesApi.prepareUpload,
        { _env: u.env, id: uploadId(), filename: 'x.pdf', filesize: 3, directory: stored.directory },
        u.token,
      ),
    ];
    for (const res of refusals) {
      expectRefused(res, 403);
      expect(res.body.message).toBe(de('files.systemReadOnly'));
    }
  });
});

describe('files inside maps', () => {
  test("a file field inside a map takes own files only; another environment's is refused at its path", async () => {
    const u = await userWithEnvironment(t, 'Fuhrpark GmbH');
    const other = await userWithEnvironment(t, 'Fremd GmbH');
    const own = await uploadFile(t, u, 'foto.png', pngBytes());
    const foreign = await uploadFile(t, other, 'fremd.png', pngBytes());
    expectOk(
      await t.call(
        structuresApi.createStructure,
        { _env: u.env, key: 'fahrzeuge', parent: 'article', plural: 'Fahrzeuge', singular: 'Fahrzeug' },
        u.token,
      ),
    );
    const details = await t.call(structuresApi.structureDetails, { _env: u.env, type: 'fahrzeuge' }, u.token);
    const { version, ...structure } = (details.body.data as { type: Structure }).type;
    const damages: DataField = {
      key: 'schaeden',
      type: 'map',
      label: 'Schäden',
      definition: [
        { key: 'text', type: 'string', label: 'Beschreibung' },
        { key: 'foto', type: 'file', label: 'Foto' },
      ],
    };
    expectOk(
      await t.call(
        structuresApi.saveStructure,
        {
          ...structure,
          fields: [...structure.fields, damages],
          forms: structure.forms.map((f) =>
            f.key === structure.mainForm
              ? { ...f, fields: [...f.fields, { type: 'field', field: 'schaeden', columns: 12 }] }
              : f,
          ),
          orgKey: 'fahrzeuge',
          version,
          _env: u.env,
        } as Parameters<typeof t.call<typeof structuresApi.saveStructure>>[1],
        u.token,
      ),
    );
    const save = (photo: string) =>
      t.call(
        recordsApi.saveRecord,
        {
          _env: u.env,
          type: 'fahrzeuge',
          id: 'new',
          data: {
            title: 'Transporter',
            schaeden: [
              { text: 'Delle', foto: own._id },
              { text: 'Kratzer', foto: photo },
            ],
          },
        },
        u.token,
      );
    const refused = await save(foreign._id);
    expectRefused(refused, 400);
    expect(refused.body.errors?.['schaeden[1].foto']).toEqual([de('files.fieldFileMissing')]);
    expect(refused.body.errors?.['schaeden[0].foto']).toBeUndefined();
    expectOk(await save(own._id));
  });
});
