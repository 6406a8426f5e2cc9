import { Anchor, Badge, Paper, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { messageOf } from '../../api/api';
import { useEnvironment } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { ErrorAlert } from '../../ui/error-alert';
import { PageLoader } from '../../ui/page-loader';
import { PageTitleBar } from '../../ui/page-title-bar';
import { structuresQuery } from './data-structures.queries';
import { structuresBase } from './structure-paths';

/** /settings/dynamic-records: the environment's data structures (key, plural, parent, record count). */
export function StructuresListPage() {
  const t = useT();
  const { envKey } = useEnvironment();
  const query = useQuery(structuresQuery(envKey));
  const base = structuresBase(envKey);
  const parents = new Map((query.data?.parents ?? []).map((p) => [p.key, p.plural]));

  return (
    <Stack gap="lg">
      <PageTitleBar
        title={t('structures.title')}
        actions={[
          {
            kind: 'link',
            label: t('structures.create'),
            to: `${base}/create`,
            icon: <IconPlus size={16} />,
            primary: true,
          },
        ]}
      />
      {query.isPending && <PageLoader />}
      {query.isError && <ErrorAlert>{messageOf(query.error, t('structures.loadError'))}</ErrorAlert>}
      {query.data && query.data.types.length === 0 && (
        <Paper withBorder radius="md" p="xl">
          <Text c="gray.7">{t('structures.empty')}</Text>
        </Paper>
      )}
      {query.data && query.data.types.length > 0 && (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('structures.colPlural')}</Table.Th>
                  <Table.Th>{t('structures.colKey')}</Table.Th>
                  <Table.Th>{t('structures.colParent')}</Table.Th>
                  <Table.Th ta="right">{t('structures.colCount')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data.types.map((type) => (
                  <Table.Tr key={type.key}>
                    <Table.Td>
                      {type.disableEdit ? (
                        <Text span fw={500}>
                          {type.plural}{' '}
                          <Badge size="xs" variant="light" color="gray">
                            {t('structures.locked')}
                          </Badge>
                        </Text>
                      ) : (
                        <Anchor
                          component={Link}
                          to={`${base}/${encodeURIComponent(type.key)}/edit`}
                          fw={500}
                          aria-label={t('structures.editOf', { name: type.plural })}
                        >
                          {type.plural}
                        </Anchor>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text span ff="monospace" size="sm">
                        {type.key}
                      </Text>
                    </Table.Td>
                    <Table.Td>{type.parent ? (parents.get(type.parent) ?? type.parent) : '—'}</Table.Td>
                    <Table.Td ta="right">{type.count.toLocaleString('de-DE')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
}
