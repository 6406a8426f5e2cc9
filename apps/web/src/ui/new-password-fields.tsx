import { PasswordInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { useT } from '../i18n/i18n';

type Field = Readonly<{
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error: string | undefined;
}>;

/**
 * A new password and its repeat, as registration, reset and change-password ask for them: the
 * strength hint under the first, "passwords differ" under the second as soon as both are typed.
 */
export function NewPasswordFields({
  password,
  repeat,
  labels,
  autoFocus,
}: Readonly<{ password: Field; repeat: Field; labels: { password: string; repeat: string }; autoFocus?: boolean }>) {
  const t = useT();
  const mismatch = repeat.value !== '' && password.value !== repeat.value;
  return (
    <>
      <PasswordInput
        label={labels.password}
        name={password.name}
        autoComplete="new-password"
        description={t('auth.passwordHint')}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        value={password.value}
        onChange={password.onChange}
        error={password.error}
        autoFocus={autoFocus}
      />
      <PasswordInput
        label={labels.repeat}
        name={repeat.name}
        autoComplete="new-password"
        value={repeat.value}
        onChange={repeat.onChange}
        error={repeat.error ?? (mismatch ? t('auth.passwordsDiffer') : undefined)}
      />
    </>
  );
}
