import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { FieldRendererProps } from '../types';

/** A prepend/append text ("€", "%") as an input section. */
const section = (text: string | undefined): ReactNode =>
  text ? (
    <Text size="sm" c="dimmed" aria-hidden>
      {text}
    </Text>
  ) : undefined;

/** The wrapper props every Mantine input of the engine shares: label, hint, error, sections, read-only look. */
export const inputProps = (p: FieldRendererProps) => ({
  // Forms are dense business screens: the compact size everywhere (the account area's theme default is md).
  size: 'sm' as const,
  label: p.hideLabel ? undefined : p.label,
  'aria-label': p.hideLabel ? p.label : undefined,
  description: p.hint,
  error: p.error,
  readOnly: p.readOnly,
  variant: p.readOnly ? ('filled' as const) : ('default' as const),
  withAsterisk: !p.readOnly && Boolean(p.field.validation?.required),
  leftSection: section(p.prepend),
  rightSection: section(p.append),
  inputWrapperOrder: ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[],
});
