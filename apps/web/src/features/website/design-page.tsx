import { changeDesign, type Design, saveDesign, type Website } from '@kontor/contract/api/website';
import {
  Badge,
  Button,
  Card,
  ColorSwatch,
  Grid,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, messageOf } from '../../api/api';
import { SettingsRoleNotice } from '../../app/settings-role-notice';
import { useEnvironment, useMayChangeSettings } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { alertBar } from '../../ui/alert-bar';
import { ErrorAlert } from '../../ui/error-alert';
import { FormActions } from '../../ui/form-actions';
import { PageTitleBar } from '../../ui/page-title-bar';
import { useFieldErrors } from '../../ui/use-field-errors';
import { ImageInput } from './image-input';
import { designQuery, designsQuery, websiteKeys, websiteQuery } from './website.queries';

/** Spec 02 §2.5 /website-manager/design: choose a design and edit its variables. */
export function DesignPage() {
  const t = useT();
  const { envKey } = useEnvironment();
  // Settings change only with the role's 'settings' permission (issue 29 item 4).
  const canEdit = useMayChangeSettings();
  const queryClient = useQueryClient();
  const site = useQuery(websiteQuery(envKey));
  const designs = useQuery(designsQuery(envKey));
  const current = site.data?.design;
  const design = useQuery({ ...designQuery(envKey, current ?? ''), enabled: Boolean(current) });
  const change = useMutation({
    mutationFn: (key: string) => api.call(changeDesign, { _env: envKey, design: key }),
    onSuccess: (data) => {
      // Spec 02 §4: changing the design replaces it and reloads.
      queryClient.setQueryData(websiteKeys.details(envKey), data);
      void queryClient.invalidateQueries({ queryKey: websiteKeys.all(envKey) });
    },
    onError: (error) =>
      alertBar.push({
        id: 'website-design',
        kind: 'danger',
        message: messageOf(error, t('website.design.changeError')),
      }),
  });
  if (site.isError || designs.isError) return <ErrorAlert>{t('website.loadError')}</ErrorAlert>;
  if (!site.data || !designs.data) return <Skeleton height={260} radius="md" />;
  return (
    <>
      <PageTitleBar title={t('website.nav.design')} />
      <SettingsRoleNotice />
      <Stack gap="xl">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {designs.data.map((d) => (
            <Card
              key={d.key}
              padding="lg"
              withBorder={d.key === current}
              style={d.key === current ? { borderColor: 'var(--mantine-color-indigo-6)', borderWidth: 2 } : undefined}
            >
              <Group justify="space-between" mb={6} wrap="nowrap">
                <Title order={2} fz="md">
                  {d.name}
                </Title>
                {d.key === current && <Badge>{t('website.design.active')}</Badge>}
              </Group>
              <Text size="sm" c="dimmed" mb="md">
                {d.description}
              </Text>
              <Button
                variant="default"
                size="xs"
                disabled={d.key === current || !canEdit}
                loading={change.isPending && change.variables === d.key}
                onClick={() => change.mutate(d.key)}
                aria-label={`${t('website.design.change')}: ${d.name}`}
              >
                {t('website.design.change')}
              </Button>
            </Card>
          ))}
        </SimpleGrid>
        {design.data && (
          <VariablesForm key={`${design.data.key}-${site.dataUpdatedAt}`} design={design.data} site={site.data} />
        )}
      </Stack>
    </>
  );
}

type Values = Record<string, string | boolean | null>;

function VariablesForm({ design, site }: { design: Design; site: Website }) {
  const t = useT();
  const { envKey } = useEnvironment();
  // Settings change only with the role's 'settings' permission (issue 29 item 4).
  const canEdit = useMayChangeSettings();
  const queryClient = useQueryClient();
  const stored = site.design_config[design.key] ?? {};
  const [values, setValues] = useState<Values>(() =>
    Object.fromEntries(
      design.variables.map((v) => [v.name, (stored[v.name] as string | boolean | null | undefined) ?? v.default]),
    ),
  );
  const errors = useFieldErrors();
  const save = useMutation({
    mutationFn: () => api.send(saveDesign, { _env: envKey, website: { design_config: { [design.key]: values } } }),
    onMutate: () => errors.reset(),
    onSuccess: ({ data, message }) => {
      queryClient.setQueryData(websiteKeys.details(envKey), data);
      alertBar.push({ id: 'website-design', kind: 'success', message: message ?? t('website.design.saved') });
    },
    onError: (error) => errors.fromError(error),
  });
  const set = (name: string, value: string | boolean | null) => {
    errors.clear(`design_config.${design.key}.${name}`);
    setValues((v) => ({ ...v, [name]: value }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <Card padding="lg" maw={860}>
      <form onSubmit={submit} noValidate>
        <Title order={2} fz="lg" mb="md">
          {t('website.design.variables')} – {design.name}
        </Title>
        {save.isError && (
          <Stack mb="md">
            <ErrorAlert>{messageOf(save.error, t('website.settings.saveError'))}</ErrorAlert>
          </Stack>
        )}
        <Grid>
          {design.variables.map((v) => {
            const error = errors.get(`design_config.${design.key}.${v.name}`);
            const value = values[v.name];
            const text = typeof value === 'string' ? value : '';
            return (
              <Grid.Col key={v.name} span={{ base: 12, sm: v.columns }}>
                {v.type === 'image' ? (
                  <ImageInput
                    label={v.label}
                    value={text || null}
                    onChange={(id) => set(v.name, id)}
                    error={error}
                    disabled={!canEdit}
                  />
                ) : v.type === 'boolean' ? (
                  <Switch
                    mt="lg"
                    label={v.label}
                    checked={value === true}
                    disabled={!canEdit}
                    onChange={(e) => set(v.name, e.currentTarget.checked)}
                  />
                ) : v.type === 'html' ? (
                  <Textarea
                    label={v.label}
                    autosize
                    minRows={3}
                    styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                    value={text}
                    error={error}
                    readOnly={!canEdit}
                    onChange={(e) => set(v.name, e.currentTarget.value)}
                  />
                ) : v.type === 'color' ? (
                  <TextInput
                    label={v.label}
                    value={text}
                    error={error}
                    readOnly={!canEdit}
                    styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                    placeholder="#1c5fb8"
                    leftSection={
                      <ColorSwatch color={/^#[0-9a-fA-F]{6}$/.test(text) ? text : '#ffffff'} size={18} aria-hidden />
                    }
                    onChange={(e) => set(v.name, e.currentTarget.value)}
                  />
                ) : (
                  <TextInput
                    label={v.label}
                    value={text}
                    error={error}
                    readOnly={!canEdit}
                    onChange={(e) => set(v.name, e.currentTarget.value)}
                  />
                )}
              </Grid.Col>
            );
          })}
        </Grid>
        <FormActions>
          <Button type="submit" loading={save.isPending} disabled={!canEdit}>
            {t('website.design.save')}
          </Button>
        </FormActions>
      </form>
    </Card>
  );
}
