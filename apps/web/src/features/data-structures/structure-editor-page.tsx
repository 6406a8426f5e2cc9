import { type Structure, type StructureStats, saveStructure } from '@kontor/contract/api/data-structures';
import { ActionIcon, Badge, Button, Group, List, Paper, Stack, Tabs, Text, Tooltip } from '@mantine/core';
import { IconAdjustmentsPlus, IconDeviceFloppy, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { api, isApiError, messageOf } from '../../api/api';
import { useEnvironment } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { alertBar } from '../../ui/alert-bar';
import { ErrorAlert } from '../../ui/error-alert';
import { NotFoundView } from '../../ui/not-found-view';
import { PageLoader } from '../../ui/page-loader';
import { PageTitleBar } from '../../ui/page-title-bar';
import { structureKeys, structureQuery, structuresQuery } from './data-structures.queries';
import { SettingAddModal } from './settings-tab';
import { StructureDeleteCard } from './structure-delete-card';
import type { StructureEditor } from './structure-editor-context';
import { structureEditPath, structuresBase } from './structure-paths';
import { editorTabs } from './structure-tab-list';

/** /settings/dynamic-records/{type}/edit: loads the structure, then hands it to the editor. */
export function StructureEditorPage() {
  const t = useT();
  const { envKey } = useEnvironment();
  const { type = '' } = useParams();
  const query = useQuery(structureQuery(envKey, type));
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404)
      return (
        <NotFoundView
          variant="area"
          title={t('structures.unknown')}
          back={{ to: structuresBase(envKey), label: t('structures.backToList') }}
        />
      );
    return <ErrorAlert>{messageOf(query.error, t('structures.loadError'))}</ErrorAlert>;
  }
  return <Editor key={`${type}@${query.data.type.version}`} initial={query.data.type} stats={query.data.stats} />;
}

/** The saved body: the editable parts, the key it was loaded under and the version it started from. */
const saveBody = (envKey: string, s: Structure) => ({
  _env: envKey,
  orgKey: s.key,
  version: s.version,
  key: s.key,
  parent: s.parent,
  singular: s.singular,
  plural: s.plural,
  icon: s.icon,
  fields: s.fields,
  forms: s.forms,
  mainForm: s.mainForm,
  lists: s.lists,
  defaultList: s.defaultList,
  settings: s.settings,
  settingValues: s.settingValues,
  queryForms: s.queryForms,
  einvoice: s.einvoice,
  access: s.access,
});

function Editor({ initial, stats }: { initial: Structure; stats: StructureStats }) {
  const t = useT();
  const { envKey, reload, permissions } = useEnvironment();
  // Every role sees the structure (spec 02 §6); saving it needs the settings permission (issue 29).
  const maySave = permissions.has('settings');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [draft, setDraft] = useState(initial);
  const [dirty, setDirty] = useState(false);
  const [addingSetting, setAddingSetting] = useState(false);
  const types = useQuery(structuresQuery(envKey));

  const typeLabels = useMemo(() => {
    const labels = new Map<string, string>();
    for (const p of types.data?.parents ?? []) labels.set(p.key, p.plural);
    for (const s of types.data?.types ?? []) labels.set(s.key, s.plural);
    return labels;
  }, [types.data]);

  const save = useMutation({
    mutationFn: () => api.send(saveStructure, saveBody(envKey, draft)),
    onSuccess: async ({ data, message }) => {
      setDraft((d) => ({ ...d, version: data.version }));
      setDirty(false);
      alertBar.push({ id: 'data-structures', kind: 'success', message: message ?? t('structures.saveSuccess') });
      await queryClient.invalidateQueries({ queryKey: structureKeys.list(envKey) });
      void reload();
    },
  });

  const context: StructureEditor = {
    draft,
    stats,
    typeLabels,
    update: (change) => {
      setDraft(change);
      setDirty(true);
      save.reset();
    },
  };

  const base = structureEditPath(envKey, initial.key);
  const tabs = editorTabs(draft);
  const rest = pathname.startsWith(base) ? pathname.slice(base.length).replace(/^\//, '') : '';
  // Mantine's tabs need a non-empty value: the fields tab (the base path) is 'fields'.
  const tabValue = (path: string) => path || 'fields';
  const currentTab = tabs.find((tab) => tab.path === rest);
  const current = currentTab ? tabValue(currentTab.path) : null;
  const fieldErrors = save.isError && isApiError(save.error) ? Object.entries(save.error.errors) : [];

  return (
    <Stack gap="lg">
      <PageTitleBar
        title={draft.plural}
        subtitle={
          <Text span inherit c="gray.7">
            {`${draft.key} · ${typeLabels.get(draft.parent ?? '') ?? draft.parent ?? ''}`}
          </Text>
        }
        back={{ to: structuresBase(envKey), label: t('structures.backToList') }}
      />
      <Paper
        withBorder
        radius="md"
        p="sm"
        pos="sticky"
        top="var(--app-shell-header-height, 60px)"
        style={{ zIndex: 5 }}
      >
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" c="gray.7">
            {t('structures.fieldCount', {
              count: draft.fields.length,
              own: draft.fields.filter((f) => !f.origin).length,
            })}
          </Text>
          <Group gap="sm">
            {draft.settings.length === 0 && (
              <>
                <Button
                  variant="default"
                  visibleFrom="sm"
                  leftSection={<IconPlus size={16} />}
                  onClick={() => setAddingSetting(true)}
                >
                  {t('structures.settingAdd')}
                </Button>
                {/* On a phone the bar keeps one line: the same action as an icon with its name. */}
                <Tooltip label={t('structures.settingAdd')}>
                  <ActionIcon
                    variant="default"
                    size="lg"
                    hiddenFrom="sm"
                    aria-label={t('structures.settingAdd')}
                    onClick={() => setAddingSetting(true)}
                  >
                    <IconAdjustmentsPlus size={18} />
                  </ActionIcon>
                </Tooltip>
              </>
            )}
            {dirty && (
              // Dark text on the light yellow: Mantine's yellow-on-yellow fails the contrast check.
              <Badge color="yellow" variant="light" c="dark.7">
                {t('structures.unsaved')}
              </Badge>
            )}
            <Button
              leftSection={<IconDeviceFloppy size={16} />}
              onClick={() => save.mutate()}
              loading={save.isPending}
              disabled={!dirty || !maySave}
              title={maySave ? undefined : t('settings.noRights')}
            >
              {t('structures.save')}
            </Button>
          </Group>
        </Group>
      </Paper>
      {save.isError && (
        <ErrorAlert onClose={() => save.reset()}>
          {messageOf(save.error, t('structures.saveError'))}
          {fieldErrors.length > 0 && (
            <List size="sm" mt="xs">
              {fieldErrors.map(([path, messages]) => (
                <List.Item key={path}>
                  <Text span ff="monospace" size="xs">
                    {path}
                  </Text>
                  : {messages.join(' ')}
                </List.Item>
              ))}
            </List>
          )}
        </ErrorAlert>
      )}
      <Tabs value={current} onChange={(value) => navigate(value && value !== 'fields' ? `${base}/${value}` : base)}>
        <Tabs.List aria-label={t('structures.tabsLabel')} style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.path} value={tabValue(tab.path)}>
              {t(tab.label)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet context={context} />
      <StructureDeleteCard structure={draft} count={stats.count} />
      <SettingAddModal
        opened={addingSetting}
        onClose={() => setAddingSetting(false)}
        taken={new Set(draft.settings.map((s) => s.key))}
        onAdd={(setting) => {
          context.update((s) => ({ ...s, settings: [...s.settings, setting] }));
          setAddingSetting(false);
          // The settings tab exists from now on: show the new definition there.
          navigate(`${base}/settings`);
        }}
      />
    </Stack>
  );
}
