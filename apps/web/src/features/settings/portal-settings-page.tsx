import { type Portal, portalLimits, savePortal } from '@kontor/contract/api/settings';
import { Anchor, Button, Card, Group, Skeleton, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, messageOf } from '../../api/api';
import { useEnvironment, useMayChangeSettings } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { alertBar } from '../../ui/alert-bar';
import { ErrorAlert } from '../../ui/error-alert';
import { FormActions } from '../../ui/form-actions';
import { PageTitleBar } from '../../ui/page-title-bar';
import { useFieldErrors } from '../../ui/use-field-errors';
import { portalQuery, settingsKeys } from './settings.queries';

/** Spec 02 §2.2 /settings/portals: active, title, URL key; title and key hidden while inactive (§4). */
export function PortalSettingsPage() {
  const t = useT();
  const { envKey } = useEnvironment();
  const portal = useQuery(portalQuery(envKey));
  return (
    <>
      <PageTitleBar title={t('settings.portal')} subtitle={t('settings.portalIntro')} />
      {portal.isError ? (
        <ErrorAlert>{messageOf(portal.error, t('settings.loadFailed'))}</ErrorAlert>
      ) : portal.data ? (
        <PortalForm portal={portal.data} />
      ) : (
        <Skeleton height={180} radius="md" />
      )}
    </>
  );
}

function PortalForm({ portal }: { portal: Portal }) {
  const t = useT();
  const queryClient = useQueryClient();
  const { envKey } = useEnvironment();
  // Settings change only with the role's 'settings' permission (issue 29 item 4).
  const canEdit = useMayChangeSettings();
  const [values, setValues] = useState({ active: portal.active, title: portal.title, url_slug: portal.url_slug });
  const errors = useFieldErrors();

  const save = useMutation({
    mutationFn: () => api.send(savePortal, { _env: envKey, ...values }),
    onMutate: () => errors.reset(),
    onSuccess: ({ data, message }) => {
      queryClient.setQueryData(settingsKeys.portal(envKey), data);
      setValues({ active: data.active, title: data.title, url_slug: data.url_slug });
      alertBar.push({ id: 'settings-portal', kind: 'success', message: message ?? t('settings.portalSaved') });
    },
    onError: (error) => errors.fromError(error),
  });
  const set = (key: 'title' | 'url_slug', value: string) => {
    errors.clear(key);
    setValues((current) => ({ ...current, [key]: value }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const saved = queryClient.getQueryData<Portal>(settingsKeys.portal(envKey)) ?? portal;

  return (
    <Card padding="lg" maw={640}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {save.isError && !errors.get('title') && !errors.get('url_slug') && (
            <ErrorAlert>{messageOf(save.error, t('settings.saveFailed'))}</ErrorAlert>
          )}
          <Switch
            label={t('settings.portalActive')}
            description={t('settings.portalActiveHint')}
            checked={values.active}
            disabled={!canEdit}
            onChange={(event) => {
              const active = event.currentTarget.checked;
              setValues((current) => ({ ...current, active }));
            }}
          />
          {values.active && (
            <>
              <TextInput
                size="sm"
                label={t('settings.portalTitle')}
                required
                maxLength={portalLimits.title}
                value={values.title}
                onChange={(event) => set('title', event.currentTarget.value)}
                error={errors.get('title')}
                readOnly={!canEdit}
              />
              <TextInput
                size="sm"
                label={t('settings.portalSlug')}
                description={t('settings.portalSlugHint')}
                required
                maxLength={portalLimits.slug}
                autoCapitalize="none"
                spellCheck={false}
                value={values.url_slug}
                onChange={(event) => set('url_slug', event.currentTarget.value.toLowerCase())}
                error={errors.get('url_slug')}
                readOnly={!canEdit}
              />
            </>
          )}
          {values.active && (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('settings.portalAddress')}
              </Text>
              {saved.url && saved.active ? (
                <Group gap="sm" wrap="wrap">
                  <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                    {saved.url}
                  </Text>
                  <Anchor href={saved.url} target="_blank" rel="noopener noreferrer" size="sm">
                    <Group gap={4} wrap="nowrap" component="span">
                      {t('settings.portalOpen')}
                      <IconExternalLink size={14} aria-hidden />
                    </Group>
                  </Anchor>
                </Group>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('settings.portalAddressLater')}
                </Text>
              )}
            </Stack>
          )}
          <FormActions>
            <Button type="submit" loading={save.isPending} disabled={!canEdit}>
              {t('settings.save')}
            </Button>
          </FormActions>
        </Stack>
      </form>
    </Card>
  );
}
