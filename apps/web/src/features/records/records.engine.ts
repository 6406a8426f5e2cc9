import { registerFieldRenderer } from '../../engine/field-kit';
import { PositionEditor } from './positions/position-editor';
import { TaxesMapField } from './taxes/taxes-map-field';

/**
 * The records feature's registrations into the engine: the editors of the map sub-types it owns.
 * Imported once by the app's entry (main.tsx) and by the engine's test environment.
 */
registerFieldRenderer('map', 'positions-map', PositionEditor);
registerFieldRenderer('map', 'taxes-map', TaxesMapField);
