import type { FieldRendererProps } from '../types';
import { GenericMapField } from './generic-map-field';

/**
 * map: a list of sub-records. Sub-types with an editor of their own (positions, taxes) are
 * registered by their feature (`registerFieldRenderer('map', 'positions-map', …)`) and found
 * before this one; any other map is the generic table.
 */
export function MapField(props: FieldRendererProps<'map'>) {
  return <GenericMapField {...props} />;
}
