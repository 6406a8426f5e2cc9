import type { DataField, FormElement } from '@kontor/contract/api/record-types';
import type { FieldErrors } from '@kontor/contract/call';
import { useMemo, useState } from 'react';
import { RecordForm } from '../form/record-form';
import type { FormValues } from '../form/types';

/** A field whose renderer would upload (a file, or a map holding one): the preview never saves. */
const uploads = (field: DataField): boolean =>
  field.type === 'file' || field.type === 'files' || (field.definition ?? []).some(uploads);

/**
 * A form definition rendered through the form engine as a record form would show it, over values
 * that live only here: nothing is loaded or saved (spec 02 §4, the form builder's live preview).
 * Fields that would upload files are shown read-only.
 */
export function FormPreview({
  elements,
  fields,
}: Readonly<{ elements: readonly FormElement[]; fields: readonly DataField[] }>) {
  const [values, setValues] = useState<FormValues>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const byKey = useMemo(() => Object.fromEntries(fields.map((f) => [f.key, f])), [fields]);
  const locked = useMemo(() => new Set(fields.filter(uploads).map((f) => f.key)), [fields]);
  return (
    <RecordForm
      elements={elements}
      fields={byKey}
      values={values}
      onValuesChange={setValues}
      errors={errors}
      onErrorsChange={setErrors}
      readOnly={false}
      lockedFields={locked}
    />
  );
}
