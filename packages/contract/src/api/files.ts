import { z } from 'zod';
import { call, envScoped } from '../call';

/**
 * The file manager's calls (spec 01 §7 filemanager/uploads/*, preview-urls, file; spec 02 §7
 * directory, tree, actions/*; payloads decided in CLARIFICATIONS.md). Ids of files and folders are
 * uuids; the upload's own id is the browser's 10 characters (spec 01 §9).
 */

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const fileId = z.string().trim().max(64).regex(uuid);
const uploadId = z.string().regex(/^[A-Za-z0-9]{10}$/);

/** A list of file ids; a bad entry is reported at the list itself (the field the screen knows). */
const fileIdList = (max: number) =>
  z
    .array(z.unknown())
    .max(max)
    .check((ctx) => {
      if (!ctx.value.every((v) => typeof v === 'string' && uuid.test(v))) {
        ctx.issues.push({ code: 'custom', message: 'invalid id', input: ctx.value });
      }
    })
    .transform((list) => list as string[]);
/** Long enough for the service to answer "too long" in words; the service checks the real rules. */
const nameInput = z.string().max(1000);
/** The largest size a client may declare (S3's object limit); the environment's own limit is lower. */
const maxDeclaredFileSize = 5 * 1024 ** 4;

const entryTypes = ['file', 'directory'] as const;
export const entryTypeSchema = z.enum(entryTypes);
export type EntryType = z.infer<typeof entryTypeSchema>;

export const fileSummarySchema = z.object({
  _id: z.string(),
  filename: z.string(),
  size: z.number().int(),
  /** Taken from the file's first bytes, never from the uploader. */
  type: z.string(),
  directory: z.string(),
  created_at: z.string(),
});
export type FileSummary = z.infer<typeof fileSummarySchema>;

const directoryRefSchema = z.object({ _id: z.string(), name: z.string() });

export const directorySchema = z.object({
  _id: z.string(),
  name: z.string(),
  parent: z.string().nullable(),
  /** Written by the system (frozen PDFs): read-only for people. */
  system: z.boolean(),
});
export type Directory = z.infer<typeof directorySchema>;

export const directoryEntrySchema = z.object({
  type: entryTypeSchema,
  _id: z.string(),
  name: z.string(),
  /** Bytes; null for a folder. */
  size: z.number().int().nullable(),
  /** Content type of a file; null for a folder. */
  mime: z.string().nullable(),
  system: z.boolean(),
  updated_at: z.string(),
});
export type DirectoryEntry = z.infer<typeof directoryEntrySchema>;

export const directoryPageSize = 200;
/** One folder holds at most this many entries (files and folders). */
export const maxEntriesPerDirectory = 10_000;

// ---- Uploads (spec 01 §3, §4, §7) ----

export const prepareUpload = call('/api/filemanager/uploads/prepare', {
  body: envScoped({
    id: uploadId,
    filename: nameInput,
    filesize: z.number().int().min(0).max(maxDeclaredFileSize),
    /** The browser's claim; kept for nothing but logs: the type comes from the bytes. */
    filetype: z.string().max(255).optional(),
    /** Uploaded from the file manager (true) or from a file picker. */
    filemanager: z.boolean().optional(),
    /** Target folder; without it the main directory. */
    directory: fileId.optional(),
  }),
  data: z.object({ file: z.string() }),
});

const signedPutSchema = z.object({
  url: z.string(),
  headers: z.record(z.string(), z.string()),
});

export const startUpload = call('/api/filemanager/uploads/start', {
  body: envScoped({ id: fileId }),
  data: z.object({
    /** Where to PUT the bytes: the whole file, or (multipart) the first part still missing. */
    uploadUrl: z.string(),
    headers: z.record(z.string(), z.string()),
    /** Files over 8 MiB go in parts that survive a reload; null for a single PUT. */
    multipart: z
      .object({
        partSize: z.number().int(),
        partCount: z.number().int(),
        /** Parts the server already holds: a resumed upload skips them. */
        received: z.array(z.number().int()),
        /** The part `uploadUrl` is for. */
        partNumber: z.number().int(),
      })
      .nullable(),
  }),
});

export const maxPartUrlsPerCall = 50;

export const uploadPartUrls = call('/api/filemanager/uploads/parts', {
  body: envScoped({
    id: fileId,
    parts: z
      .array(z.unknown())
      .min(1)
      .max(maxPartUrlsPerCall)
      .check((ctx) => {
        if (!ctx.value.every((n) => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= 10_000)) {
          ctx.issues.push({ code: 'custom', message: 'invalid part number', input: ctx.value });
        }
      })
      .transform((list) => list as number[]),
  }),
  data: z.object({ urls: z.array(signedPutSchema.extend({ partNumber: z.number().int() })) }),
});

export const finishUpload = call('/api/filemanager/uploads/finish', {
  body: envScoped({ id: fileId }),
  data: z.object({ file: fileSummarySchema }),
});

export const failedUpload = call('/api/filemanager/uploads/failed', {
  body: envScoped({ id: fileId, uploadUrl: z.string().max(8192).optional(), error: z.string().max(2000).optional() }),
  data: z.undefined(),
});

// ---- Files and previews ----

const maxPreviewFiles = 200;

export const previewUrls = call('/api/filemanager/preview-urls', {
  body: envScoped({ files: fileIdList(maxPreviewFiles) }),
  data: z.object({
    /** Only files that exist: an id missing here was removed. */
    files: z.record(
      z.string(),
      z.object({ url: z.string(), filename: z.string(), type: z.string(), size: z.number().int() }),
    ),
  }),
});

export const fileDetails = call('/api/filemanager/file', {
  body: envScoped({ id: fileId }),
  data: fileSummarySchema,
});

// ---- Directories and actions (spec 02 §2.4, §7) ----

export const directoryListing = call('/api/filemanager/directory', {
  body: envScoped({ id: fileId.optional(), page: z.number().int().min(1).max(1000).optional() }),
  data: z.object({
    directory: directorySchema,
    /** From the main directory down to this one. */
    path: z.array(directoryRefSchema),
    /** Folders first, then files, each by name; one page of them. */
    children: z.array(directoryEntrySchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
});

export const maxTreeDirectories = 5000;

export const directoryTree = call('/api/filemanager/tree', {
  body: envScoped({}),
  /** Every folder, flat (parent ids), the main directory first. */
  data: z.object({ tree: z.array(directorySchema) }),
});

export const createDirectory = call('/api/filemanager/actions/create-directory', {
  body: envScoped({ name: nameInput, location: fileId }),
  data: z.object({ directory: directoryRefSchema }),
});

export const renameEntry = call('/api/filemanager/actions/rename', {
  body: envScoped({ type: entryTypeSchema, id: fileId, name: nameInput }),
  data: z.undefined(),
});

export const deleteEntry = call('/api/filemanager/actions/delete', {
  body: envScoped({ type: entryTypeSchema, id: fileId }),
  /** Files removed with it (a folder's whole content). */
  data: z.object({ removed: z.number().int() }),
});

export const downloadFile = call('/api/filemanager/actions/download', {
  body: envScoped({ id: fileId }),
  data: z.object({ url: z.string() }),
});
