import { Card, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { messageOf } from '../../api/api';
import { useEnvironment } from '../../app/environment-context';
import { useT } from '../../i18n/i18n';
import { ErrorAlert } from '../../ui/error-alert';
import { formatDateTime } from '../../ui/format-date';
import { usersAuditQuery } from './settings.queries';

/**
 * 'Verlauf' below the members (issue 29 item 5): who changed roles, (de)activated members,
 * invited someone or changed per-type access, and when; newest first, from the audit chain.
 * On phones the table scrolls sideways inside the card instead of widening the page.
 */
export function MembersAuditCard() {
  const t = useT();
  const { envKey } = useEnvironment();
  const audit = useQuery(usersAuditQuery(envKey));
  const entries = audit.data?.entries ?? [];
  return (
    <Card padding="lg" mt="xl" component="section" aria-labelledby="members-audit-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="members-audit-title">
          {t('settings.auditTitle')}
        </Title>
        {audit.isPending && <Skeleton h={60} />}
        {audit.isError && <ErrorAlert>{messageOf(audit.error, t('settings.auditLoadFailed'))}</ErrorAlert>}
        {audit.isSuccess && entries.length === 0 && <Text c="dimmed">{t('settings.auditEmpty')}</Text>}
        {entries.length > 0 && (
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('settings.auditWhen')}</Table.Th>
                  <Table.Th>{t('settings.auditWho')}</Table.Th>
                  <Table.Th>{t('settings.auditWhat')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries.map((e) => (
                  <Table.Tr key={e.seq}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.at)}</Table.Td>
                    <Table.Td>{e.actor}</Table.Td>
                    <Table.Td>{e.text}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
