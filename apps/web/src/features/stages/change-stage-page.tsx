import { type StageChangeData, type StageDetailsData, stageChange } from '@kontor/contract/api/stages';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconFileTypePdf, IconLock, IconReceiptRefund } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { api, messageOf } from '../../api/api';
import { dynPaths, RecordTypeNotFound, recordKeys, useIsKnownType } from '../../engine/screens';
import { useEnvironment } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { BackLink } from '../../ui/back-link';
import { ErrorAlert } from '../../ui/error-alert';
import { PageTitleBar } from '../../ui/page-title-bar';
import { StageBadge } from '../../ui/stage-badge';
import { StatusPanel } from '../../ui/status-panel';
import { EinvoiceProblems } from './einvoice-problems';
import { stageDetailsQuery } from './stages.queries';

/**
 * /dyn/{type}/{id}/{stage}/change-stage (spec 02 §4): loading check, then the error or the
 * confirmation naming the consequences (edit lock, frozen PDF, cancellation), then success with
 * links to the list and to the record.
 */
export function ChangeStagePage() {
  const { type = '', id = '', stage = '' } = useParams();
  const known = useIsKnownType(type);
  if (!known) return <RecordTypeNotFound />;
  return <ChangeStage key={`${type}/${id}/${stage}`} type={type} id={id} stage={stage} />;
}

function ChangeStage({ type, id, stage }: { type: string; id: string; stage: string }) {
  const t = useT();
  const { envKey, canEdit } = useEnvironment();
  const paths = dynPaths(envKey, type);
  const client = useQueryClient();
  const details = useQuery(stageDetailsQuery(envKey, type, id, stage));
  const change = useMutation({
    mutationFn: () => api.call(stageChange, { _env: envKey, type, id, stage }),
    // The record, its list and every other view of the type changed.
    onSuccess: () => client.invalidateQueries({ queryKey: recordKeys.type(envKey, type) }),
  });
  const back = { to: paths.edit(id), label: t('stages.back') };

  // Once changed, the check's own refresh (the record is now in that stage) must not replace the outcome.
  if (change.isSuccess) {
    return (
      <Stack gap="lg">
        <Success
          data={change.data}
          stage={change.data.stage.name}
          listPath={paths.list}
          recordPath={paths.edit(id)}
          cancellationPath={change.data.cancellation ? paths.edit(change.data.cancellation.id) : null}
        />
      </Stack>
    );
  }
  if (details.isPending) {
    return (
      <Stack gap="lg">
        <BackLink to={back.to}>{back.label}</BackLink>
        <StatusPanel tone="loading" title={t('stages.loading')} />
      </Stack>
    );
  }
  if (details.isError) {
    return (
      <Stack gap="lg">
        <BackLink to={back.to}>{back.label}</BackLink>
        <StatusPanel
          tone="error"
          title={t('stages.prepareHeading')}
          actions={
            <Stack gap="md" align="center">
              <Text>{messageOf(details.error, t('stages.prepareFailed'))}</Text>
              <Button component={Link} to={paths.edit(id)} variant="default">
                {t('stages.back')}
              </Button>
            </Stack>
          }
        />
      </Stack>
    );
  }
  const data = details.data;
  const title = data.stage.actionName ?? data.stage.name;
  return (
    <Stack gap="lg">
      <PageTitleBar title={title} back={back} />
      <Confirmation data={data} />
      {change.isError && <ErrorAlert>{messageOf(change.error, t('stages.changeFailed'))}</ErrorAlert>}
      <Group justify="flex-end" gap="sm">
        <Button component={Link} to={paths.edit(id)} variant="default">
          {t('stages.cancel')}
        </Button>
        <Button onClick={() => change.mutate()} loading={change.isPending} disabled={!canEdit}>
          {t('stages.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}

function Confirmation({ data }: { data: StageDetailsData }) {
  const t = useT();
  const from = data.currentStage?.name ?? t('records.stageEmpty');
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Title order={2} fz={{ base: 20, sm: 22 }}>
          {t('stages.confirmTitle', { stage: data.stage.name })}
        </Title>
        <Text>
          {data.label
            ? t('stages.confirmText', { singular: data.singular, label: data.label, from, stage: data.stage.name })
            : t('stages.confirmTextNoLabel', { from, stage: data.stage.name })}
        </Text>
        <Group gap="xs" wrap="wrap">
          <StageBadge stage={data.currentStage?.key} stages={data.stages} />
          <IconArrowRight size={16} aria-hidden />
          <StageBadge stage={data.stage.key} stages={data.stages} />
        </Group>
        {data.consequences.editLock && (
          <Alert color="yellow" variant="light" icon={<IconLock size={18} aria-hidden />}>
            {t('stages.editLockWarning')}
          </Alert>
        )}
        {data.consequences.freeze && (
          <Alert color="blue" variant="light" icon={<IconFileTypePdf size={18} aria-hidden />}>
            {t('stages.freezeNotice')}
          </Alert>
        )}
        {data.consequences.freeze && <EinvoiceProblems problems={data.einvoiceProblems ?? []} />}
        {data.consequences.cancellation && (
          <Alert color="red" variant="light" icon={<IconReceiptRefund size={18} aria-hidden />}>
            {t('stages.cancellationNotice')}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/** Where the number goes in the catalog's sentence; the number itself never breaks at its hyphens. */
const mark = '\u0000';
const withNumber = (sentence: string, number: string) => {
  const [before = '', after = ''] = sentence.split(mark);
  return (
    <>
      {before}
      <span style={{ whiteSpace: 'nowrap' }}>{number}</span>
      {after}
    </>
  );
};

function Success({
  data,
  stage,
  listPath,
  recordPath,
  cancellationPath,
}: {
  data: StageChangeData;
  stage: string;
  listPath: string;
  recordPath: string;
  cancellationPath: string | null;
}) {
  const t = useT();
  // The outcome's lines in full contrast (the panel's own text is dimmed): the number matters.
  return (
    <StatusPanel
      tone="success"
      title={t('stages.successTitle')}
      actions={
        <Stack gap="md" align="center">
          <Stack gap={4} align="center">
            <Text>{t('stages.successText', { stage })}</Text>
            {data.frozen && (
              <Text fw={700}>{withNumber(t('stages.successNumber', { number: mark }), data.frozen.number)}</Text>
            )}
            {data.cancellation && (
              <Text fw={700}>
                {withNumber(t('stages.successCancellation', { number: mark }), data.cancellation.number)}
              </Text>
            )}
          </Stack>
          <Group justify="center" gap="sm">
            <Button component={Link} to={listPath} variant="default">
              {t('stages.toList')}
            </Button>
            <Button component={Link} to={recordPath}>
              {t('stages.toRecord')}
            </Button>
            {cancellationPath && (
              <Button component={Link} to={cancellationPath} variant="light">
                {t('stages.toCancellation')}
              </Button>
            )}
          </Group>
        </Stack>
      }
    />
  );
}
