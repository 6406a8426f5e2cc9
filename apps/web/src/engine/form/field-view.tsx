import type { DataField, FieldType } from '@kontor/contract/api/record-types';
import { useT } from '../../app/i18n';
import { DisplayValue } from './display-value';
import { FieldProblem } from './fields/field-problem';
import { fieldRenderers } from './renderers';
import type { FieldRenderer, FieldRendererProps } from './types';

type Props = Omit<FieldRendererProps, 'field' | 'label' | 'hideLabel'> & {
  field: DataField;
  label?: string | undefined;
  hideLabel?: boolean | undefined;
};

/** The renderer of a type, or undefined for a type the server knows and this client does not. */
export const rendererOf = (type: string): FieldRenderer<FieldType> | undefined =>
  Object.hasOwn(fieldRenderers, type) ? (fieldRenderers[type as FieldType] as FieldRenderer<FieldType>) : undefined;

/**
 * One field through the closed renderer map. Server-filled fields (`computed`, `labelOf`) are
 * shown, never edited; an unknown type shows the spec's message instead of an input.
 */
export function FieldView({ field, label = field.label, hideLabel = false, ...rest }: Props) {
  const t = useT();
  if (field.computed || field.labelOf) {
    return <DisplayValue field={field} value={rest.value} label={label} hideLabel={hideLabel} hint={rest.hint} />;
  }
  const Renderer = rendererOf(field.type);
  if (!Renderer) {
    return <FieldProblem>{t('records.unknownFieldType', { type: String(field.type), field: field.key })}</FieldProblem>;
  }
  return <Renderer {...rest} field={field} label={label} hideLabel={hideLabel} />;
}
