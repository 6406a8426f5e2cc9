import type { DataField } from '@kontor/contract/api/record-types';
import { useT } from '../../i18n/i18n';
import { FieldProblem } from './fields/field-problem';
import { rendererOf } from './registry';

export type StandaloneFieldProps = Readonly<{
  field: DataField;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string | undefined;
  readOnly?: boolean;
  hint?: string | undefined;
}>;

/**
 * One field rendered by the engine's renderer for its type, outside a record form: screens with
 * their own save call (general settings) use the same model selector and file picker as records.
 * Only renderers that need no form context (model, models, file, files, plain inputs) fit here.
 */
export function StandaloneField({ field, value, onChange, error, readOnly = false, hint }: StandaloneFieldProps) {
  const t = useT();
  const Renderer = rendererOf(field);
  if (!Renderer)
    return <FieldProblem>{t('records.unknownFieldType', { type: field.type, field: field.key })}</FieldProblem>;
  return (
    <Renderer
      field={field}
      value={value}
      onChange={onChange}
      path={field.key}
      error={error}
      readOnly={readOnly}
      label={field.label}
      hideLabel={false}
      hint={hint}
    />
  );
}
