import * as filesApi from '@kontor/contract/api/files';
import type { DataOf } from '@kontor/contract/call';
import { api, hasErrorCode, isApiError } from '../../api/api';
import { queryClient } from '../../app/query-client';
import { newUploadId, uploadStore } from '../../ui/upload-store';
import { fileKeys } from './files.queries';
import { fingerprint, resumeStore } from './resume-store';
import { putWithProgress, TransferError, withRetries } from './upload-transfer';

/**
 * The browser's upload procedure (spec 01 §3, §4, §9): every chosen file is prepared at once
 * (preparing → prepared, or failed), then the queue runs one upload at a time (start-uploading →
 * uploading with its percentage → upload-finished, or failed) and starts the next prepared one
 * 150 ms after one ended. Files over 8 MiB go in parts; choosing the same file again after a
 * reload resumes with the parts the server already has.
 */
const maxParallelUploads = 1;
export const nextUploadDelayMs = 150;
const multipartThreshold = 8 * 1024 * 1024;

export type UploadResult = filesApi.FileSummary | null;

type Job = {
  id: string;
  envKey: string;
  file: File;
  fileId: string;
  resumed: boolean;
  directory: string | undefined;
  done: (result: UploadResult) => void;
};

const waiting: Job[] = [];
let running = 0;
let preparing: Promise<void> = Promise.resolve();

const percent = (loaded: number, total: number) => (total === 0 ? 100 : Math.min(100, (loaded / total) * 100));

/** Adds files to the upload list; each promise resolves with the stored file, or null when it failed. */
export const enqueueUploads = (envKey: string, files: readonly File[], directory?: string): Promise<UploadResult>[] =>
  files.map(
    (file) =>
      new Promise<UploadResult>((done) => {
        const id = newUploadId();
        uploadStore.add({
          id,
          status: 'preparing',
          filename: file.name,
          filesize: file.size,
          file_id: null,
          file,
          upload_percent: 0,
        });
        // Prepared one after another, so the files go up in the order they were chosen.
        preparing = preparing.then(() => prepare({ id, envKey, file, directory, done }));
      }),
  );

const prepare = async (job: Omit<Job, 'fileId' | 'resumed'>) => {
  const key = fingerprint(job.envKey, job.file);
  const earlier = job.file.size > multipartThreshold ? resumeStore.find(key) : undefined;
  try {
    const fileId =
      earlier?.fileId ??
      (
        await api.call(filesApi.prepareUpload, {
          _env: job.envKey,
          id: job.id,
          filename: job.file.name,
          filesize: job.file.size,
          filetype: job.file.type.slice(0, 255),
          filemanager: true,
          directory: job.directory,
        })
      ).file;
    if (job.file.size > multipartThreshold) resumeStore.save(key, fileId, job.file.name);
    uploadStore.update(job.id, { status: 'prepared', file_id: fileId });
    waiting.push({ ...job, fileId, resumed: earlier !== undefined });
    pump();
  } catch (error) {
    fail(job, error);
  }
};

const fail = (job: Pick<Job, 'id' | 'done' | 'envKey' | 'file' | 'directory'>, error: unknown) => {
  // A refusal (a size limit, the quota, a 4xx) would only be refused again; anything else may heal.
  const status = isApiError(error) || error instanceof TransferError ? error.status : 0;
  const refused = status >= 400 && status < 500;
  const retry = refused
    ? undefined
    : () => {
        uploadStore.remove(job.id);
        void enqueueUploads(job.envKey, [job.file], job.directory);
      };
  uploadStore.update(job.id, { status: 'failed', error: errorText(error), retry });
  job.done(null);
};

/** The server's words when it gave some; a lost connection is named by the catalog (the menu translates). */
const errorText = (error: unknown): string | null =>
  isApiError(error)
    ? (error.message ?? null)
    : error instanceof TransferError && error.status > 0
      ? error.message
      : null;

const pump = () => {
  if (running >= maxParallelUploads) return;
  const job = waiting.shift();
  if (!job) return;
  running += 1;
  void transfer(job).finally(() => {
    running -= 1;
    setTimeout(pump, nextUploadDelayMs);
  });
};

const transfer = async (job: Job) => {
  const key = fingerprint(job.envKey, job.file);
  uploadStore.update(job.id, { status: 'start-uploading' });
  let started: Awaited<ReturnType<typeof startOrRestart>>;
  try {
    started = await startOrRestart(job);
  } catch (error) {
    resumeStore.forget(key);
    return fail(job, error);
  }
  const { fileId, answer } = started;
  uploadStore.update(job.id, { status: 'uploading', file_id: fileId });
  try {
    if (answer.multipart) await sendParts(job, fileId, answer);
    else {
      await putWithProgress(answer.uploadUrl, answer.headers, job.file, (loaded) =>
        uploadStore.update(job.id, { upload_percent: percent(loaded, job.file.size) }),
      );
    }
  } catch (error) {
    // Spec 01 §8: the failed call only for a transfer error. A multipart upload keeps its parts
    // (choosing the file again resumes); the housekeeping removes them a day later.
    if (!answer.multipart) {
      await api
        .call(filesApi.failedUpload, {
          _env: job.envKey,
          id: fileId,
          uploadUrl: answer.uploadUrl.slice(0, 8192),
          error: String(errorText(error) ?? 'transfer failed').slice(0, 2000),
        })
        .catch(() => undefined);
    }
    return fail(job, error);
  }
  try {
    const { file } = await api.call(filesApi.finishUpload, { _env: job.envKey, id: fileId });
    resumeStore.forget(key);
    uploadStore.update(job.id, { status: 'upload-finished', upload_percent: 100, file: null });
    void queryClient.invalidateQueries({ queryKey: fileKeys.all(job.envKey) });
    job.done(file);
  } catch (error) {
    fail(job, error);
  }
};

/** Starts the upload; a remembered one the server no longer knows is prepared afresh. */
const startOrRestart = async (job: Job) => {
  try {
    return { fileId: job.fileId, answer: await api.call(filesApi.startUpload, { _env: job.envKey, id: job.fileId }) };
  } catch (error) {
    if (!job.resumed || !hasErrorCode(error, 'not_found')) throw error;
    const { file } = await api.call(filesApi.prepareUpload, {
      _env: job.envKey,
      id: job.id,
      filename: job.file.name,
      filesize: job.file.size,
      directory: job.directory,
    });
    resumeStore.save(fingerprint(job.envKey, job.file), file, job.file.name);
    return { fileId: file, answer: await api.call(filesApi.startUpload, { _env: job.envKey, id: file }) };
  }
};

type Started = DataOf<typeof filesApi.startUpload>;

/** The parts the server lacks, in order, each with up to three retries after a dropped connection. */
const sendParts = async (job: Job, fileId: string, answer: Started) => {
  const mp = answer.multipart;
  if (!mp) return;
  const size = job.file.size;
  const bytesOf = (n: number) => Math.min(mp.partSize, size - (n - 1) * mp.partSize);
  const received = new Set(mp.received);
  let done = mp.received.reduce((sum, n) => sum + bytesOf(n), 0);
  uploadStore.update(job.id, { upload_percent: percent(done, size) });
  const missing = Array.from({ length: mp.partCount }, (_, i) => i + 1).filter((n) => !received.has(n));
  const urls = new Map<number, { url: string; headers: Record<string, string> }>([
    [mp.partNumber, { url: answer.uploadUrl, headers: answer.headers }],
  ]);
  for (const n of missing) {
    if (!urls.has(n)) {
      const batch = missing.filter((m) => m >= n && !urls.has(m)).slice(0, filesApi.maxPartUrlsPerCall);
      const more = await api.call(filesApi.uploadPartUrls, { _env: job.envKey, id: fileId, parts: batch });
      for (const u of more.urls) urls.set(u.partNumber, u);
    }
    const target = urls.get(n);
    if (!target) throw new TransferError(0, `no url for part ${n}`);
    const start = (n - 1) * mp.partSize;
    const blob = job.file.slice(start, start + bytesOf(n));
    await withRetries(() =>
      putWithProgress(target.url, target.headers, blob, (loaded) =>
        uploadStore.update(job.id, { upload_percent: percent(done + loaded, size) }),
      ),
    );
    done += bytesOf(n);
    uploadStore.update(job.id, { upload_percent: percent(done, size) });
  }
};
