import { Center, Loader, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { useEnvironment } from '../../app/environment-context';
import { useT } from '../../i18n/i18n';
import { NotFoundView } from '../../ui/not-found-view';
import { useStructureEditor } from './structure-editor-context';
import { structureEditPath } from './structure-paths';

/**
 * The tabs whose editors are not built yet (forms, tables, exports, query-form links, settings):
 * they show what the structure holds, read-only, and say that editing follows. Saving keeps it.
 */
function Soon() {
  const t = useT();
  return (
    <Text size="sm" c="gray.7">
      {t('structures.tabSoon')}
    </Text>
  );
}

export function ExportsTab() {
  const { draft } = useStructureEditor();
  return (
    <Stack gap="md">
      <Soon />
      {draft.exports.map((e) => (
        <Text key={e.key}>
          {e.name}{' '}
          <Text span size="xs" ff="monospace" c="gray.7">
            {e.key}
          </Text>
        </Text>
      ))}
    </Stack>
  );
}

export function QueryFormsTab() {
  const { draft } = useStructureEditor();
  return (
    <Stack gap="md">
      <Soon />
      {draft.queryForms.map((link) => (
        <Text key={link.form} ff="monospace" size="sm">
          {link.form}
        </Text>
      ))}
    </Stack>
  );
}

export function SettingsTab() {
  const { draft } = useStructureEditor();
  return (
    <Stack gap="md">
      <Soon />
      {draft.settings.map((s) => (
        <Text key={s.key}>
          {s.name}: {String(draft.settingValues[s.key] ?? s.default ?? '')}
        </Text>
      ))}
    </Stack>
  );
}

export function EditorTabNotFound() {
  const t = useT();
  const { envKey } = useEnvironment();
  const { type = '' } = useParams();
  return (
    <NotFoundView
      variant="area"
      title={t('structures.notFoundTitle')}
      back={{ to: structureEditPath(envKey, type), label: t('structures.tabFields') }}
    />
  );
}

/** /edit/exports/{exportKey}: the full-screen export editor shows only its loading state (spec 02 §2.2). */
export function ExportEditorLoading() {
  const t = useT();
  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="gray.7">{t('structures.exportLoading')}</Text>
      </Stack>
    </Center>
  );
}
