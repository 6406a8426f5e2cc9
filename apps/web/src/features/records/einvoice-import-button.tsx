import { einvoiceImport } from '@kontor/contract/api/einvoice';
import { Button, FileButton } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api, messageOf } from '../../api/api';
import { recordKeys } from '../../engine/screens';
import { useEnvironment } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { alertBar } from '../../ui/alert-bar';
import { useFileUpload } from '../files/use-file-upload';

/**
 * 'E-Rechnung einlesen' on an incoming-invoice list (issue 15 item 5): the chosen XRechnung or
 * ZUGFeRD PDF goes to the file manager like any upload (the original is kept), the server reads it
 * into a draft, and the draft opens; the rules the file breaks are in the alert and on the draft.
 */
export function EinvoiceImportButton({ type, editPath }: { type: string; editPath: (id: string) => string }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { envKey, canEdit, recordTypes } = useEnvironment();
  // The import creates a record of the type: the role needs that right (issue 29 item 2).
  const mayCreate = canEdit && Boolean(recordTypes.find((r) => r.key === type)?.rights.create);
  const upload = useFileUpload();
  const [busy, setBusy] = useState(false);

  const run = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    try {
      const stored = await upload(file);
      if (!stored) {
        alertBar.push({ kind: 'danger', message: t('einvoice.importFailed') });
        return;
      }
      const answer = await api.send(einvoiceImport, { _env: envKey, type, file: stored._id });
      await queryClient.invalidateQueries({ queryKey: recordKeys.all(envKey) });
      const findings = answer.data.findings;
      alertBar.push({
        kind: findings.length > 0 ? 'warning' : 'success',
        message: answer.message ?? t('einvoice.importDone'),
        page: editPath(answer.data.id),
      });
      navigate(editPath(answer.data.id));
    } catch (error) {
      alertBar.push({ kind: 'danger', message: messageOf(error, t('einvoice.importFailed')) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <FileButton onChange={(file) => void run(file)} accept=".xml,.pdf,application/xml,text/xml,application/pdf">
      {(props) => (
        <Button
          {...props}
          variant="default"
          loading={busy}
          disabled={!mayCreate}
          title={t('einvoice.importHint')}
          leftSection={<IconFileImport size={16} aria-hidden />}
        >
          {t('einvoice.importButton')}
        </Button>
      )}
    </FileButton>
  );
}
