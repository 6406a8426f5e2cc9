import type { RecordFormData } from '@kontor/contract/api/records';
import type { FieldErrors } from '@kontor/contract/call';
import { useState } from 'react';
import type { FormValues } from '../form/types';
import { editableValues, sameFormValues } from './form-values';

/**
 * The values being edited, the last saved state they are compared with, the messages, and the
 * record's version. When the server's data changes (reloaded after a save), an unchanged form
 * takes the server's values (normalised, with computed fields); edits made meanwhile stay.
 */
export const useRecordFormState = (data: RecordFormData) => {
  const [loaded, setLoaded] = useState(data);
  const [values, setValues] = useState<FormValues>(() => editableValues(data.fields, data.values));
  const [baseline, setBaseline] = useState<FormValues>(values);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [version, setVersion] = useState(data.version);

  if (loaded !== data) {
    setLoaded(data);
    // With edits pending, the form keeps its state and version: saving them over a newer record
    // must end in the server's conflict message, not overwrite it silently.
    if (sameFormValues(values, baseline)) {
      const fresh = editableValues(data.fields, data.values);
      setValues(fresh);
      setBaseline(fresh);
      setVersion(data.version);
    }
  }

  return {
    values,
    setValues,
    errors,
    setErrors,
    version,
    dirty: !sameFormValues(values, baseline),
    /** After a successful save: what was sent is the new saved state. */
    markSaved: (saved: FormValues, newVersion: number) => {
      setBaseline(saved);
      setVersion(newVersion);
    },
  };
};
