import { forgotPwReset } from '@kontor/contract/api/auth';
import { Anchor, Button, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { api, messageOf } from '../../api/api';
import { useT } from '../../i18n/i18n';
import { AuthCard } from '../../ui/auth-card';
import { ErrorAlert } from '../../ui/error-alert';
import { NewPasswordFields } from '../../ui/new-password-fields';
import { StatusPanel } from '../../ui/status-panel';
import { useFieldErrors } from '../../ui/use-field-errors';
import { canSubmitReset, resetButtonEnabled, resetLinkQuery } from './auth.queries';

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

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!canSubmitReset(password, repeat) || mutation.isPending) return;
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
            labels={{ password: t('auth.newPassword'), repeat: t('auth.newPassword2') }}
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
          <Button
            type="submit"
            size="md"
            fullWidth
            disabled={!resetButtonEnabled(password, repeat) || mutation.isPending}
            loading={mutation.isPending}
          >
            {t('auth.resetSubmit')}
          </Button>
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
