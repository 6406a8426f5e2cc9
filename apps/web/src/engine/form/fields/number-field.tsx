import { GermanNumberInput } from '../inputs/german-number-input';
import type { FieldRendererProps } from '../types';
import { inputProps } from './input-props';

/** integer: whole numbers, shown with thousands points. */
export function IntegerField(props: FieldRendererProps<'integer'>) {
  return <GermanNumberInput {...inputProps(props)} kind="integer" value={props.value} onChange={props.onChange} />;
}

/** float: German decimals, two shown (spec 01 §9). */
export function FloatField(props: FieldRendererProps<'float'>) {
  return <GermanNumberInput {...inputProps(props)} kind="float" value={props.value} onChange={props.onChange} />;
}
