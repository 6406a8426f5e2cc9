import {
  type MultipartUpload,
  maxObjectSize,
  maxPartCount,
  maxPartSize,
  minPartSize,
  partCount,
  StorageError,
} from './storage';

/**
 * A key is 1–8 segments of letters, digits, `_`, `-` and `.`, each starting with a letter or digit,
 * joined by `/`, at most 512 characters. So no `..`, no empty or dot segment, no absolute path, no
 * backslash, nothing a filesystem or URL would reinterpret: a key can only name a file below the
 * storage root, and the local driver's own `.tmp`/`.uploads` folders are out of reach.
 */
const segment = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const maxKeyLength = 512;
const maxSegments = 8;

export const isValidKey = (key: string): boolean => {
  if (typeof key !== 'string' || key.length === 0 || key.length > maxKeyLength) return false;
  const parts = key.split('/');
  return parts.length <= maxSegments && parts.every((p) => segment.test(p));
};

export const assertKey = (key: string): string => {
  if (!isValidKey(key)) throw new StorageError('invalid_key', 'invalid storage key');
  return key;
};

/** A prefix is a key's leading segments followed by `/`: `{envId}/`. */
export const assertPrefix = (prefix: string): string => {
  if (!prefix.endsWith('/') || !isValidKey(prefix.slice(0, -1))) {
    throw new StorageError('invalid_key', 'invalid storage prefix');
  }
  return prefix;
};

/** A MIME type as `type/subtype` with optional parameters; nothing that could split a header. */
const contentTypePattern = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}(;[ -~]{0,200})?$/i;

export const assertContentType = (contentType: string): string => {
  if (!contentTypePattern.test(contentType)) throw new StorageError('invalid_argument', 'invalid content type');
  return contentType;
};

export const assertSize = (size: number): number => {
  if (!Number.isSafeInteger(size) || size < 0 || size > maxObjectSize) {
    throw new StorageError('invalid_argument', 'invalid size');
  }
  return size;
};

export const assertExpiry = (seconds: number, max: number): number => {
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > max) {
    throw new StorageError('invalid_argument', `expiry must be 1…${max} seconds`);
  }
  return seconds;
};

/** Sizes S3 accepts: parts of 5 MiB … 5 GiB, at most 10,000 of them. */
export const assertPartLayout = (size: number, partSize: number): void => {
  assertSize(size);
  if (!Number.isSafeInteger(partSize) || partSize < minPartSize || partSize > maxPartSize) {
    throw new StorageError('invalid_argument', `part size must be ${minPartSize}…${maxPartSize} bytes`);
  }
  if (partCount({ size, partSize }) > maxPartCount) {
    throw new StorageError('invalid_argument', `more than ${maxPartCount} parts: choose a larger part size`);
  }
};

export const assertUpload = (upload: MultipartUpload): MultipartUpload => {
  assertKey(upload.key);
  assertContentType(upload.contentType);
  assertPartLayout(upload.size, upload.partSize);
  if (typeof upload.uploadId !== 'string' || upload.uploadId.length === 0 || upload.uploadId.length > 1024) {
    throw new StorageError('invalid_argument', 'invalid upload id');
  }
  return upload;
};
