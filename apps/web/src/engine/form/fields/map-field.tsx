import { PositionEditor } from '../../../features/records/positions/position-editor';
import type { FieldRendererProps } from '../types';
import { GenericMapField } from './generic-map-field';
import { TaxesMapField } from './taxes-map-field';

/** map: a list of sub-records; positions and taxes have their own editors. */
export function MapField(props: FieldRendererProps<'map'>) {
  switch (props.field.subType) {
    case 'positions-map':
      return <PositionEditor {...props} />;
    case 'taxes-map':
      return <TaxesMapField {...props} />;
    default:
      return <GenericMapField {...props} />;
  }
}
