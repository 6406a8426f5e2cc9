import { changePassword } from '@kontor/contract/api/account';
import { Alert, Card, PasswordInput, Stack, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, isApiError, messageOf } from '../../api/api';
import { useSession } from '../../api/session';
import { useT } from '../../i18n/i18n';
import { ErrorAlert } from '../../ui/error-alert';
import { newPasswordBlock, useNewPasswordCheck } from '../../ui/new-password-check';
import { NewPasswordFields } from '../../ui/new-password-fields';
import { SubmitButton } from '../../ui/submit-button';
import { useFieldErrors } from '../../ui/use-field-errors';
import { accountKeys } from './account.queries';

type Fields = { currentPw: string; newPw: string; newPw2: string };
const empty: Fields = { currentPw: '', newPw: '', newPw2: '' };

/** Spec 01 §2 /account/settings/change-pw, with the one password rule of CLARIFICATIONS "Passwords". */
export function ChangePwPage() {
  const t = useT();
  const [values, setValues] = useState<Fields>(empty);
  const errors = useFieldErrors();
  const queryClient = useQueryClient();
  const email = useSession().user?.email ?? '';

  const mutation = useMutation({
    mutationFn: () => api.call(changePassword, values),
    onMutate: () => errors.reset(),
    onSuccess: () => {
      setValues(empty);
      // The general tab shows the date of the last change: refresh the stored user now.
      void queryClient.invalidateQueries({ queryKey: accountKeys.me() });
    },
    onError: errors.fromError,
  });

  const set = (key: keyof Fields) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [key]: value }));
    errors.clear(key);
    if (mutation.isSuccess || mutation.isError) mutation.reset();
  };

  const check = useNewPasswordCheck(values.newPw, values.newPw2, email);
  const labels: Record<keyof Fields, string> = {
    currentPw: t('account.currentPassword'),
    newPw: t('auth.newPassword'),
    newPw2: t('auth.newPassword2'),
  };
  const missing = (Object.keys(labels) as (keyof Fields)[]).filter((key) => values[key] === '');
  const blockedBecause = newPasswordBlock(
    t,
    missing.map((key) => labels[key]),
    check,
    { password: labels.newPw, repeat: labels.newPw2 },
  );
  const blocked = blockedBecause !== null || mutation.isPending;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!blocked) mutation.mutate();
  };
  const showAlert = mutation.isError && !(isApiError(mutation.error) && Object.keys(mutation.error.errors).length > 0);

  return (
    <Card padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} fz="lg">
            {t('account.settingsChangePw')}
          </Title>
          {mutation.isSuccess && (
            <Alert role="status" color="teal" variant="light" icon={<IconCircleCheck size={20} />}>
              {t('account.changePwSuccess')}
            </Alert>
          )}
          {showAlert && <ErrorAlert>{messageOf(mutation.error, t('common.genericError'))}</ErrorAlert>}
          <PasswordInput
            label={labels.currentPw}
            name="currentPw"
            autoComplete="current-password"
            value={values.currentPw}
            onChange={set('currentPw')}
            error={errors.get('currentPw')}
          />
          <NewPasswordFields
            labels={{ password: labels.newPw, repeat: labels.newPw2 }}
            check={check}
            password={{ name: 'newPw', value: values.newPw, onChange: set('newPw'), error: errors.get('newPw') }}
            repeat={{ name: 'newPw2', value: values.newPw2, onChange: set('newPw2'), error: errors.get('newPw2') }}
          />
          <SubmitButton blockedBecause={blockedBecause} loading={mutation.isPending}>
            {t('account.changePwSubmit')}
          </SubmitButton>
        </Stack>
      </form>
    </Card>
  );
}
