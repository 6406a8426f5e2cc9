import { Center, Loader, Stack, Text } from '@mantine/core';
import { useT } from '../../i18n/i18n';

/** The full-screen export editor: the spec shows only its loading state (spec 02 §2.2). */
export function ExportEditorPage() {
  const t = useT();
  return (
    <Center mih="70vh">
      <Stack align="center" gap="md" role="status" aria-busy>
        <Loader size={48} aria-hidden />
        <Text>{t('stages.exportEditorLoading')}</Text>
      </Stack>
    </Center>
  );
}
