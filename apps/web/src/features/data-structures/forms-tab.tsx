import { isStructureKey } from '@kontor/contract/logic/structure-checks';
import { Badge, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconPlus, IconStar, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { type MessageKey, useT } from '../../i18n/i18n';
import { alertBar } from '../../ui/alert-bar';
import { FormModal, ModalForm } from '../../ui/form-modal';
import { FormBuilder } from './form-builder';
import { KeyNameFields } from './key-name-fields';
import { useStructureEditor } from './structure-editor-context';

/**
 * The forms tab (spec 02 §2.2 /forms, §4 "Form builder", §5 "Lists and forms"): choose a form,
 * add one (unique key), make it the main form, remove it (never the main form), and build it.
 * Preset forms are read-only.
 */
export function FormsTab() {
  const t = useT();
  const { draft, update } = useStructureEditor();
  const [formKey, setFormKey] = useState(draft.mainForm);
  const [adding, setAdding] = useState(false);
  const form = draft.forms.find((f) => f.key === formKey) ?? draft.forms[0];

  const remove = () => {
    if (!form) return;
    if (form.key === draft.mainForm) {
      alertBar.push({ id: 'data-structures', kind: 'danger', message: t('structures.mainFormRequired') });
      return;
    }
    update((s) => ({ ...s, forms: s.forms.filter((f) => f.key !== form.key) }));
    setFormKey(draft.mainForm);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap" align="flex-end">
        <Select
          label={t('structures.formChoose')}
          data={draft.forms.map((f) => ({ value: f.key, label: f.name }))}
          value={form?.key ?? null}
          onChange={(value) => value && setFormKey(value)}
          allowDeselect={false}
          w={260}
        />
        <Group gap="xs">
          {form && form.key !== draft.mainForm && !form.isPreset && (
            <Button
              variant="default"
              leftSection={<IconStar size={14} />}
              onClick={() => update((s) => ({ ...s, mainForm: form.key }))}
            >
              {t('structures.formMakeMain')}
            </Button>
          )}
          {form && !form.isPreset && (
            <Button variant="default" c="red.8" leftSection={<IconTrash size={14} />} onClick={remove}>
              {t('structures.formRemove')}
            </Button>
          )}
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            {t('structures.formAdd')}
          </Button>
        </Group>
      </Group>
      {form && (
        <Paper withBorder radius="md" p="md">
          <Group gap="xs" mb="sm">
            <Text fw={600}>{form.name}</Text>
            {form.key === draft.mainForm && <Badge variant="light">{t('structures.mainFormBadge')}</Badge>}
            {form.isPreset && (
              <Badge variant="light" color="gray">
                {t('structures.preset')}
              </Badge>
            )}
          </Group>
          {form.isPreset ? (
            <Text size="sm" c="gray.7">
              {t('structures.presetHint')}
            </Text>
          ) : (
            <FormBuilder
              key={form.key}
              form={form}
              fields={draft.fields}
              onApply={(elements) =>
                update((s) => ({
                  ...s,
                  forms: s.forms.map((f) => (f.key === form.key ? { ...f, fields: elements } : f)),
                }))
              }
            />
          )}
        </Paper>
      )}
      <NewFormModal
        opened={adding}
        taken={new Set(draft.forms.map((f) => f.key))}
        onClose={() => setAdding(false)}
        onCreate={(key, name) => {
          update((s) => ({ ...s, forms: [...s.forms, { key, name, fields: [] }] }));
          setFormKey(key);
          setAdding(false);
        }}
      />
    </Stack>
  );
}

function NewFormModal(props: {
  opened: boolean;
  taken: ReadonlySet<string>;
  onClose: () => void;
  onCreate: (key: string, name: string) => void;
}) {
  const t = useT();
  const [key, setKey] = useState('');
  const [name, setName] = useState('');
  const [tried, setTried] = useState(false);
  const keyIssue: MessageKey | null = !isStructureKey(key.trim())
    ? 'structures.keyInvalid'
    : props.taken.has(key.trim())
      ? 'structures.formKeyTaken'
      : null;
  const nameIssue: MessageKey | null = name.trim() ? null : 'structures.formNameRequired';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (keyIssue || nameIssue) return;
    props.onCreate(key.trim(), name.trim());
    setKey('');
    setName('');
    setTried(false);
  };
  return (
    <FormModal opened={props.opened} onClose={props.onClose} title={t('structures.formAdd')} size={600}>
      <ModalForm onSubmit={submit} onCancel={props.onClose} submitLabel={t('structures.apply')}>
        <KeyNameFields
          keyField={{
            label: t('structures.formKey'),
            value: key,
            onChange: setKey,
            error: tried && keyIssue ? t(keyIssue) : undefined,
          }}
          nameField={{
            label: t('structures.formName'),
            value: name,
            onChange: setName,
            error: tried && nameIssue ? t(nameIssue) : undefined,
          }}
        />
      </ModalForm>
    </FormModal>
  );
}
