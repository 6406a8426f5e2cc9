import { einvoiceDownload } from '@kontor/contract/api/einvoice';
import { type RecordFormData, recordExportPreview } from '@kontor/contract/api/records';
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconFileCode, IconFileTypePdf, IconInfoCircle, IconLock } from '@tabler/icons-react';
import { forwardRef } from 'react';
import { useT } from '../../i18n/i18n';
import { ErrorAlert } from '../../ui/error-alert';
import type { TitleAction } from '../../ui/page-title-bar';
import { StageBadge } from '../../ui/stage-badge';
import type { RecordPaths } from '../record-paths';

export type SaveFailure = Readonly<{ message: string; stale?: boolean; others?: string[] }>;

/**
 * The header actions of a saved record (spec 02 §2.1): the PDF preview when the type has a default
 * export, one link per stage it may move to.
 */
export const recordTitleActions = (
  data: RecordFormData,
  id: string,
  paths: RecordPaths,
  canEdit: boolean,
  previewLabel: string,
  einvoiceLabels?: { xrechnung: string; zugferd: string },
): TitleAction[] => [
  ...(data.hasPreview
    ? [
        {
          kind: 'download' as const,
          label: previewLabel,
          source: recordExportPreview,
          // The server names the file after the document's number, a draft's preview.pdf (issue 31).
          data: { type: data.type, id },
          icon: <IconFileTypePdf size={16} aria-hidden />,
        },
      ]
    : []),
  // Issue 15: the frozen e-invoice files, beside the PDF.
  ...(data.einvoice && einvoiceLabels
    ? (['xrechnung', 'zugferd'] as const).map((format) => ({
        kind: 'download' as const,
        label: einvoiceLabels[format],
        source: einvoiceDownload,
        data: { type: data.type, id, format },
        icon:
          format === 'xrechnung' ? <IconFileCode size={16} aria-hidden /> : <IconFileTypePdf size={16} aria-hidden />,
      }))
    : []),
  ...data.pages.map((page) => ({ kind: 'link' as const, label: page.name, to: paths.page(id, page.key) })),
  ...data.stageActions.map((stage) => ({
    kind: 'link' as const,
    label: stage.actionName ?? stage.name,
    to: paths.changeStage(id, stage.key),
    disabled: !canEdit,
  })),
];

/** The record's stage; not in the title bar, whose title and subtitle cannot hold the badge (a block). */
export function StageLine({ stage }: { stage: NonNullable<RecordFormData['stage']> }) {
  const t = useT();
  return (
    <Group gap="xs" mt={-12}>
      <Text size="sm" c="dimmed">
        {t('records.stageLabel')}
      </Text>
      <StageBadge stage={stage.key} stages={[stage]} />
    </Group>
  );
}

/** Why the form cannot be edited: a stage that forbids it, or an inactive environment. */
/** Why a form is read-only: its stage locks it, the environment is not active, or the role may not change it. */
export type ReadOnlyReason = 'stage' | 'inactive' | 'role';

const readOnlyText = {
  stage: 'records.editDisabled',
  inactive: 'records.readOnlyInactive',
  role: 'records.readOnlyRole',
} as const;

export function ReadOnlyNote({ reason }: { reason: ReadOnlyReason }) {
  const t = useT();
  return (
    <Alert
      color="gray"
      variant="light"
      icon={reason === 'stage' ? <IconLock size={18} /> : <IconInfoCircle size={18} />}
    >
      {t(readOnlyText[reason])}
    </Alert>
  );
}

/** A failed save or removal: the message, messages of fields the form does not show, and reload after a conflict. */
export const FailureAlert = forwardRef<
  HTMLDivElement,
  { failure: SaveFailure; onClose: () => void; onReload: () => void }
>(function FailureAlert({ failure, onClose, onReload }, ref) {
  const t = useT();
  return (
    <div ref={ref}>
      <ErrorAlert onClose={onClose}>
        <Stack gap="xs">
          <span>{failure.message}</span>
          {failure.others && failure.others.length > 0 && (
            <List size="sm">
              {failure.others.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          )}
          {failure.stale && (
            <Group>
              <Button size="xs" variant="white" color="red" onClick={onReload}>
                {t('records.reload')}
              </Button>
            </Group>
          )}
        </Stack>
      </ErrorAlert>
    </div>
  );
});
