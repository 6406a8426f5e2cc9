import { verifyHost, type Website } from '@kontor/contract/api/website';
import { ActionIcon, Badge, Button, Card, Code, CopyButton, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, messageOf } from '../../api/api';
import { useEnvironment, useMayChangeSettings } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { alertBar } from '../../ui/alert-bar';
import { ErrorAlert } from '../../ui/error-alert';
import { websiteKeys } from './website.queries';

/**
 * The saved own host's proof of control (issue 30 item 2): its state, the DNS TXT record to create
 * and 'Jetzt prüfen'. Until it is verified the site is not served under the host.
 */
export function HostVerificationCard({ site }: { site: Website }) {
  const t = useT();
  const { envKey } = useEnvironment();
  const canEdit = useMayChangeSettings();
  const queryClient = useQueryClient();
  const check = useMutation({
    mutationFn: () => api.send(verifyHost, { _env: envKey }),
    onSuccess: ({ data, message }) => {
      queryClient.setQueryData(websiteKeys.details(envKey), data);
      alertBar.push({ id: 'website-host', kind: 'success', message: message ?? t('website.host.verified') });
    },
  });
  const v = site.host_verification;
  if (v.state === 'none') return null;
  const verified = v.state === 'verified';
  return (
    <Card padding="lg" maw={720}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="md">
            {t('website.host.title')}
          </Title>
          <Badge color={verified ? 'green' : 'yellow'} variant="light" tt="none">
            {t(verified ? 'website.host.verified' : 'website.host.unverified')}
          </Badge>
        </Group>
        <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {site.host}
        </Text>
        {verified ? (
          <Text size="sm" c="dimmed">
            {t('website.host.verifiedHint', { host: site.host })}
          </Text>
        ) : (
          <>
            <Text size="sm">{t('website.host.pendingHint')}</Text>
            <RecordLine label={t('website.host.recordType')} value="TXT" />
            <RecordLine label={t('website.host.recordName')} value={v.record_name} copy />
            <RecordLine label={t('website.host.recordValue')} value={v.record_value} copy />
            {check.isError && <ErrorAlert>{messageOf(check.error, t('website.host.checkError'))}</ErrorAlert>}
            <Group>
              <Button onClick={() => check.mutate()} loading={check.isPending} disabled={!canEdit}>
                {t('website.host.check')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}

/** One field of the TXT record, wrapped anywhere at 375 px, with a copy button. */
function RecordLine({ label, value, copy = false }: { label: string; value: string; copy?: boolean }) {
  const t = useT();
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <Code style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{value}</Code>
        {copy && (
          <CopyButton value={value}>
            {({ copied, copy: doCopy }) => (
              <Tooltip label={t(copied ? 'website.host.copied' : 'website.host.copy')} withArrow>
                <ActionIcon
                  variant="subtle"
                  color={copied ? 'green' : 'gray'}
                  onClick={doCopy}
                  aria-label={`${t('website.host.copy')}: ${label}`}
                >
                  {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        )}
      </Group>
    </Stack>
  );
}
