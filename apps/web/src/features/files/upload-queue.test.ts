import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { fakeFetch } from '../../test/fake-fetch';
import { type UploadStatus, uploadStore } from '../../ui/upload-store';
import { enqueueUploads, nextUploadDelayMs } from './upload-queue';

/**
 * The browser's upload procedure (spec 01 §4, §9): states in order, one transfer at a time, the next
 * 150 ms after one ended, `failed` on a transfer error with the failed call, a refused prepare
 * failed without it.
 */

type Sent = { url: string; started: number; finish: (status: number) => void };
const sent: Sent[] = [];

/** An XMLHttpRequest that the test finishes by hand, reporting progress first. */
class FakeXhr {
  upload: { onprogress: ((e: { loaded: number }) => void) | null } = { onprogress: null };
  status = 0;
  responseText = '{}';
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(body: Blob) {
    sent.push({
      url: this.url,
      started: Date.now(),
      finish: (status) => {
        this.upload.onprogress?.({ loaded: body.size / 2 });
        this.status = status;
        if (status === 0) this.onerror?.();
        else this.onload?.();
      },
    });
  }
}

const ok = (data: unknown) => ({ body: { status: 'success', data } });
const summary = (id: string, filename: string) => ({
  _id: id,
  filename,
  size: 3,
  type: 'text/plain',
  directory: 'd',
  created_at: '2026-11-24T08:00:00.000Z',
});

let ids = 0;
const statusesOf = (name: string) => uploadStore.get().find((u) => u.filename === name)?.status;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  sent.length = 0;
  uploadStore.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const flush = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
  await vi.advanceTimersByTimeAsync(0);
};

describe('upload queue', () => {
  test('prepares every file, transfers one at a time and starts the next 150 ms after one ended', async () => {
    const api = fakeFetch({
      '/api/filemanager/uploads/prepare': (body) =>
        ok({ file: `f-${(body as { filename: string }).filename}-${ids++}` }),
      '/api/filemanager/uploads/start': (body) =>
        ok({ uploadUrl: `https://files.test/${(body as { id: string }).id}`, headers: {}, multipart: null }),
      '/api/filemanager/uploads/finish': (body) => ok({ file: summary((body as { id: string }).id, 'x') }),
    });
    vi.stubGlobal('fetch', api.fn);
    const seen: Record<string, UploadStatus[]> = { 'a.txt': [], 'b.txt': [] };
    const unsubscribe = uploadStore.subscribe(() => {
      for (const name of Object.keys(seen)) {
        const status = statusesOf(name);
        const list = seen[name] ?? [];
        if (status && list[list.length - 1] !== status) list.push(status);
      }
    });

    const done = enqueueUploads('musterbau', [new File(['aaa'], 'a.txt'), new File(['bbb'], 'b.txt')], 'dir-1');
    await flush();
    expect(sent).toHaveLength(1);
    expect(statusesOf('a.txt')).toBe('uploading');
    expect(statusesOf('b.txt')).toBe('prepared');

    sent[0]?.finish(200);
    await flush();
    expect(statusesOf('a.txt')).toBe('upload-finished');
    // The second waits its 150 ms.
    await vi.advanceTimersByTimeAsync(nextUploadDelayMs - 10);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(20);
    await flush();
    expect(sent).toHaveLength(2);
    sent[1]?.finish(200);
    await flush();
    const results = await Promise.all(done);
    expect(results.map((r) => r?._id)).toEqual([
      expect.stringMatching(/^f-a\.txt/),
      expect.stringMatching(/^f-b\.txt/),
    ]);
    unsubscribe();

    expect(seen['a.txt']).toEqual(['preparing', 'prepared', 'start-uploading', 'uploading', 'upload-finished']);
    expect(seen['b.txt']).toEqual(['preparing', 'prepared', 'start-uploading', 'uploading', 'upload-finished']);
    const prepared = api.calls.filter((c) => c.path === '/api/filemanager/uploads/prepare').map((c) => c.body);
    expect(prepared[0]).toMatchObject({ _env: 'musterbau', filename: 'a.txt', filesize: 3, directory: 'dir-1' });
    expect((prepared[0] as { id: string }).id).toMatch(/^[A-Za-z0-9]{10}$/);
  });

  test('a transfer error marks the upload failed and tells the server; a refused prepare only fails', async () => {
    const api = fakeFetch({
      '/api/filemanager/uploads/prepare': (body) =>
        (body as { filename: string }).filename === 'gross.bin'
          ? {
              status: 413,
              body: {
                status: 'error',
                code: 'too_large',
                message: 'Die Datei ist zu groß: erlaubt sind höchstens 2 GB.',
              },
            }
          : ok({ file: 'f-1' }),
      '/api/filemanager/uploads/start': ok({ uploadUrl: 'https://files.test/f-1', headers: {}, multipart: null }),
      '/api/filemanager/uploads/failed': ok(undefined),
    });
    vi.stubGlobal('fetch', api.fn);
    const [big, small] = enqueueUploads('musterbau', [new File(['x'], 'gross.bin'), new File(['y'], 'klein.txt')]);
    await flush();
    expect(await big).toBeNull();
    expect(uploadStore.get().find((u) => u.filename === 'gross.bin')).toMatchObject({
      status: 'failed',
      error: 'Die Datei ist zu groß: erlaubt sind höchstens 2 GB.',
    });
    sent[0]?.finish(0);
    await flush();
    expect(await small).toBeNull();
    expect(statusesOf('klein.txt')).toBe('failed');
    const failed = api.calls.filter((c) => c.path === '/api/filemanager/uploads/failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]?.body).toMatchObject({ _env: 'musterbau', id: 'f-1', uploadUrl: 'https://files.test/f-1' });
  });

  test('a dropped connection can be tried again (issue 31 item 9); a refusal cannot', async () => {
    const api = fakeFetch({
      '/api/filemanager/uploads/prepare': (body) =>
        (body as { filename: string }).filename === 'gross.bin'
          ? { status: 413, body: { status: 'error', code: 'too_large', message: 'Die Datei ist zu groß.' } }
          : ok({ file: `f-${++ids}` }),
      '/api/filemanager/uploads/start': (body) =>
        ok({ uploadUrl: `https://files.test/${(body as { id: string }).id}`, headers: {}, multipart: null }),
      '/api/filemanager/uploads/failed': ok(undefined),
      '/api/filemanager/uploads/finish': (body) => ok({ file: summary((body as { id: string }).id, 'plan.pdf') }),
    });
    vi.stubGlobal('fetch', api.fn);
    const [big, plan] = enqueueUploads('musterbau', [new File(['x'], 'gross.bin'), new File(['y'], 'plan.pdf')], 'd');
    await flush();
    sent[0]?.finish(0);
    await flush();
    expect(await big).toBeNull();
    expect(await plan).toBeNull();
    const refused = uploadStore.get().find((u) => u.filename === 'gross.bin');
    const dropped = uploadStore.get().find((u) => u.filename === 'plan.pdf');
    expect(refused?.retry).toBeUndefined();
    // No English transport word reaches the screen: the menu names a lost connection itself.
    expect(dropped).toMatchObject({ status: 'failed', error: null });
    expect(dropped?.retry).toBeTypeOf('function');

    dropped?.retry?.();
    await flush();
    const again = uploadStore.get().filter((u) => u.filename === 'plan.pdf');
    expect(again).toHaveLength(1);
    expect(again[0]?.id).not.toBe(dropped?.id);
    sent[1]?.finish(200);
    await flush();
    expect(statusesOf('plan.pdf')).toBe('upload-finished');
    const prepares = api.calls.filter((c) => c.path === '/api/filemanager/uploads/prepare');
    expect(prepares.at(-1)?.body).toMatchObject({ filename: 'plan.pdf', directory: 'd' });
  });
});
