import type { FieldRendererProps } from '../../../engine/field-kit';
import type { PositionValue } from './position-values';

/** What the table (wide screens) and the cards (phones) of the position editor receive. */
export type PositionRowsProps = Readonly<{
  positions: readonly PositionValue[];
  definition: FieldRendererProps<'map'>['field']['definition'] & object;
  readOnly: boolean;
  path: string;
  messagesOf: (index: number) => string[];
  errorAt: (index: number, key: string) => string | undefined;
  onUpdate: (index: number, key: string, value: unknown) => void;
  onEdit: (index: number) => void;
  onMove: (index: number, by: -1 | 1) => void;
  onRemove: (index: number) => void;
}>;
