import { deleteExport } from '@kontor/contract/api/export-templates';
import type { Export } from '@kontor/contract/api/record-types';
import { Badge, Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { api, messageOf } from '../../api/api';
import { RecordTypeNotFound, recordKeys, recordTypeQuery, useIsKnownType } from '../../engine/screens';
import { useEnvironment } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { alertBar } from '../../ui/alert-bar';
import { useDialogs } from '../../ui/confirm';
import { ErrorAlert } from '../../ui/error-alert';
import { PageTitleBar } from '../../ui/page-title-bar';
import { ExportCopyModal } from './export-copy-modal';

/** settings/dynamic-records/{type}/edit/exports: a data structure's exports, copied and removed (spec 02 §7). */
export function ExportsPage() {
  const { type = '' } = useParams();
  const known = useIsKnownType(type);
  if (!known) return <RecordTypeNotFound />;
  return <Exports key={type} type={type} />;
}

function Exports({ type }: { type: string }) {
  const t = useT();
  const { envKey, canEdit } = useEnvironment();
  const client = useQueryClient();
  const dialogs = useDialogs();
  const query = useQuery(recordTypeQuery(envKey, type));
  const [copyFrom, setCopyFrom] = useState<Export | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: recordKeys.type(envKey, type) });

  const remove = async (e: Export) => {
    const yes = await dialogs.confirm({
      title: t('stages.exportDeleteTitle'),
      text: t('stages.exportDeleteConfirm', { name: e.name }),
      confirmLabel: t('stages.exportDelete'),
      danger: true,
    });
    if (!yes) return;
    try {
      const answer = await api.send(deleteExport, { _env: envKey, type, export: e.key });
      alertBar.push({ kind: 'success', message: answer.message ?? t('stages.exportDeleted') });
      await refresh();
    } catch (error) {
      alertBar.push({ kind: 'danger', message: messageOf(error, t('stages.exportDeleteFailed')) });
    }
  };

  if (query.isPending) return <Skeleton h={200} radius="md" />;
  if (query.isError) return <ErrorAlert>{messageOf(query.error, t('stages.typeLoadFailed'))}</ErrorAlert>;
  const data = query.data;
  const editorPath = (key: string) =>
    `/env/${encodeURIComponent(envKey)}/settings/dynamic-records/${encodeURIComponent(type)}/edit/exports/${encodeURIComponent(key)}`;
  return (
    <Stack gap="lg">
      <PageTitleBar title={t('stages.exportsTitle', { plural: data.plural })} />
      {data.exports.length === 0 ? (
        <Text>{t('stages.noExports')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('stages.exportName')}</Table.Th>
                <Table.Th>{t('stages.exportKey')}</Table.Th>
                <Table.Th>{t('stages.exportActions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.exports.map((e) => (
                <Table.Tr key={e.key}>
                  <Table.Td>
                    <Group gap="xs">
                      <span>{e.name}</span>
                      {e.isParent && (
                        <Badge variant="light" color="gray" tt="none">
                          {t('stages.exportInherited')}
                        </Badge>
                      )}
                      {data.defaultExport === e.key && (
                        <Badge variant="light" tt="none">
                          {t('stages.exportDefaultBadge')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <code>{e.key}</code>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button size="xs" variant="default" component={Link} to={editorPath(e.key)}>
                        {t('stages.exportEdit')}
                      </Button>
                      <Button size="xs" variant="default" disabled={!canEdit} onClick={() => setCopyFrom(e)}>
                        {t('stages.exportCopy')}
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        disabled={!canEdit || Boolean(e.isParent) || data.defaultExport === e.key}
                        onClick={() => void remove(e)}
                      >
                        {t('stages.exportDelete')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ExportCopyModal
        envKey={envKey}
        type={type}
        from={copyFrom}
        onClose={() => setCopyFrom(null)}
        onCopied={(message) => {
          alertBar.push({ kind: 'success', message: message ?? t('stages.exportCopied') });
          void refresh();
        }}
      />
    </Stack>
  );
}
