import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useT } from '../../i18n/i18n';

/** Spec 01 §2: any other path under /account/settings. */
export function SettingsUnknown() {
  const t = useT();
  return (
    <Alert color="gray" variant="light" icon={<IconInfoCircle size={20} />}>
      {t('account.settingsUnknown')}
    </Alert>
  );
}
