import { Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { messageOf } from '../../api/api';
import { useEnvironment } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { ErrorAlert } from '../../ui/error-alert';
import { formatDateTime } from '../../ui/format-date';
import { usersAuditQuery } from './settings.queries';

/**
 * 'Verlauf' below the members (issue 29 item 5): who changed roles, (de)activated members,
 * invited someone or changed per-type access, and when; newest first, from the audit chain.
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
          // The sentence names who did what; the time sits beneath it. A list, not a table: it
          // reads the same at 375 px without scrolling sideways.
          <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {entries.map((e) => (
              <li key={e.seq}>
                <Text size="sm">{e.text}</Text>
                <Text size="xs" c="gray.7" component="time" dateTime={e.at}>
                  {formatDateTime(e.at)}
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
