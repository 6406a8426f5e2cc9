import { Button, Card, Group, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { messageOf } from '../../api/api';
import { useEnvironment } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { ErrorAlert } from '../../ui/error-alert';
import type { RecordPaths } from '../record-paths';
import { recordFormQuery } from '../records.queries';
import { RecordEditor } from './record-editor';

function FormSkeleton() {
  const t = useT();
  return (
    <Stack gap="lg" aria-busy aria-label={t('common.loading')}>
      <Skeleton h={32} w={220} radius="sm" />
      {[0, 1].map((card) => (
        <Card key={card} padding="lg">
          <Stack gap="md">
            <Skeleton h={18} w={140} radius="sm" />
            <Group grow>
              <Skeleton h={36} radius="sm" />
              <Skeleton h={36} radius="sm" />
              <Skeleton h={36} radius="sm" />
            </Group>
            <Skeleton h={36} radius="sm" />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/** Loads the form definition and values of one record, then hands them to the editor. */
export function RecordFormScreen({
  type,
  id,
  paths,
  afterWrite,
}: {
  type: string;
  id: string;
  paths: RecordPaths;
  afterWrite?: () => void;
}) {
  const t = useT();
  const { envKey } = useEnvironment();
  const query = useQuery(recordFormQuery(envKey, type, id));
  // A reload after a conflict starts the editor afresh with the server's values.
  const [generation, setGeneration] = useState(0);

  if (query.isPending) return <FormSkeleton />;
  if (query.isError) {
    return (
      <ErrorAlert title={t('records.formLoadFailed')}>
        <Stack gap="xs" align="flex-start">
          <span>{messageOf(query.error, t('common.genericError'))}</span>
          <Button size="xs" variant="white" color="red" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </Stack>
      </ErrorAlert>
    );
  }
  return (
    <RecordEditor
      key={`${id}:${generation}`}
      data={query.data}
      id={id}
      paths={paths}
      afterWrite={afterWrite}
      onReload={() => void query.refetch().then(() => setGeneration((g) => g + 1))}
    />
  );
}
