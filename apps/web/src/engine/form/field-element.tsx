import type { FormElement } from '@kontor/contract/api/record-types';
import { useContext } from 'react';
import { useT } from '../../i18n/i18n';
import { FieldView } from './field-view';
import { FieldProblem } from './fields/field-problem';
import { EnclosingTitleContext, errorAt, useFormEngine } from './form-context';

/** A `field` element: the field's definition, value and server message, wired to the form state. */
export function FieldElement({ element }: { element: Extract<FormElement, { type: 'field' }> }) {
  const t = useT();
  const form = useFormEngine();
  const enclosingTitle = useContext(EnclosingTitleContext);
  const field = form.fields[element.field];
  if (!field) return <FieldProblem>{t('records.fieldNotFound', { field: element.field })}</FieldProblem>;
  return (
    <FieldView
      // After a `rerenderOnChange` field changed, the others start afresh; the changed one keeps its focus.
      key={form.revisedBy === field.key ? 'kept' : `r${form.revision}`}
      field={field}
      value={form.values[field.key]}
      path={field.key}
      error={errorAt(form.errors, field.key)}
      readOnly={form.readOnly || Boolean(form.lockedFields?.has(field.key))}
      hideLabel={Boolean(element.noWrapper) || field.label === enclosingTitle}
      hint={element.hint}
      prepend={element.prepend}
      append={element.append}
      onChange={(value) => {
        form.clearError(field.key);
        form.setValue(field.key, value);
        if (element.rerenderOnChange) form.notifyRerender(field.key);
      }}
    />
  );
}
