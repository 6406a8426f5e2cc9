import { roleLabelKeys } from '@kontor/contract/api/roles';
import { useEnvironment } from '../environment/environment-context';
import { useT } from '../i18n/i18n';
import { RoleNotice } from '../ui/role-notice';

/**
 * Spec 02 §6: every user sees all settings. A role without the 'settings' permission sees them
 * with disabled buttons, and this one note says why (issue 29 item 4). Nothing for other roles.
 */
export function SettingsRoleNotice() {
  const t = useT();
  const { role, permissions } = useEnvironment();
  if (permissions.has('settings')) return null;
  return <RoleNotice>{t('settings.readOnlyNotice', { role: t(roleLabelKeys[role]) })}</RoleNotice>;
}
