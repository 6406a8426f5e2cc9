import { forgotPw } from '@kontor/contract/api/auth';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { api, messageOf } from '../../api/api';
import { useT } from '../../i18n/i18n';
import { AuthCard } from '../../ui/auth-card';
import { ErrorAlert } from '../../ui/error-alert';
import { useFieldErrors } from '../../ui/use-field-errors';

/** Spec 01 §2 "Forgot password": asks for the address and mails a reset link. */
export function ForgotPwPage() {
  const t = useT();
  const [email, setEmail] = useState('');
  const errors = useFieldErrors();

  const mutation = useMutation({
    mutationFn: (address: string) => api.send(forgotPw, { email: address }),
    onMutate: () => errors.reset(),
    onError: errors.fromError,
  });

  const blocked = email.trim() === '' || mutation.isPending;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!blocked) mutation.mutate(email.trim());
  };

  return (
    <AuthCard title={t('auth.forgotTitle')} intro={mutation.isSuccess ? undefined : t('auth.forgotIntro')}>
      {mutation.isSuccess ? (
        <Alert role="status" color="teal" variant="light" icon={<IconMailForward size={20} />}>
          {mutation.data.message ?? t('auth.forgotSent', { email: mutation.variables })}
        </Alert>
      ) : (
        <>
          {mutation.isError && <ErrorAlert>{messageOf(mutation.error, t('common.genericError'))}</ErrorAlert>}
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <TextInput
                label={t('auth.email')}
                type="email"
                name="email"
                autoComplete="email"
                inputMode="email"
                value={email}
                onChange={(e) => {
                  setEmail(e.currentTarget.value);
                  errors.clear('email');
                }}
                error={errors.get('email')}
                autoFocus
              />
              <Button type="submit" size="md" fullWidth disabled={blocked} loading={mutation.isPending}>
                {t('auth.forgotSubmit')}
              </Button>
            </Stack>
          </form>
        </>
      )}
      <Text ta="center" size="sm">
        <Anchor component={Link} to="/" fw={500}>
          {t('auth.toLogin')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
