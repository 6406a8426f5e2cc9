import { copyExport, suggestExportKey } from '@kontor/contract/api/export-templates';
import type { Export } from '@kontor/contract/api/record-types';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { api, fieldError, messageOf } from '../../api/api';
import { useT } from '../../i18n/i18n';
import { ErrorAlert } from '../../ui/error-alert';

/**
 * Spec 02 §5 "Export copy": a name and a key are needed; the key follows the name (lower case,
 * spaces to underscores, nothing but letters, digits and underscores) until typed by hand. 600 px (§9).
 */
export function ExportCopyModal({
  envKey,
  type,
  from,
  onClose,
  onCopied,
}: {
  envKey: string;
  type: string;
  from: Export | null;
  onClose: () => void;
  onCopied: (message: string | undefined) => void;
}) {
  const t = useT();
  const [name, setName] = useState('');
  const [key, setKey] = useState('');
  const [keyTyped, setKeyTyped] = useState(false);
  const [shown, setShown] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  const nameMissing = name.trim() === '';
  const keyMissing = key.trim() === '';
  const close = () => {
    setName('');
    setKey('');
    setKeyTyped(false);
    setShown(false);
    setFailure(null);
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setShown(true);
    if (!from || nameMissing || keyMissing) return;
    setPending(true);
    setFailure(null);
    try {
      const answer = await api.send(copyExport, {
        _env: envKey,
        type,
        from: from.key,
        name: name.trim(),
        key: key.trim(),
      });
      close();
      onCopied(answer.message);
    } catch (error) {
      setFailure(error);
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      opened={from !== null}
      onClose={close}
      title={t('stages.exportCopyTitle')}
      size={600}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          {from && <Text size="sm">{t('stages.exportCopyFrom', { name: from.name })}</Text>}
          {failure !== null && <ErrorAlert>{messageOf(failure, t('stages.exportCopyFailed'))}</ErrorAlert>}
          <TextInput
            label={t('stages.exportName')}
            required
            value={name}
            data-autofocus
            onChange={(e) => {
              const value = e.currentTarget.value;
              setName(value);
              if (!keyTyped) setKey(suggestExportKey(value));
            }}
            error={(shown && nameMissing && t('stages.exportNameRequired')) || fieldError(failure, 'name')}
          />
          <TextInput
            label={t('stages.exportKey')}
            required
            value={key}
            onChange={(e) => {
              setKey(e.currentTarget.value);
              setKeyTyped(true);
            }}
            error={(shown && keyMissing && t('stages.exportKeyRequired')) || fieldError(failure, 'key')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={pending}>
              {t('stages.exportCopy')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
