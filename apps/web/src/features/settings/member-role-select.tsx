import type { SimpleTableRow } from '@kontor/contract/api/records';
import { mayChangeMember, mayGiveRole, type Role, roleLabelKeys, roleSchema, roles } from '@kontor/contract/api/roles';
import { setUserRole } from '@kontor/contract/api/settings';
import type { Translate } from '@kontor/contract/i18n/catalogs';
import { NativeSelect } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, messageOf } from '../../api/api';
import { useEnvironment } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { alertBar } from '../../ui/alert-bar';
import { settingsKeys } from './settings.queries';

/**
 * Why the acting member cannot change this member's role, or null when they can (issue 29 item 4):
 * not oneself, and nobody with more rights than oneself.
 */
const roleLockReason = (actor: Role, row: SimpleTableRow, t: Translate): string | null => {
  const target = roleSchema.safeParse(row.role);
  if (row.is_self === true) return t('settings.roleOwnLocked');
  if (!target.success || !mayChangeMember(actor, target.data)) return t('settings.higherRole');
  return null;
};

/** A member's role as a select for owners and administrators: only the roles they may give. */
export function MemberRoleSelect({ row }: { row: SimpleTableRow }) {
  const t = useT();
  const queryClient = useQueryClient();
  const { envKey, role: actor, canEdit } = useEnvironment();
  const current = roleSchema.safeParse(row.role);
  const change = useMutation({
    mutationFn: (role: Role) => api.send(setUserRole, { _env: envKey, user: row._id, role }),
    onSuccess: ({ message }) => {
      alertBar.push({ id: 'settings-user', kind: 'success', message: message ?? t('settings.roleChanged') });
      void queryClient.invalidateQueries({ queryKey: settingsKeys.all(envKey) });
    },
    onError: (error) =>
      alertBar.push({ id: 'settings-user', kind: 'danger', message: messageOf(error, t('settings.roleChangeFailed')) }),
  });
  if (!current.success) return null;
  const reason = roleLockReason(actor, row, t);
  // The member's own role stays listed even where the actor could not give it (then the select is locked).
  const offered = roles.filter((r) => r === current.data || mayGiveRole(actor, r));
  return (
    <NativeSelect
      size="xs"
      w={150}
      aria-label={t('settings.roleOf', { name: String(row.name ?? row.email ?? '') })}
      title={reason ?? undefined}
      disabled={reason !== null || !canEdit || change.isPending}
      value={current.data}
      data={offered.map((r) => ({ value: r, label: t(roleLabelKeys[r]) }))}
      onChange={(event) => {
        const next = roleSchema.safeParse(event.currentTarget.value);
        if (next.success && next.data !== current.data) change.mutate(next.data);
      }}
    />
  );
}
