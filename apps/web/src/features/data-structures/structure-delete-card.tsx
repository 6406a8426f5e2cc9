import { deleteStructure, type Structure } from '@kontor/contract/api/data-structures';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { api, messageOf } from '../../api/api';
import { useEnvironment } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { alertBar } from '../../ui/alert-bar';
import { ErrorAlert } from '../../ui/error-alert';
import { FormModal, ModalForm } from '../../ui/form-modal';
import { structureKeys } from './data-structures.queries';
import { structuresBase } from './structure-paths';

/**
 * Spec 02 §4 "Data structure deletion": possible only without records; the user types the key
 * (trimmed) to confirm; afterwards the removed message is shown on the list.
 */
export function StructureDeleteCard({ structure, count }: { structure: Structure; count: number }) {
  const t = useT();
  const { envKey, reload } = useEnvironment();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');

  const mutation = useMutation({
    mutationFn: () => api.send(deleteStructure, { _env: envKey, key: structure.key }),
    onSuccess: async ({ message }) => {
      alertBar.push({
        id: 'data-structures',
        kind: 'success',
        message: message ?? t('structures.deleteSuccess'),
        page: structuresBase(envKey),
      });
      await queryClient.invalidateQueries({ queryKey: structureKeys.all(envKey) });
      void reload();
      navigate(structuresBase(envKey));
    },
  });
  const matches = typed.trim() === structure.key;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (matches && !mutation.isPending) mutation.mutate();
  };

  return (
    <Paper withBorder radius="md" p="md" style={{ borderColor: 'var(--mantine-color-red-3)' }}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ flex: '1 1 260px' }}>
          <Title order={3} size="h5">
            {t('structures.dangerZone')}
          </Title>
          <Text size="sm" c="gray.7">
            {count > 0 ? t('structures.deleteBlocked', { count }) : t('structures.deleteIntro')}
          </Text>
        </Stack>
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={16} />}
          disabled={count > 0}
          onClick={() => {
            setTyped('');
            mutation.reset();
            setOpen(true);
          }}
        >
          {t('structures.delete')}
        </Button>
      </Group>
      <FormModal opened={open} onClose={() => setOpen(false)} title={t('structures.delete')} size={600}>
        <ModalForm
          onSubmit={submit}
          onCancel={() => setOpen(false)}
          submitLabel={t('structures.deleteConfirm')}
          submitProps={{ color: 'red.8', disabled: !matches, loading: mutation.isPending }}
        >
          {mutation.isError && <ErrorAlert>{messageOf(mutation.error, t('structures.deleteError'))}</ErrorAlert>}
          <Text size="sm">{t('structures.deleteText', { name: structure.plural, key: structure.key })}</Text>
          <TextInput
            label={t('structures.deleteKeyLabel')}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            autoComplete="off"
            data-autofocus
          />
        </ModalForm>
      </FormModal>
    </Paper>
  );
}
