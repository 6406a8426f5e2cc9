import { forgotPwReset } from '@kontor/contract/api/auth';
import { Anchor, Button, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { api, messageOf } from '../../api/api';
import { useT } from '../../i18n/i18n';
import { AuthCard } from '../../ui/auth-card';
import { ErrorAlert } from '../../ui/error-alert';
import { newPasswordBlock, useNewPasswordCheck } from '../../ui/new-password-check';
import { NewPasswordFields } from '../../ui/new-password-fields';
import { StatusPanel } from '../../ui/status-panel';
import { SubmitButton } from '../../ui/submit-button';
import { useFieldErrors } from '../../ui/use-field-errors';
import { resetLinkQuery } from './auth.queries';

/** Spec 01 §2 "Reset password" for the mailed link /reset-pw/{user}/{hash}: check, form, done. */
export function ResetPwPage() {
  const t = useT();
  const { user = '', hash = '' } = useParams();
  const link = useQuery(resetLinkQuery(user, hash));
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const errors = useFieldErrors();

  const mutation = useMutation({
    mutationFn: () => api.call(forgotPwReset, { user, hash, password, password2: repeat }),
    onMutate: () => errors.reset(),
    onError: errors.fromError,
  });

  const check = useNewPasswordCheck(password, repeat, link.data?.email);
  const labels = { password: t('auth.newPassword'), repeat: t('auth.newPassword2') };
  const blockedBecause = newPasswordBlock(
    t,
    [password === '' && labels.password, repeat === '' && labels.repeat].filter((label) => label !== false),
    check,
    labels,
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (blockedBecause !== null || mutation.isPending) return;
    mutation.mutate();
  };

  if (link.isPending) {
    return (
      <AuthCard title={t('auth.resetTitle')} intro={t('auth.resetChecking')}>
        <Stack gap="md" aria-busy>
          <Skeleton height={64} />
          <Skeleton height={64} />
          <Skeleton height={64} />
          <Skeleton height={42} />
        </Stack>
      </AuthCard>
    );
  }

  if (link.isError) {
    return (
      <StatusPanel
        tone="error"
        title={t('auth.resetLinkUnusable')}
        actions={
          <Button component={Link} to="/forgot-pw" size="md" mt="xs">
            {t('auth.requestNewLink')}
          </Button>
        }
      >
        {messageOf(link.error, t('common.genericError'))}
      </StatusPanel>
    );
  }

  if (mutation.isSuccess) {
    return (
      <StatusPanel
        tone="success"
        title={t('auth.resetDone')}
        actions={
          <Button component={Link} to="/" size="md" mt="xs">
            {t('auth.goToLogin')}
          </Button>
        }
      />
    );
  }

  return (
    <AuthCard title={t('auth.resetTitle')}>
      {mutation.isError && <ErrorAlert>{messageOf(mutation.error, t('common.genericError'))}</ErrorAlert>}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label={t('auth.email')} type="email" value={link.data.email} readOnly autoComplete="username" />
          <NewPasswordFields
            autoFocus
            labels={labels}
            check={check}
            password={{
              name: 'password',
              value: password,
              onChange: (e) => {
                setPassword(e.currentTarget.value);
                errors.clear('password');
              },
              error: errors.get('password'),
            }}
            repeat={{
              name: 'password2',
              value: repeat,
              onChange: (e) => {
                setRepeat(e.currentTarget.value);
                errors.clear('password2');
              },
              error: errors.get('password2'),
            }}
          />
          <SubmitButton size="md" fullWidth blockedBecause={blockedBecause} loading={mutation.isPending}>
            {t('auth.resetSubmit')}
          </SubmitButton>
        </Stack>
      </form>
      <Text ta="center" size="sm">
        <Anchor component={Link} to="/" fw={500}>
          {t('auth.toLogin')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
