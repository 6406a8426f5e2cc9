import type { DataField } from '@kontor/contract/api/record-types';
import { type RuleName, rulesFor } from '@kontor/contract/logic/validation';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { type MessageKey, useT } from '../../i18n/i18n';
import { FormModal, ModalForm } from '../../ui/form-modal';
import {
  type ChildDraft,
  draftIssues,
  draftOf,
  editableTypes,
  emptyDraft,
  type FieldDraft,
  fieldOf,
  ruleStart,
} from './field-draft';

type Props = Readonly<{
  opened: boolean;
  /** The field edited, or null for a new one. */
  field: DataField | null;
  takenKeys: ReadonlySet<string>;
  typeLabels: ReadonlyMap<string, string>;
  onClose: () => void;
  onApply: (field: DataField, draft: FieldDraft) => void;
}>;

/** Spec 02 §5 "Field-definition editor": type, key, label, the rules the type offers, child fields of a map. */
export function FieldEditorModal(props: Props) {
  const t = useT();
  return (
    <FormModal
      opened={props.opened}
      onClose={props.onClose}
      size={700}
      title={props.field ? t('structures.fieldEdit') : t('structures.fieldNew')}
    >
      {props.opened && <FieldEditorForm key={props.field?.key ?? 'new'} {...props} />}
    </FormModal>
  );
}

function FieldEditorForm({ field, takenKeys, typeLabels, onClose, onApply }: Props) {
  const t = useT();
  const [draft, setDraft] = useState<FieldDraft>(field ? draftOf(field) : emptyDraft());
  const [tried, setTried] = useState(false);
  const issues = draftIssues(draft, takenKeys);
  const shown = (path: string) => (tried && issues[path] ? t(issues[path]) : undefined);
  const set = (change: Partial<FieldDraft>) => setDraft((d) => ({ ...d, ...change }));
  const setChild = (i: number, change: Partial<ChildDraft>) =>
    set({ children: draft.children.map((c, j) => (j === i ? { ...c, ...change } : c)) });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (Object.keys(issues).length === 0) onApply(fieldOf(draft), draft);
  };
  const offered = draft.type ? rulesFor(draft.type) : [];
  const toggleRule = (rule: RuleName, on: boolean) => {
    const { [rule]: _dropped, ...rest } = draft.rules;
    set({ rules: on ? { ...rest, [rule]: ruleStart(rule) } : rest });
  };

  return (
    <ModalForm onSubmit={submit} onCancel={onClose} submitLabel={t('structures.apply')}>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          size="md"
          label={t('structures.fieldType')}
          data={editableTypes.map((type) => ({ value: type, label: t(`structures.type_${type}` as MessageKey) }))}
          value={draft.type || null}
          onChange={(value) => set({ type: (value ?? '') as FieldDraft['type'] })}
          error={shown('type')}
          allowDeselect={false}
          required
        />
        <TextInput
          label={t('structures.fieldKey')}
          value={draft.key}
          onChange={(e) => set({ key: e.currentTarget.value })}
          error={shown('key')}
          readOnly={field !== null}
          maxLength={40}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          required
        />
        <TextInput
          label={t('structures.fieldLabel')}
          value={draft.label}
          onChange={(e) => set({ label: e.currentTarget.value })}
          error={shown('label')}
          maxLength={200}
          required
        />
      </SimpleGrid>

      {(draft.type === 'model' || draft.type === 'models') && (
        <Select
          size="md"
          label={t('structures.selectorType')}
          data={[...typeLabels].map(([value, label]) => ({ value, label }))}
          value={draft.selectorType || null}
          onChange={(value) => set({ selectorType: value ?? '' })}
          error={shown('selectorType')}
          searchable
        />
      )}

      {offered.length > 0 && (
        <Stack gap="xs">
          <Title order={3} size="h6">
            {t('structures.fieldRules')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {offered.map((rule) => {
              const value = draft.rules[rule];
              const on = value !== undefined;
              return (
                <Group key={rule} gap="xs" wrap="nowrap" mih={36}>
                  <Checkbox
                    label={t(`structures.rule_${rule}` as MessageKey)}
                    checked={on}
                    onChange={(e) => toggleRule(rule, e.currentTarget.checked)}
                    style={{ flex: '0 0 auto' }}
                  />
                  {on && typeof value === 'number' && (
                    <NumberInput
                      aria-label={t(`structures.rule_${rule}` as MessageKey)}
                      value={value}
                      onChange={(v) => set({ rules: { ...draft.rules, [rule]: typeof v === 'number' ? v : 0 } })}
                      min={rule === 'maxLength' ? 1 : rule === 'minLength' ? 0 : undefined}
                      size="xs"
                      w={110}
                      hideControls
                    />
                  )}
                  {on && typeof value === 'string' && (
                    <TextInput
                      type="date"
                      aria-label={t(`structures.rule_${rule}` as MessageKey)}
                      value={value}
                      onChange={(e) => set({ rules: { ...draft.rules, [rule]: e.currentTarget.value } })}
                      size="xs"
                      w={150}
                    />
                  )}
                </Group>
              );
            })}
          </SimpleGrid>
        </Stack>
      )}

      {draft.type === 'map' && (
        <Stack gap="xs">
          <Title order={3} size="h6">
            {t('structures.childFields')}
          </Title>
          {shown('children') && (
            <Text size="sm" c="red">
              {shown('children')}
            </Text>
          )}
          {draft.children.map((child, i) => (
            <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                aria-label={t('structures.fieldKey')}
                placeholder={t('structures.fieldKey')}
                value={child.key}
                onChange={(e) => setChild(i, { key: e.currentTarget.value })}
                error={shown(`children.${i}.key`)}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                style={{ flex: 1 }}
              />
              <TextInput
                aria-label={t('structures.fieldLabel')}
                placeholder={t('structures.fieldLabel')}
                value={child.label}
                onChange={(e) => setChild(i, { label: e.currentTarget.value })}
                error={shown(`children.${i}.label`)}
                style={{ flex: 1 }}
              />
              <Select
                aria-label={t('structures.fieldType')}
                data={(['string', 'integer', 'float', 'date'] as const).map((type) => ({
                  value: type,
                  label: t(`structures.type_${type}`),
                }))}
                value={child.type}
                onChange={(value) => setChild(i, { type: (value ?? 'string') as ChildDraft['type'] })}
                allowDeselect={false}
                w={140}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={t('structures.fieldRemove')}
                onClick={() => set({ children: draft.children.filter((_, j) => j !== i) })}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => set({ children: [...draft.children, { key: '', label: '', type: 'string' }] })}
            >
              {t('structures.childAdd')}
            </Button>
          </Group>
        </Stack>
      )}

      {field === null && (
        <Stack gap="xs">
          <Checkbox
            label={t('structures.placeInMainForm')}
            checked={draft.placeInMainForm}
            onChange={(e) => set({ placeInMainForm: e.currentTarget.checked })}
          />
          {draft.type !== 'map' && (
            <Checkbox
              label={t('structures.placeInList')}
              checked={draft.placeInList}
              onChange={(e) => set({ placeInList: e.currentTarget.checked })}
            />
          )}
        </Stack>
      )}
    </ModalForm>
  );
}
