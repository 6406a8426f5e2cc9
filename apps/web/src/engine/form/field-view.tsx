import { useT } from '../../i18n/i18n';
import { DisplayValue } from './display-value';
import { FieldProblem } from './fields/field-problem';
import { rendererOf } from './registry';
import type { FieldViewProps } from './types';

/**
 * One field through the renderer registry (by type and sub-type). Server-filled fields (`computed`, `labelOf`) are
 * shown, never edited; an unknown type shows the spec's message instead of an input.
 */
export function FieldView({ field, label = field.label, hideLabel = false, ...rest }: FieldViewProps) {
  const t = useT();
  if (field.computed || field.labelOf) {
    return <DisplayValue field={field} value={rest.value} label={label} hideLabel={hideLabel} hint={rest.hint} />;
  }
  const Renderer = rendererOf(field);
  if (!Renderer) {
    return <FieldProblem>{t('records.unknownFieldType', { type: String(field.type), field: field.key })}</FieldProblem>;
  }
  return <Renderer {...rest} field={field} label={label} hideLabel={hideLabel} />;
}
