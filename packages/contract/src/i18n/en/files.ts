import type { files as source } from '../de_sie/files';

export const files: Record<keyof typeof source, string> = {
  'files.linkInvalid': 'This link is invalid or has expired. Please request a new one.',
  'files.notFound': 'The file could not be loaded',
  'files.uploadNotFound': 'The upload was not found or has already been completed.',
  'files.tooLarge': 'The file is larger than announced when the upload started.',
  'files.incomplete': 'The file did not arrive completely. Please try again.',
  'files.rangeNotSatisfiable': 'The requested range lies outside the file.',
  'files.busy': 'This part of the file is already being uploaded.',
};
