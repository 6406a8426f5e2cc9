import { passwordPolicyMinLength } from '@kontor/contract/logic/password-policy';
import { PasswordInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { useT } from '../i18n/i18n';
import type { NewPasswordCheck } from './new-password-check';

type Field = Readonly<{
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error: string | undefined;
}>;

/**
 * A new password and its repeat, as registration, reset and change-password ask for them: the
 * rule under the first, and what the check found wrong as soon as it is shown
 * (`NewPasswordCheck.problemShown`); "passwords differ" under the second as soon as both are
 * typed. The server's answer, when there is one, comes first.
 */
export function NewPasswordFields({
  password,
  repeat,
  check,
  labels,
  autoFocus,
}: Readonly<{
  password: Field;
  repeat: Field;
  check: NewPasswordCheck;
  labels: { password: string; repeat: string };
  autoFocus?: boolean;
}>) {
  const t = useT();
  const live = check.problem && check.problemShown ? t(check.problem, { n: passwordPolicyMinLength }) : undefined;
  return (
    <>
      <PasswordInput
        label={labels.password}
        name={password.name}
        autoComplete="new-password"
        description={t('auth.passwordHint', { n: passwordPolicyMinLength })}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        value={password.value}
        onChange={password.onChange}
        onBlur={check.leave}
        error={password.error ?? live}
        autoFocus={autoFocus}
      />
      <PasswordInput
        label={labels.repeat}
        name={repeat.name}
        autoComplete="new-password"
        value={repeat.value}
        onChange={repeat.onChange}
        error={repeat.error ?? (check.mismatch ? t('auth.passwordsDiffer') : undefined)}
      />
    </>
  );
}
