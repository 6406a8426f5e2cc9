import { createEnvironment, envNameLimit } from '@kontor/contract/api/environments';
import { Button, Paper, Stack, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { api, isApiError, messageOf } from '../../api/api';
import { useT } from '../../i18n/i18n';
import { BackLink } from '../../ui/back-link';
import { ErrorAlert } from '../../ui/error-alert';
import { FormActions } from '../../ui/form-actions';
import { PageTitle } from '../../ui/page-title';
import { StatusPanel } from '../../ui/status-panel';
import { useFieldErrors } from '../../ui/use-field-errors';
import { accountKeys, presetsQuery } from './account.queries';
import { PresetPicker } from './preset-picker';

/** Spec 01 §2 /account/create-environment: a name and a template, then configure or skip. */
export function CreateEnvironmentPage() {
  const t = useT();
  const queryClient = useQueryClient();
  const presets = useQuery(presetsQuery());
  const [name, setName] = useState('');
  const [preset, setPreset] = useState<string | null>(null);
  const errors = useFieldErrors();

  const mutation = useMutation({
    mutationFn: () => api.call(createEnvironment, { name: name.trim(), preset: preset ?? '' }),
    onMutate: () => errors.reset(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.environments() }),
    onError: errors.fromError,
  });

  const blocked = name.trim() === '' || preset === null || mutation.isPending;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!blocked) mutation.mutate();
  };

  if (mutation.isSuccess) {
    const env = mutation.data.environment;
    const slug = encodeURIComponent(env.url_slug);
    return (
      <StatusPanel
        tone="success"
        title={t('account.createdTitle')}
        actions={
          <FormActions justify="center">
            <Button variant="default" component={Link} to={`/env/${slug}`}>
              {t('account.skipSetup')}
            </Button>
            <Button component={Link} to={`/create-environment/setup/${slug}`}>
              {t('account.configureNow')}
            </Button>
          </FormActions>
        }
      >
        {t('account.createdText', { name: env.name })}
      </StatusPanel>
    );
  }

  // Field errors show under their fields; the alert only for failures without them.
  const showAlert = mutation.isError && !(isApiError(mutation.error) && Object.keys(mutation.error.errors).length > 0);

  return (
    <Stack gap="lg">
      <BackLink to="/account">{t('common.back')}</BackLink>
      <PageTitle title={t('account.createTitle')} intro={t('account.createIntro')} />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={submit} noValidate>
          <Stack gap="xl">
            {showAlert && <ErrorAlert>{messageOf(mutation.error, t('common.genericError'))}</ErrorAlert>}
            {presets.isError && <ErrorAlert>{messageOf(presets.error, t('common.genericError'))}</ErrorAlert>}
            <TextInput
              label={t('account.envName')}
              name="name"
              value={name}
              maxLength={envNameLimit}
              onChange={(e) => {
                setName(e.currentTarget.value);
                errors.clear('names');
              }}
              error={errors.get('names')}
              autoComplete="organization"
              autoFocus
            />
            <PresetPicker
              presets={presets.data ?? []}
              loading={presets.isPending}
              value={preset}
              onChange={(key) => {
                setPreset(key);
                errors.clear('preset');
              }}
              error={errors.get('preset')}
            />
            <FormActions>
              <Button variant="default" component={Link} to="/account">
                {t('common.cancel')}
              </Button>
              <Button type="submit" disabled={blocked} loading={mutation.isPending}>
                {t('account.createSubmit')}
              </Button>
            </FormActions>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
