import type { QueryForm } from '@kontor/contract/api/query-forms';
import { Alert, Button, Card, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconEdit, IconTable, IconWorld } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { messageOf } from '../../api/api';
import { useEnvironment } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { ErrorAlert } from '../../ui/error-alert';
import { PageTitleBar } from '../../ui/page-title-bar';
import { DataTable } from './data-table';
import { downloadAnswersCsv, formDetailsQuery, formEditPath, queryFormsBase } from './query-forms.queries';

/** Spec 02 §2.7 form details at /query-forms/form/{id}/details. */
export function FormDetailsPage() {
  const t = useT();
  const { id = '' } = useParams();
  const { envKey } = useEnvironment();
  const details = useQuery(formDetailsQuery(envKey, id));
  const back = { to: queryFormsBase(envKey), label: t('queryForms.backToList') };
  if (details.isError) {
    return (
      <>
        <PageTitleBar title={t('queryForms.details')} back={back} />
        <ErrorAlert>{messageOf(details.error, t('queryForms.detailsLoadFailed'))}</ErrorAlert>
      </>
    );
  }
  if (!details.data) {
    return (
      <>
        <PageTitleBar title={t('queryForms.details')} back={back} />
        <Skeleton height={280} radius="md" />
      </>
    );
  }
  return <Details form={details.data} />;
}

function Details({ form }: { form: QueryForm }) {
  const t = useT();
  const { envKey } = useEnvironment();
  const columns = form.answer_table_columns.filter((c) => c.type === 'setting-field');
  const exportCsv = useMutation({ mutationFn: () => downloadAnswersCsv(envKey, form._id) });
  return (
    <>
      <PageTitleBar
        title={form.title || t('queryForms.untitled')}
        back={{ to: queryFormsBase(envKey), label: t('queryForms.backToList') }}
        actions={[
          ...(form.public_url
            ? [
                {
                  kind: 'external' as const,
                  label: t('queryForms.websiteLink'),
                  href: form.public_url,
                  icon: <IconWorld size={16} aria-hidden />,
                },
              ]
            : []),
          {
            kind: 'link',
            label: t('queryForms.edit'),
            to: formEditPath(envKey, form._id),
            icon: <IconEdit size={16} aria-hidden />,
            primary: true,
          },
        ]}
      />
      <Stack gap="lg">
        {form.filled_once && (
          <Alert color="orange" icon={<IconAlertTriangle size={18} />}>
            {t('queryForms.filledOnceWarning')}
          </Alert>
        )}
        <Card padding="lg">
          <Group justify="space-between" mb="md" wrap="wrap">
            <Title order={2} fz="lg">
              {t('queryForms.answers')}
            </Title>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={exportCsv.isPending}
              onClick={() => exportCsv.mutate()}
            >
              {t('queryForms.exportCsv')}
            </Button>
          </Group>
          {exportCsv.isError && <ErrorAlert>{messageOf(exportCsv.error, t('queryForms.exportFailed'))}</ErrorAlert>}
          {columns.length === 0 ? (
            <Paper withBorder radius="md" p="xl" ta="center">
              <Stack align="center" gap="sm">
                <Text c="dimmed">{t('queryForms.noColumns')}</Text>
                <Button
                  component={Link}
                  to={formEditPath(envKey, form._id)}
                  variant="light"
                  leftSection={<IconTable size={16} aria-hidden />}
                >
                  {t('queryForms.editTable')}
                </Button>
              </Stack>
            </Paper>
          ) : (
            <DataTable
              source={{ model: 'QueryFormAnswer', formular: form._id }}
              listKey="query-form-answers"
              label={t('queryForms.answers')}
              empty={t('queryForms.noAnswers')}
              loadFailed={t('queryForms.detailsLoadFailed')}
            />
          )}
        </Card>
      </Stack>
    </>
  );
}
