import { saveFunctionSettings } from '@kontor/contract/api/settings';
import { Button, Card, Skeleton, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, messageOf } from '../../api/api';
import { StandaloneField } from '../../engine/field-kit';
import { useEnvironment, useMayChangeSettings } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { alertBar } from '../../ui/alert-bar';
import { ErrorAlert } from '../../ui/error-alert';
import { FormActions } from '../../ui/form-actions';
import { useFieldErrors } from '../../ui/use-field-errors';
import { htmlSettingsQuery, queryFormKeys } from './query-forms.queries';

type HtmlSettings = { is_active: boolean; website_title: string; logo: string | null };

const fromServer = (s: Record<string, unknown>): HtmlSettings => ({
  is_active: s.is_active !== false,
  website_title: typeof s.website_title === 'string' ? s.website_title : '',
  logo: typeof s.logo === 'string' ? s.logo : null,
});

/** /query-forms/settings/html: the web forms' function settings (spec 02 §3): is_active, website_title, logo. */
export function HtmlSettingsCard() {
  const t = useT();
  const { envKey } = useEnvironment();
  const settings = useQuery(htmlSettingsQuery(envKey));
  if (settings.isError) return <ErrorAlert>{messageOf(settings.error, t('settings.loadFailed'))}</ErrorAlert>;
  if (!settings.data) return <Skeleton height={220} radius="md" maw={640} />;
  return <HtmlSettingsForm initial={fromServer(settings.data.settings)} />;
}

function HtmlSettingsForm({ initial }: { initial: HtmlSettings }) {
  const t = useT();
  const queryClient = useQueryClient();
  const { envKey } = useEnvironment();
  // Settings change only with the role's 'settings' permission (issue 29 item 4).
  const canEdit = useMayChangeSettings();
  const [values, setValues] = useState(initial);
  const errors = useFieldErrors();
  const save = useMutation({
    mutationFn: () =>
      api.send(saveFunctionSettings, { _env: envKey, function: 'queryForms', qualifier: 'html', settings: values }),
    onMutate: () => errors.reset(),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(queryFormKeys.htmlSettings(envKey), data);
      setValues(fromServer(data.settings));
      alertBar.push({ id: 'query-forms-html', kind: 'success', message: t('queryForms.settingsSaved') });
    },
    onError: (error) => errors.fromError(error),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <Card padding="lg" maw={640}>
      <form onSubmit={submit} noValidate aria-label={t('queryForms.settingsHtml')}>
        <Stack gap="md">
          <div>
            <Title order={2} fz="lg">
              {t('queryForms.settingsHtml')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('queryForms.settingsHtmlIntro')}
            </Text>
          </div>
          {save.isError && <ErrorAlert>{messageOf(save.error, t('settings.saveFailed'))}</ErrorAlert>}
          <Switch
            label={t('queryForms.htmlActive')}
            description={t('queryForms.htmlActiveHint')}
            checked={values.is_active}
            disabled={!canEdit}
            onChange={(event) => {
              const is_active = event.currentTarget.checked;
              setValues((v) => ({ ...v, is_active }));
            }}
          />
          <TextInput
            label={t('queryForms.websiteTitle')}
            description={t('queryForms.websiteTitleHint')}
            maxLength={200}
            value={values.website_title}
            readOnly={!canEdit}
            error={errors.get('settings.website_title')}
            onChange={(event) => {
              const website_title = event.currentTarget.value;
              setValues((v) => ({ ...v, website_title }));
            }}
          />
          <StandaloneField
            field={{ key: 'logo', type: 'file', label: t('queryForms.logo') }}
            value={values.logo}
            onChange={(value) => setValues((v) => ({ ...v, logo: typeof value === 'string' && value ? value : null }))}
            error={errors.get('settings.logo')}
            readOnly={!canEdit}
          />
          <FormActions>
            <Button type="submit" loading={save.isPending} disabled={!canEdit}>
              {t('queryForms.save')}
            </Button>
          </FormActions>
        </Stack>
      </form>
    </Card>
  );
}
