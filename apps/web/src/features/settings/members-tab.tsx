import type { SimpleTableRow } from '@kontor/contract/api/records';
import { mayChangeMember, roleSchema } from '@kontor/contract/api/roles';
import { setUserActive } from '@kontor/contract/api/settings';
import { Badge, Button, Group, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api, messageOf } from '../../api/api';
import { useEnvironment } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { alertBar } from '../../ui/alert-bar';
import { useDialogs } from '../../ui/confirm';
import { MemberRoleSelect } from './member-role-select';
import { ModelList, textOf } from './model-list';
import { settingsKeys } from './settings.queries';

/**
 * The environment's members (model EnvironmentUser). Owners and administrators change roles and
 * deactivate or reactivate members within the role rules; everyone else reads the list (issue 29
 * item 4).
 */
export function MembersTab() {
  const t = useT();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { envKey, canEdit, role, permissions } = useEnvironment();
  const manages = permissions.has('members');

  const toggle = useMutation({
    mutationFn: (vars: { user: string; active: boolean; self: boolean }) =>
      api.send(setUserActive, { _env: envKey, user: vars.user, is_active: vars.active }),
    onSuccess: ({ message }, vars) => {
      if (message) alertBar.push({ id: 'settings-user', kind: 'success', message });
      // Whoever deactivated themselves has no access any more: back to the environment choice.
      if (vars.self && !vars.active) navigate('/account', { replace: true });
      else void queryClient.invalidateQueries({ queryKey: settingsKeys.lists(envKey) });
    },
    onError: (error) =>
      alertBar.push({ id: 'settings-user', kind: 'danger', message: messageOf(error, t('common.genericError')) }),
  });

  const ask = async (row: SimpleTableRow) => {
    const name = String(row.name ?? row.email ?? '');
    const yes = await dialogs.confirm({
      title: t('settings.deactivate'),
      text: row.is_self ? t('settings.deactivateSelfQuestion') : t('settings.deactivateQuestion', { name }),
      confirmLabel: t('settings.deactivate'),
      danger: true,
    });
    if (yes) toggle.mutate({ user: row._id, active: false, self: row.is_self === true });
  };

  return (
    <ModelList
      model="EnvironmentUser"
      listKey="settings.users"
      empty={t('settings.noUsers')}
      renderCell={(cell, row) => {
        if (cell.mapping === 'is_active') {
          return row.is_active ? (
            <Badge color="teal" variant="dot" radius="sm" tt="none">
              {t('settings.statusActive')}
            </Badge>
          ) : (
            <Badge color="gray" variant="dot" radius="sm" tt="none">
              {t('settings.statusInactive')}
            </Badge>
          );
        }
        if (cell.mapping === 'role_label' && manages) return <MemberRoleSelect row={row} />;
        const text = textOf(cell, row);
        if (cell.mapping === 'name' && row.is_self) {
          return (
            <Group gap={6} wrap="nowrap" title={text}>
              <Text span inherit truncate>
                {text}
              </Text>
              {/* Darker than the primary colour: on a hovered row's grey that reaches only 4.47:1 (WCAG 1.4.3 asks 4.5:1). */}
              <Badge size="sm" variant="outline" color="indigo.9" radius="sm" tt="none">
                {t('settings.you')}
              </Badge>
            </Group>
          );
        }
        return <span title={text}>{text}</span>;
      }}
      actions={
        manages
          ? (row) => {
              // Only whom the role rules allow (issue 29 item 4); oneself stays possible, as before.
              const target = roleSchema.safeParse(row.role);
              const locked = !target.success || !mayChangeMember(role, target.data);
              const reason = locked ? t('settings.higherRole') : undefined;
              return row.is_active ? (
                <Button
                  size="xs"
                  variant="default"
                  color="red"
                  title={reason}
                  disabled={locked || !canEdit || toggle.isPending}
                  onClick={() => void ask(row)}
                  aria-label={`${t('settings.deactivate')}: ${String(row.name ?? '')}`}
                >
                  {t('settings.deactivate')}
                </Button>
              ) : (
                <Button
                  size="xs"
                  variant="light"
                  title={reason}
                  disabled={locked || !canEdit || toggle.isPending}
                  onClick={() => toggle.mutate({ user: row._id, active: true, self: row.is_self === true })}
                  aria-label={`${t('settings.activate')}: ${String(row.name ?? '')}`}
                >
                  {t('settings.activate')}
                </Button>
              );
            }
          : undefined
      }
    />
  );
}
