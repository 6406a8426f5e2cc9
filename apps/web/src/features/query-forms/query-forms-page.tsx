import { Anchor, Button, Group, Paper, Tabs, Text } from '@mantine/core';
import { IconEdit, IconEye, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useEnvironment } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { PageTitleBar } from '../../ui/page-title-bar';
import { DataTable } from './data-table';
import { HtmlSettingsCard } from './html-settings-card';
import { formDetailsPath, formEditPath, queryFormsBase } from './query-forms.queries';

type Tab = 'overview' | 'settings' | 'html';

/** Spec 02 §2.7: page 'Formulare' with 'new form', tabs Overview and Settings (general, html). */
export function QueryFormsPage({ tab }: { tab: Tab }) {
  const t = useT();
  const navigate = useNavigate();
  const { envKey, canEdit } = useEnvironment();
  const base = queryFormsBase(envKey);
  return (
    <>
      <PageTitleBar
        title={t('shell.queryForms')}
        subtitle={t('queryForms.intro')}
        actions={[
          {
            kind: 'link',
            label: t('queryForms.newForm'),
            to: formEditPath(envKey, 'new'),
            icon: <IconPlus size={16} aria-hidden />,
            primary: true,
            disabled: !canEdit,
          },
        ]}
      />
      <Tabs
        value={tab === 'overview' ? 'overview' : 'settings'}
        onChange={(value) => navigate(value === 'settings' ? `${base}/settings` : base)}
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="overview">{t('queryForms.tabOverview')}</Tabs.Tab>
          <Tabs.Tab value="settings">{t('queryForms.tabSettings')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview">
          <FormList />
        </Tabs.Panel>
        <Tabs.Panel value="settings">
          <SettingsTabs tab={tab === 'html' ? 'html' : 'general'} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

function FormList() {
  const t = useT();
  const { envKey } = useEnvironment();
  return (
    <DataTable
      source={{ model: 'QueryForm' }}
      listKey="query-forms"
      searchable
      label={t('shell.queryForms')}
      empty={t('queryForms.empty')}
      loadFailed={t('queryForms.listLoadFailed')}
      renderCell={(cell, row, text) =>
        cell.mapping === 'title' ? (
          <Anchor component={Link} to={formDetailsPath(envKey, row._id)} fw={500}>
            {text || t('queryForms.untitled')}
          </Anchor>
        ) : (
          text
        )
      }
      actions={(row) => (
        <>
          <Button
            component={Link}
            to={formDetailsPath(envKey, row._id)}
            size="xs"
            variant="default"
            leftSection={<IconEye size={14} aria-hidden />}
            aria-label={`${t('queryForms.details')}: ${String(row.title || t('queryForms.untitled'))}`}
          >
            {t('queryForms.details')}
          </Button>
          <Button
            component={Link}
            to={formEditPath(envKey, row._id)}
            size="xs"
            variant="default"
            leftSection={<IconEdit size={14} aria-hidden />}
            aria-label={`${t('queryForms.edit')}: ${String(row.title || t('queryForms.untitled'))}`}
          >
            {t('queryForms.edit')}
          </Button>
        </>
      )}
    />
  );
}

/** Settings: 'general' (an empty notice, spec 02 §2.7) and 'html' (the web forms' function settings). */
function SettingsTabs({ tab }: { tab: 'general' | 'html' }) {
  const t = useT();
  const navigate = useNavigate();
  const { envKey } = useEnvironment();
  const base = `${queryFormsBase(envKey)}/settings`;
  return (
    <Tabs
      variant="pills"
      value={tab}
      onChange={(value) => navigate(value === 'html' ? `${base}/html` : base)}
      keepMounted={false}
    >
      <Group mb="md">
        <Tabs.List>
          <Tabs.Tab value="general">{t('queryForms.settingsGeneral')}</Tabs.Tab>
          <Tabs.Tab value="html">{t('queryForms.settingsHtml')}</Tabs.Tab>
        </Tabs.List>
      </Group>
      <Tabs.Panel value="general">
        <Paper withBorder radius="md" p="lg" maw={640}>
          <Text c="dimmed">{t('queryForms.settingsGeneralEmpty')}</Text>
        </Paper>
      </Tabs.Panel>
      <Tabs.Panel value="html">
        <HtmlSettingsCard />
      </Tabs.Panel>
    </Tabs>
  );
}
