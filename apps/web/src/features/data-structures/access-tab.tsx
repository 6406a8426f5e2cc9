import type { Structure } from '@kontor/contract/api/data-structures';
import { type RoleTypeAccess, type TypeAccessRole, typeAccessRoles } from '@kontor/contract/api/type-access';
import { roleTypeAccess } from '@kontor/contract/logic/type-access';
import { Checkbox, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type MessageKey, useT } from '../../i18n/i18n';
import { useStructureEditor } from './structure-editor-context';

const roleLabels: Record<TypeAccessRole, MessageKey> = {
  staff: 'settings.roleStaff',
  readonly: 'settings.roleReadonly',
  advisor: 'settings.roleAdvisor',
};

const rightLabels = {
  read: 'structures.accessRead',
  create: 'structures.accessCreate',
  edit: 'structures.accessEdit',
  delete: 'structures.accessDelete',
} as const satisfies Record<string, MessageKey>;
type Right = keyof typeof rightLabels;

/** The stages a record can be moved into by an action: required stages are never actions. */
const movableStages = (s: Structure) => s.stages.filter((stage) => !stage.required);

/** Sets one role's access; every role's current (stored or default) access is written, so the save is explicit. */
const withRoleAccess = (s: Structure, role: TypeAccessRole, change: (a: RoleTypeAccess) => RoleTypeAccess) => ({
  ...s,
  access: Object.fromEntries(
    typeAccessRoles.map((r) => {
      const current = roleTypeAccess(s.access, r);
      return [r, r === role ? change(current) : current];
    }),
  ),
});

/**
 * Issue 29 item 2: what the roles below Administrator may do with this structure's records — read,
 * create, edit, delete, and for Mitarbeiter the stages they may move a record into (e.g. issue an
 * invoice but not cancel it). Nur lesen and Steuerberater never change anything; for them only
 * reading is a choice.
 */
export function AccessTab() {
  const t = useT();
  const { draft, update } = useStructureEditor();
  const set = (role: TypeAccessRole, right: Right, on: boolean) =>
    update((s) =>
      withRoleAccess(s, role, (a) =>
        // Without read there is nothing to write: taking read away takes the writes with it.
        right === 'read' && !on
          ? { read: false, create: false, edit: false, delete: false, stages: [] }
          : { ...a, [right]: on, ...(on && right !== 'read' ? { read: true } : {}) },
      ),
    );
  const stages = movableStages(draft);
  const staff = roleTypeAccess(draft.access, 'staff');
  const setStage = (stage: string, on: boolean) =>
    update((s) =>
      withRoleAccess(s, 'staff', (a) => {
        const current = a.stages ?? movableStages(s).map((x) => x.key);
        const next = on ? [...new Set([...current, stage])] : current.filter((k) => k !== stage);
        return { ...a, stages: next };
      }),
    );

  return (
    <Stack gap="md">
      <Text size="sm" c="gray.7">
        {t('structures.accessIntro')}
      </Text>
      {typeAccessRoles.map((role) => {
        const access = roleTypeAccess(draft.access, role);
        const writes = role === 'staff';
        return (
          <Paper key={role} withBorder radius="md" p="md">
            <Title order={3} size="h5" mb="xs" id={`access-${role}`}>
              {t(roleLabels[role])}
            </Title>
            <Group gap="lg" role="group" aria-labelledby={`access-${role}`}>
              {(writes ? (Object.keys(rightLabels) as Right[]) : (['read'] as const)).map((right) => (
                <Checkbox
                  key={right}
                  label={t(rightLabels[right])}
                  checked={access[right]}
                  onChange={(e) => set(role, right, e.currentTarget.checked)}
                />
              ))}
            </Group>
            {!writes && (
              <Text size="xs" c="gray.7" mt="xs">
                {t('structures.accessReadOnlyRole')}
              </Text>
            )}
            {writes && (
              <Stack gap="xs" mt="md">
                <Text size="sm" fw={600} id="access-stages">
                  {t('structures.accessStages')}
                </Text>
                {stages.length === 0 ? (
                  <Text size="sm" c="gray.7">
                    {t('structures.accessNoStages')}
                  </Text>
                ) : (
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" role="group" aria-labelledby="access-stages">
                    {stages.map((stage) => (
                      <Checkbox
                        key={stage.key}
                        label={stage.actionName ? `${stage.name} (${stage.actionName})` : stage.name}
                        checked={staff.stages === undefined || staff.stages.includes(stage.key)}
                        disabled={!staff.read}
                        onChange={(e) => setStage(stage.key, e.currentTarget.checked)}
                      />
                    ))}
                  </SimpleGrid>
                )}
              </Stack>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
