import { Button, Stack } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useEnvironment } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { PageTitleBar } from '../../ui/page-title-bar';
import { HtmlSettingsCard } from './html-settings-card';
import { queryFormsBase } from './query-forms.queries';

/** /settings/query-forms (spec 02 §2.2): the query forms' settings inside the settings area. */
export function QueryFormsSettingsPage() {
  const t = useT();
  const { envKey } = useEnvironment();
  return (
    <>
      <PageTitleBar title={t('shell.queryForms')} subtitle={t('queryForms.settingsAreaIntro')} />
      <Stack gap="lg" align="flex-start">
        <HtmlSettingsCard />
        <Button
          component={Link}
          to={queryFormsBase(envKey)}
          variant="default"
          rightSection={<IconArrowRight size={16} aria-hidden />}
        >
          {t('queryForms.openModule')}
        </Button>
      </Stack>
    </>
  );
}
