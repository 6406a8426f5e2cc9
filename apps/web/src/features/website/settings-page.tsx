import { type Interfaces, saveSettings, type Website, websiteLimits } from '@kontor/contract/api/website';
import {
  ActionIcon,
  Button,
  Card,
  Group,
  Select,
  Skeleton,
  Stack,
  Switch,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { api, messageOf } from '../../api/api';
import { SettingsRoleNotice } from '../../app/settings-role-notice';
import { useEnvironment, useMayChangeSettings } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { alertBar } from '../../ui/alert-bar';
import { ErrorAlert } from '../../ui/error-alert';
import { FormActions } from '../../ui/form-actions';
import { PageTitleBar } from '../../ui/page-title-bar';
import { useFieldErrors } from '../../ui/use-field-errors';
import { HostVerificationCard } from './host-verification-card';
import { blocksQuery, interfacesQuery, websiteKeys, websiteQuery } from './website.queries';
import { useWebsiteBase } from './website-layout';

const tabs = ['general', 'interfaces', 'certificates'] as const;
type Tab = (typeof tabs)[number];

/** Spec 02 §2.5 /website-manager/settings: tabs General, Interfaces, Certificates (an empty stub). */
export function WebsiteSettingsPage() {
  const t = useT();
  const { envKey } = useEnvironment();
  const { tab: raw } = useParams();
  const tab: Tab = tabs.includes(raw as Tab) ? (raw as Tab) : 'general';
  const base = useWebsiteBase();
  const navigate = useNavigate();
  const site = useQuery(websiteQuery(envKey));
  return (
    <>
      <PageTitleBar title={t('website.nav.settings')} />
      <SettingsRoleNotice />
      <Tabs
        value={tab}
        onChange={(v) => navigate(v === 'general' ? `${base}/settings` : `${base}/settings/${v}`)}
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="general">{t('website.settings.general')}</Tabs.Tab>
          <Tabs.Tab value="interfaces">{t('website.settings.interfaces')}</Tabs.Tab>
          <Tabs.Tab value="certificates">{t('website.settings.certificates')}</Tabs.Tab>
        </Tabs.List>
        {site.isError ? (
          <ErrorAlert>{messageOf(site.error, t('website.loadError'))}</ErrorAlert>
        ) : !site.data ? (
          <Skeleton height={240} radius="md" />
        ) : (
          <>
            <Tabs.Panel value="general">
              <Stack gap="lg">
                <SettingsForm key={site.dataUpdatedAt} site={site.data} part="general" />
                <HostVerificationCard site={site.data} />
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="interfaces">
              <SettingsForm key={site.dataUpdatedAt} site={site.data} part="interfaces" />
            </Tabs.Panel>
            <Tabs.Panel value="certificates">
              {/* Spec 02 §2.5: the certificates tab is an empty stub; its intended content is not shown. */}
              <Card padding="lg" maw={720}>
                <Text c="dimmed">{t('website.settings.certificatesStub')}</Text>
              </Card>
            </Tabs.Panel>
          </>
        )}
      </Tabs>
    </>
  );
}

type Values = {
  host: string;
  is_active: boolean;
  debug: boolean;
  title: string;
  meta_description: string;
  meta_keywords: string;
  interfaces: Interfaces;
};

function SettingsForm({ site, part }: { site: Website; part: 'general' | 'interfaces' }) {
  const t = useT();
  const { envKey } = useEnvironment();
  // Settings change only with the role's 'settings' permission (issue 29 item 4).
  const canEdit = useMayChangeSettings();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>({
    host: site.host,
    is_active: site.is_active,
    debug: site.debug,
    title: site.title,
    meta_description: site.meta_description,
    meta_keywords: site.meta_keywords,
    interfaces: site.interfaces,
  });
  const errors = useFieldErrors();
  const save = useMutation({
    mutationFn: () => api.send(saveSettings, { _env: envKey, website: values }),
    onMutate: () => errors.reset(),
    onSuccess: ({ data, message }) => {
      queryClient.setQueryData(websiteKeys.details(envKey), data);
      alertBar.push({ id: 'website-settings', kind: 'success', message: message ?? t('website.settings.saved') });
    },
    onError: (error) => errors.fromError(error),
  });
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    errors.clear(key);
    setValues((v) => ({ ...v, [key]: value }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg" maw={720}>
        {save.isError && <ErrorAlert>{messageOf(save.error, t('website.settings.saveError'))}</ErrorAlert>}
        {part === 'general' ? (
          <Card padding="lg">
            <Stack gap="md">
              <Switch
                label={t('website.settings.isActive')}
                checked={values.is_active}
                disabled={!canEdit}
                onChange={(e) => set('is_active', e.currentTarget.checked)}
              />
              <Switch
                label={t('website.settings.debug')}
                checked={values.debug}
                disabled={!canEdit}
                onChange={(e) => set('debug', e.currentTarget.checked)}
              />
              <TextInput
                label={t('website.settings.siteTitle')}
                value={values.title}
                maxLength={websiteLimits.title}
                error={errors.get('title')}
                readOnly={!canEdit}
                onChange={(e) => set('title', e.currentTarget.value)}
              />
              <Textarea
                label={t('website.settings.metaDescription')}
                autosize
                minRows={2}
                value={values.meta_description}
                maxLength={websiteLimits.metaDescription}
                error={errors.get('meta_description')}
                readOnly={!canEdit}
                onChange={(e) => set('meta_description', e.currentTarget.value)}
              />
              <TextInput
                label={t('website.settings.metaKeywords')}
                value={values.meta_keywords}
                maxLength={websiteLimits.metaKeywords}
                error={errors.get('meta_keywords')}
                readOnly={!canEdit}
                onChange={(e) => set('meta_keywords', e.currentTarget.value)}
              />
              <TextInput
                label={t('website.settings.host')}
                description={t('website.settings.hostHint')}
                value={values.host}
                maxLength={websiteLimits.host}
                autoCapitalize="none"
                spellCheck={false}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                error={errors.get('host')}
                readOnly={!canEdit}
                onChange={(e) => set('host', e.currentTarget.value.toLowerCase())}
              />
            </Stack>
          </Card>
        ) : (
          <InterfacesEditor value={values.interfaces} onChange={(v) => set('interfaces', v)} errorOf={errors.get} />
        )}
        <FormActions>
          <Button type="submit" loading={save.isPending} disabled={!canEdit}>
            {t('website.settings.save')}
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}

/** Spec 02 §5: a design block may be added only once per interface. */
function InterfacesEditor({
  value,
  onChange,
  errorOf,
}: {
  value: Interfaces;
  onChange: (v: Interfaces) => void;
  errorOf: (path: string) => string | undefined;
}) {
  const t = useT();
  const { envKey } = useEnvironment();
  // Settings change only with the role's 'settings' permission (issue 29 item 4).
  const canEdit = useMayChangeSettings();
  const interfaces = useQuery(interfacesQuery(envKey));
  const blocks = useQuery(blocksQuery(envKey));
  const [choice, setChoice] = useState<Record<string, string | null>>({});
  const [twice, setTwice] = useState<Record<string, boolean>>({});
  const labelOf = (name: string) => blocks.data?.find((b) => b.name === name)?.label ?? name;
  if (!interfaces.data || !blocks.data) return <Skeleton height={160} />;
  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        {t('website.settings.interfacesHint')}
      </Text>
      {interfaces.data.map((i) => {
        const added = value[i.key]?.config.blocks ?? [];
        const add = () => {
          const name = choice[i.key];
          if (!name) return;
          if (added.includes(name)) {
            setTwice((s) => ({ ...s, [i.key]: true }));
            return;
          }
          setTwice((s) => ({ ...s, [i.key]: false }));
          setChoice((c) => ({ ...c, [i.key]: null }));
          onChange({ ...value, [i.key]: { config: { blocks: [...added, name] } } });
        };
        return (
          <Card key={i.key} padding="lg">
            <Title order={2} fz="md">
              {i.name}
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              {i.description}
            </Text>
            {added.length === 0 ? (
              <Text size="sm" c="dimmed" mb="sm">
                {t('website.settings.noInterfaceBlocks')}
              </Text>
            ) : (
              <Stack gap={4} mb="sm">
                {added.map((name) => (
                  <Group key={name} justify="space-between" wrap="nowrap">
                    <Text size="sm">{labelOf(name)}</Text>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      disabled={!canEdit}
                      aria-label={`${t('website.pages.remove')}: ${labelOf(name)}`}
                      onClick={() =>
                        onChange({ ...value, [i.key]: { config: { blocks: added.filter((b) => b !== name) } } })
                      }
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                ))}
              </Stack>
            )}
            <Group align="flex-start" wrap="wrap">
              <Select
                aria-label={`${t('website.page.chooseBlock')} (${i.name})`}
                placeholder={t('website.page.chooseBlock')}
                data={blocks.data.map((b) => ({ value: b.name, label: b.label }))}
                value={choice[i.key] ?? null}
                onChange={(v) => {
                  setTwice((s) => ({ ...s, [i.key]: false }));
                  setChoice((c) => ({ ...c, [i.key]: v }));
                }}
                error={twice[i.key] ? t('website.error.interfaceTwice') : errorOf(`interfaces.${i.key}`)}
                disabled={!canEdit}
                style={{ flex: 1 }}
                miw={200}
              />
              <Button
                variant="default"
                leftSection={<IconPlus size={16} />}
                onClick={add}
                disabled={!canEdit || !choice[i.key]}
              >
                {t('website.settings.addInterfaceBlock')}
              </Button>
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}
