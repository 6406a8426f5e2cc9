import { PasswordInput } from '@mantine/core';
import { useT } from '../../../i18n/i18n';
import type { FieldRendererProps } from '../types';
import { inputProps } from './input-props';

/** password: masked, with a show/hide toggle. */
export function PasswordField(props: FieldRendererProps<'password'>) {
  const t = useT();
  const { rightSection: _ignored, ...shared } = inputProps(props);
  return (
    <PasswordInput
      {...shared}
      value={typeof props.value === 'string' ? props.value : ''}
      autoComplete="new-password"
      visibilityToggleButtonProps={{ 'aria-label': t('records.passwordToggle') }}
      onChange={(event) => props.onChange(event.currentTarget.value)}
    />
  );
}
