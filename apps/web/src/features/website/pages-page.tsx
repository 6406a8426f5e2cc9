import { removePage } from '@kontor/contract/api/website';
import { ActionIcon, Anchor, Badge, Card, Group, Skeleton, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api, messageOf } from '../../api/api';
import { useEnvironment } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { alertBar } from '../../ui/alert-bar';
import { useDialogs } from '../../ui/confirm';
import { ErrorAlert } from '../../ui/error-alert';
import { PageTitleBar } from '../../ui/page-title-bar';
import { pagesQuery, websiteKeys } from './website.queries';
import { useWebsiteBase } from './website-layout';

/** Spec 02 §2.5 /website-manager/pages: the list of pages, each leading to its editor. */
export function PagesPage() {
  const t = useT();
  const { envKey, canEdit } = useEnvironment();
  const base = useWebsiteBase();
  const pages = useQuery(pagesQuery(envKey));
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: string) => api.send(removePage, { _env: envKey, id }),
    onSuccess: ({ message }) => {
      void queryClient.invalidateQueries({ queryKey: websiteKeys.all(envKey) });
      alertBar.push({ id: 'website-page-removed', kind: 'success', message: message ?? t('website.pages.removed') });
    },
    onError: (error) =>
      alertBar.push({
        id: 'website-page-removed',
        kind: 'danger',
        message: messageOf(error, t('website.page.saveError')),
      }),
  });
  return (
    <>
      <PageTitleBar
        title={t('website.nav.pages')}
        actions={[
          {
            kind: 'link',
            label: t('website.pages.new'),
            to: `${base}/pages/new/edit`,
            icon: <IconPlus size={16} />,
            primary: true,
            disabled: !canEdit,
          },
        ]}
      />
      {pages.isError ? (
        <ErrorAlert>{messageOf(pages.error, t('website.loadError'))}</ErrorAlert>
      ) : !pages.data ? (
        <Skeleton height={200} radius="md" />
      ) : pages.data.length === 0 ? (
        <Card padding="xl">
          <Text c="dimmed" ta="center">
            {t('website.pages.empty')}
          </Text>
        </Card>
      ) : (
        <Card padding={0}>
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('website.pages.colTitle')}</Table.Th>
                  <Table.Th>{t('website.pages.colPath')}</Table.Th>
                  <Table.Th>{t('website.pages.colBlocks')}</Table.Th>
                  <Table.Th w={96}>
                    <VisuallyHidden>{t('website.pages.edit')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {pages.data.map((p) => (
                  <Table.Tr key={p._id}>
                    <Table.Td>
                      <Group gap={6} wrap="wrap">
                        <Anchor component={Link} to={`${base}/pages/${p._id}/edit`} fw={600}>
                          {p.title || p.url_path}
                        </Anchor>
                        {p.set_as_homepage && <Badge variant="light">{t('website.pages.homepage')}</Badge>}
                        {p.set_as_not_found_page && (
                          <Badge variant="light" color="gray">
                            {t('website.pages.notFoundPage')}
                          </Badge>
                        )}
                        {p.record_page && (
                          <Badge variant="light" color="teal">
                            {t('website.pages.recordPage')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text ff="monospace" size="sm">
                        {p.url_path}
                      </Text>
                    </Table.Td>
                    <Table.Td>{p.blocks}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Tooltip label={t('website.pages.edit')}>
                          <ActionIcon
                            component={Link}
                            to={`${base}/pages/${p._id}/edit`}
                            variant="subtle"
                            aria-label={`${t('website.pages.edit')}: ${p.title}`}
                          >
                            <IconPencil size={18} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t('website.pages.remove')}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            disabled={!canEdit}
                            aria-label={`${t('website.pages.remove')}: ${p.title}`}
                            onClick={async () => {
                              if (
                                await dialogs.confirm({
                                  title: t('website.pages.remove'),
                                  text: t('website.pages.removeConfirm', { title: p.title }),
                                  danger: true,
                                })
                              ) {
                                remove.mutate(p._id);
                              }
                            }}
                          >
                            <IconTrash size={18} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
    </>
  );
}
