import { Anchor, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api, authCalls, messageOf } from '../../api/api';
import { useT } from '../../i18n/i18n';
import { AuthCard } from '../../ui/auth-card';
import { delay } from '../../ui/delay';
import { ErrorAlert } from '../../ui/error-alert';
import { newPasswordBlock, useNewPasswordCheck } from '../../ui/new-password-check';
import { NewPasswordFields } from '../../ui/new-password-fields';
import { SubmitButton } from '../../ui/submit-button';
import { useFieldErrors } from '../../ui/use-field-errors';
import { RegisterSuccess } from './register-success';

/** Spec 01 §9: the confirmation appears after a short animation delay. */
const successDelayMs = 250;

type Fields = { firstname: string; name: string; email: string; password: string; password2: string };

/** Spec 01 §2 "Registration"; `?email=` (from an invitation mail) prefills the address. */
export function RegisterPage() {
  const t = useT();
  const [params] = useSearchParams();
  const [values, setValues] = useState<Fields>({
    firstname: '',
    name: '',
    email: params.get('email') ?? '',
    password: '',
    password2: '',
  });
  const errors = useFieldErrors();

  const mutation = useMutation({
    mutationFn: async () => {
      await api.call((await authCalls()).register, { ...values, email: values.email.trim() });
      await delay(successDelayMs);
    },
    onMutate: () => errors.reset(),
    // An error in one field never clears the others (issue 31 item 10): the user fixes what is named.
    onError: errors.fromError,
  });

  const set = (key: keyof Fields) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [key]: value }));
    errors.clear(key);
  };

  const check = useNewPasswordCheck(values.password, values.password2, values.email);
  const labels: Record<keyof Fields, string> = {
    firstname: t('auth.firstname'),
    name: t('auth.lastname'),
    email: t('auth.email'),
    password: t('auth.password'),
    password2: t('auth.password2'),
  };
  const missing = (Object.keys(labels) as (keyof Fields)[]).filter((key) => values[key].trim() === '');
  const blockedBecause = newPasswordBlock(
    t,
    missing.map((key) => labels[key]),
    check,
    { password: labels.password, repeat: labels.password2 },
  );
  const blocked = blockedBecause !== null || mutation.isPending;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!blocked) mutation.mutate();
  };

  if (mutation.isSuccess) return <RegisterSuccess />;

  return (
    <AuthCard title={t('auth.registerTitle')} intro={t('auth.registerIntro')}>
      {mutation.isError && (
        <ErrorAlert title={t('auth.registerFailedBanner')}>
          {messageOf(mutation.error, t('auth.registerFailed'))}
        </ErrorAlert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <TextInput
              label={labels.firstname}
              name="firstname"
              autoComplete="given-name"
              value={values.firstname}
              onChange={set('firstname')}
              error={errors.get('firstname')}
              autoFocus
            />
            <TextInput
              label={labels.name}
              name="name"
              autoComplete="family-name"
              value={values.name}
              onChange={set('name')}
              error={errors.get('name')}
            />
          </SimpleGrid>
          <TextInput
            label={labels.email}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            value={values.email}
            onChange={set('email')}
            error={errors.get('email')}
          />
          <NewPasswordFields
            labels={{ password: labels.password, repeat: labels.password2 }}
            check={check}
            password={{
              name: 'password',
              value: values.password,
              onChange: set('password'),
              error: errors.get('password'),
            }}
            repeat={{
              name: 'password2',
              value: values.password2,
              onChange: set('password2'),
              error: errors.get('password2'),
            }}
          />
          <SubmitButton size="md" fullWidth blockedBecause={blockedBecause} loading={mutation.isPending}>
            {t('auth.registerSubmit')}
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
