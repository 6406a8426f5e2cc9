import type { Setting } from '@kontor/contract/api/record-types';
import { isStructureKey } from '@kontor/contract/logic/structure-checks';
import {
  ActionIcon,
  Button,
  Group,
  Input,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { type MessageKey, useT } from '../../i18n/i18n';
import { FormModal, ModalForm } from '../../ui/form-modal';
import { SettingValueInput } from './setting-value-input';
import { useStructureEditor } from './structure-editor-context';

type AddProps = Readonly<{
  opened: boolean;
  onClose: () => void;
  taken: ReadonlySet<string>;
  onAdd: (setting: Setting) => void;
}>;

/** A new setting definition (spec 02 §3: key, name, type string or boolean, default, description). */
export function SettingAddModal(props: AddProps) {
  const t = useT();
  return (
    <FormModal opened={props.opened} onClose={props.onClose} title={t('structures.settingAdd')}>
      {props.opened && <SettingAddForm {...props} />}
    </FormModal>
  );
}

function SettingAddForm({ taken, onAdd, onClose }: AddProps) {
  const t = useT();
  const [key, setKey] = useState('');
  const [name, setName] = useState('');
  const [type, setType] = useState<Setting['type']>('string');
  const [description, setDescription] = useState('');
  const [tried, setTried] = useState(false);
  const keyIssue: MessageKey | null = !isStructureKey(key.trim())
    ? 'structures.keyInvalid'
    : taken.has(key.trim())
      ? 'structures.settingKeyTaken'
      : null;
  const nameIssue: MessageKey | null = name.trim() ? null : 'structures.settingNameRequired';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (keyIssue || nameIssue) return;
    onAdd({
      key: key.trim(),
      name: name.trim(),
      type,
      default: type === 'boolean' ? false : '',
      ...(description.trim() ? { description: description.trim() } : {}),
    });
  };
  return (
    <ModalForm onSubmit={submit} onCancel={onClose} submitLabel={t('structures.apply')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('structures.settingName')}
          value={name}
          maxLength={200}
          required
          data-autofocus
          onChange={(e) => setName(e.currentTarget.value)}
          error={tried && nameIssue ? t(nameIssue) : undefined}
        />
        <TextInput
          label={t('structures.settingKey')}
          value={key}
          maxLength={60}
          required
          onChange={(e) => setKey(e.currentTarget.value)}
          error={tried && keyIssue ? t(keyIssue) : undefined}
        />
      </SimpleGrid>
      <Input.Wrapper label={t('structures.settingType')} labelElement="div" labelProps={{ id: 'setting-type-label' }}>
        <SegmentedControl
          display="flex"
          aria-labelledby="setting-type-label"
          value={type}
          onChange={(value) => setType(value as Setting['type'])}
          data={[
            { value: 'string', label: t('structures.settingTypeString') },
            { value: 'boolean', label: t('structures.settingTypeBoolean') },
          ]}
        />
      </Input.Wrapper>
      <Textarea
        label={t('structures.settingDescription')}
        value={description}
        maxLength={1000}
        autosize
        minRows={2}
        onChange={(e) => setDescription(e.currentTarget.value)}
      />
    </ModalForm>
  );
}

/** Setting definitions (string or boolean) and the structure's values for them (spec 02 §3). */
export function SettingsTab() {
  const t = useT();
  const { draft, update } = useStructureEditor();
  const [adding, setAdding] = useState(false);
  const setValue = (key: string, value: string | boolean) =>
    update((s) => ({ ...s, settingValues: { ...s.settingValues, [key]: value } }));
  const remove = (key: string) =>
    update((s) => {
      const { [key]: _dropped, ...values } = s.settingValues;
      return { ...s, settings: s.settings.filter((setting) => setting.key !== key), settingValues: values };
    });
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
          {t('structures.settingAdd')}
        </Button>
      </Group>
      {draft.settings.length === 0 && <Text c="gray.7">{t('structures.settingsEmpty')}</Text>}
      {draft.settings.map((setting) => {
        const value = draft.settingValues[setting.key] ?? setting.default;
        return (
          <Paper key={setting.key} withBorder radius="md" p="md">
            <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
              <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                <SettingValueInput setting={setting} value={value} onChange={(next) => setValue(setting.key, next)} />
                <Text size="xs" c="gray.7" ff="monospace">
                  {setting.key}
                </Text>
              </Stack>
              <Tooltip label={t('structures.settingRemove')}>
                <ActionIcon
                  variant="subtle"
                  color="red.8"
                  aria-label={`${t('structures.settingRemove')}: ${setting.name}`}
                  onClick={() => remove(setting.key)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Paper>
        );
      })}
      <SettingAddModal
        opened={adding}
        onClose={() => setAdding(false)}
        taken={new Set(draft.settings.map((s) => s.key))}
        onAdd={(setting) => {
          update((s) => ({ ...s, settings: [...s.settings, setting] }));
          setAdding(false);
        }}
      />
    </Stack>
  );
}
