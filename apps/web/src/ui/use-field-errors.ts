import type { FieldErrors } from '@kontor/contract/call';
import { useCallback, useState } from 'react';
import { isApiError } from '../api/api';

/**
 * The server's field errors of the last failed submit, shown under the matching fields and
 * dropped from a field as soon as the user edits it.
 */
export const useFieldErrors = () => {
  const [errors, setErrors] = useState<FieldErrors>({});
  const fromError = useCallback((error: unknown) => setErrors(isApiError(error) ? error.errors : {}), []);
  const clear = useCallback(
    (path: string) =>
      setErrors((current) => {
        if (!(path in current)) return current;
        const { [path]: _dropped, ...rest } = current;
        return rest;
      }),
    [],
  );
  const reset = useCallback(() => setErrors({}), []);
  const get = (path: string): string | undefined => errors[path]?.[0];
  return { get, fromError, clear, reset };
};
