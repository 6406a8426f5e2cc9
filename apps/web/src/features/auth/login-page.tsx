import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api, messageOf } from '../../api/api';
import { session } from '../../api/session';
import { useT } from '../../i18n/i18n';
import { AuthCard } from '../../ui/auth-card';
import { ErrorAlert } from '../../ui/error-alert';
import { loginBlank } from './auth.queries';

/** Spec 01 §2 "Einloggen": e-mail and password; success goes to /account. */
export function LoginPage() {
  const t = useT();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const login = useMutation({
    mutationFn: () => api.login({ email: email.trim(), password }),
    onSuccess: ({ token, user }) => {
      session.start(token, user);
      navigate('/account', { replace: true });
    },
    // Spec 01 §4: the password is cleared on a request error.
    onError: () => setPassword(''),
  });

  const blocked = loginBlank(email, password) || login.isPending;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!blocked) login.mutate();
  };

  return (
    <AuthCard title={t('auth.loginTitle')} intro={t('auth.loginIntro')}>
      {login.isError && <ErrorAlert>{messageOf(login.error, t('auth.loginFailed'))}</ErrorAlert>}
      {/* POST: the prerendered form (start-page/) exists before the app handles its submit; a form's
          default GET would put the password into the address and the server's log. */}
      <form onSubmit={submit} method="post" noValidate>
        <Stack gap="md">
          <TextInput
            label={t('auth.email')}
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            autoFocus
          />
          <Stack gap={6}>
            <PasswordInput
              label={t('auth.password')}
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Anchor component={Link} to="/forgot-pw" size="sm">
                {t('auth.toForgotPw')}
              </Anchor>
            </Group>
          </Stack>
          <Button type="submit" size="md" fullWidth disabled={blocked} loading={login.isPending}>
            {t('auth.loginSubmit')}
          </Button>
        </Stack>
      </form>
      <Text ta="center" size="sm">
        <Anchor component={Link} to="/register" fw={500}>
          {t('auth.toRegister')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
