import { type FunctionKey, functionKeys } from '@kontor/contract/api/environments';
import { saveModules } from '@kontor/contract/api/settings';
import { Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { api, messageOf } from '../../api/api';
import { useEnvironment, useMayChangeSettings } from '../../environment/environment-context';
import { type MessageKey, useT } from '../../i18n/i18n';
import { alertBar } from '../../ui/alert-bar';
import { ErrorAlert } from '../../ui/error-alert';
import { AppIcon } from '../../ui/icons';

const moduleTexts: Record<FunctionKey, { label: MessageKey; text: MessageKey; icon: string }> = {
  website: { label: 'shell.website', text: 'settings.moduleWebsite', icon: 'world' },
  bookings: { label: 'shell.bookings', text: 'settings.moduleBookings', icon: 'calendar-event' },
  queryForms: { label: 'shell.queryForms', text: 'settings.moduleQueryForms', icon: 'forms' },
  filemanager: { label: 'shell.files', text: 'settings.moduleFilemanager', icon: 'folder' },
};

/** CLARIFICATIONS "Modules": each switch turns a module on or off at once; the sidebar follows. */
export function ModulesCard() {
  const t = useT();
  const { envKey, environment, reload } = useEnvironment();
  // Settings change only with the role's 'settings' permission (issue 29 item 4).
  const canEdit = useMayChangeSettings();
  const active = Object.fromEntries(functionKeys.map((k) => [k, environment.functions[k]?.active ?? false])) as Record<
    FunctionKey,
    boolean
  >;
  const save = useMutation({
    mutationFn: (functions: Record<FunctionKey, boolean>) => api.send(saveModules, { _env: envKey, functions }),
    onSuccess: async ({ message }) => {
      alertBar.push({ id: 'settings-modules', kind: 'success', message: message ?? t('settings.modulesSaved') });
      await reload();
    },
  });
  return (
    <Card padding="lg">
      <Title order={2} fz="lg">
        {t('settings.modulesCard')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('settings.modulesText')}
      </Text>
      {save.isError && <ErrorAlert>{messageOf(save.error, t('settings.saveFailed'))}</ErrorAlert>}
      <Stack gap="md">
        {functionKeys.map((key) => (
          <Group key={key} wrap="nowrap" gap="md" align="flex-start">
            <AppIcon name={moduleTexts[key].icon} size={20} />
            <Switch
              style={{ flex: 1 }}
              labelPosition="left"
              label={t(moduleTexts[key].label)}
              description={t(moduleTexts[key].text)}
              checked={active[key]}
              disabled={!canEdit || save.isPending}
              onChange={(event) => save.mutate({ ...active, [key]: event.currentTarget.checked })}
              styles={{ body: { justifyContent: 'space-between' }, labelWrapper: { flex: 1 } }}
            />
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
