import { useCallback } from 'react';
import { useEnvironment } from '../../environment/environment-context';
import { enqueueUploads, type UploadResult } from './upload-queue';

/**
 * One file up to the file manager's main directory through the normal upload procedure (shown in
 * the upload list), for features that need a stored file first (the e-invoice import).
 */
export const useFileUpload = () => {
  const { envKey } = useEnvironment();
  return useCallback(
    (file: File): Promise<UploadResult> => enqueueUploads(envKey, [file])[0] ?? Promise.resolve(null),
    [envKey],
  );
};
