import { useT } from '../../../i18n/i18n';
import { ModelSelector } from '../../model-selector/model-selector';
import type { FieldRendererProps } from '../types';
import { FieldProblem } from './field-problem';

/** model: one record id, picked with the model selector. */
export function ModelField(props: FieldRendererProps<'model'>) {
  const t = useT();
  const { field } = props;
  if (!field.selector) return <FieldProblem>{t('records.selectorMissing', { field: field.key })}</FieldProblem>;
  return (
    <ModelSelector
      selector={field.selector}
      label={props.label}
      hideLabel={props.hideLabel}
      hint={props.hint}
      error={props.error}
      required={Boolean(field.validation?.required)}
      readOnly={props.readOnly}
      value={typeof props.value === 'string' && props.value !== '' ? props.value : null}
      onChange={props.onChange}
    />
  );
}

/** models: a list of record ids, picked with the multi selector. */
export function ModelsField(props: FieldRendererProps<'models'>) {
  const t = useT();
  const { field } = props;
  if (!field.selector) return <FieldProblem>{t('records.selectorMissing', { field: field.key })}</FieldProblem>;
  const value = Array.isArray(props.value) ? props.value.filter((v): v is string => typeof v === 'string') : [];
  return (
    <ModelSelector
      multiple
      selector={field.selector}
      label={props.label}
      hideLabel={props.hideLabel}
      hint={props.hint}
      error={props.error}
      required={Boolean(field.validation?.required)}
      readOnly={props.readOnly}
      value={value}
      onChange={props.onChange}
    />
  );
}
