import { roleLabelKeys } from '@kontor/contract/api/roles';
import { Tabs } from '@mantine/core';
import { IconMailPlus } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useEnvironment } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { PageTitleBar } from '../../ui/page-title-bar';
import { RoleNotice } from '../../ui/role-notice';
import { InvitationsTab } from './invitations-tab';
import { MembersAuditCard } from './members-audit-card';
import { MembersTab } from './members-tab';

type Tab = 'users' | 'invitations';

/** Spec 02 §2.2 /settings/users: tabs 'Benutzer' and 'Ausstehende Einladungen'; the tab lives in the URL. */
export function UsersPage() {
  const t = useT();
  const { envKey, canEdit, role, permissions } = useEnvironment();
  // Only owners and administrators manage members (issue 29 item 4): the others read the lists.
  const manages = permissions.has('members');
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'invitations' ? 'invitations' : 'users';
  return (
    <>
      <PageTitleBar
        title={t('settings.users')}
        actions={
          manages
            ? [
                {
                  kind: 'link',
                  label: t('settings.inviteAction'),
                  to: `/env/${encodeURIComponent(envKey)}/settings/users/invite`,
                  primary: true,
                  disabled: !canEdit,
                  icon: <IconMailPlus size={16} aria-hidden />,
                },
              ]
            : []
        }
      />
      {!manages && <RoleNotice>{t('settings.membersReadOnly', { role: t(roleLabelKeys[role]) })}</RoleNotice>}
      <Tabs
        value={tab}
        onChange={(value) => setParams(value === 'invitations' ? { tab: 'invitations' } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="users">{t('settings.usersTab')}</Tabs.Tab>
          <Tabs.Tab value="invitations">{t('settings.invitationsTab')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="users">
          <MembersTab />
          {manages && <MembersAuditCard />}
        </Tabs.Panel>
        <Tabs.Panel value="invitations">
          <InvitationsTab />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
