import type { WebsiteStats } from '@kontor/contract/api/website';
import { Alert, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconShieldCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { messageOf } from '../../api/api';
import { useEnvironment } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { ErrorAlert } from '../../ui/error-alert';
import { PageTitleBar } from '../../ui/page-title-bar';
import { statsQuery, websiteQuery } from './website.queries';

/** Spec 02 §2.5 /website-manager: pages, hits of 7 and 30 days (§9) and the visitors per day. */
export function OverviewPage() {
  const t = useT();
  const { envKey } = useEnvironment();
  const stats = useQuery(statsQuery(envKey));
  const site = useQuery(websiteQuery(envKey));
  const url = site.data?.url;
  return (
    <>
      <PageTitleBar
        title={t('website.nav.overview')}
        actions={
          url && site.data?.is_active
            ? [{ kind: 'external', label: t('website.open'), href: url, icon: <IconExternalLink size={16} /> }]
            : []
        }
      />
      {site.data && !site.data.is_active && (
        <Alert color="yellow" mb="md">
          {t('website.inactiveHint')}
        </Alert>
      )}
      {stats.isError ? (
        <ErrorAlert>{messageOf(stats.error, t('website.loadError'))}</ErrorAlert>
      ) : !stats.data ? (
        <Skeleton height={260} radius="md" />
      ) : (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Figure label={t('website.stats.pages')} value={stats.data.pages} testId="stats-pages" />
            <Figure label={t('website.stats.seven')} value={stats.data.hits_last_seven} testId="stats-seven" />
            <Figure label={t('website.stats.thirty')} value={stats.data.hits_last_thirty} testId="stats-thirty" />
          </SimpleGrid>
          <Card padding="lg">
            <Title order={2} fz="md" mb="sm">
              {t('website.stats.chart')}
            </Title>
            <DailyChart daily={stats.data.daily} />
            <Group gap={6} mt="md" wrap="nowrap" align="flex-start">
              <IconShieldCheck size={18} color="var(--mantine-color-teal-7)" aria-hidden style={{ flexShrink: 0 }} />
              <Text size="sm" c="dimmed">
                {t('website.stats.privacy')}
              </Text>
            </Group>
          </Card>
        </Stack>
      )}
    </>
  );
}

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Card padding="lg">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={32} fw={700} data-testid={testId}>
        {value.toLocaleString('de-DE')}
      </Text>
    </Card>
  );
}

/** A bar per day; the numbers are in the label and each bar's title, so the chart is not only visual. */
function DailyChart({ daily }: { daily: WebsiteStats['daily'] }) {
  const t = useT();
  const max = Math.max(1, ...daily.map((d) => d.visits));
  const total = daily.reduce((n, d) => n + d.visits, 0);
  const width = 600;
  const height = 140;
  const bar = width / daily.length;
  return (
    <svg
      viewBox={`0 0 ${width} ${height + 18}`}
      role="img"
      aria-label={t('website.stats.chartLabel', { n: total })}
      style={{ width: '100%', height: 'auto', display: 'block' }}
    >
      <line x1={0} x2={width} y1={height} y2={height} stroke="var(--mantine-color-gray-4)" />
      {daily.map((d, i) => {
        const h = Math.round((d.visits / max) * (height - 8));
        return (
          <rect
            key={d.day}
            x={i * bar + 2}
            y={height - h}
            width={bar - 4}
            height={h}
            rx={2}
            fill="var(--mantine-color-indigo-6)"
          >
            <title>{`${d.day.split('-').reverse().join('.')}: ${d.visits}`}</title>
          </rect>
        );
      })}
      <text x={0} y={height + 14} fontSize={11} fill="var(--mantine-color-gray-7)">
        {daily[0]?.day.split('-').reverse().join('.')}
      </text>
      <text x={width} y={height + 14} fontSize={11} textAnchor="end" fill="var(--mantine-color-gray-7)">
        {daily[daily.length - 1]?.day.split('-').reverse().join('.')}
      </text>
    </svg>
  );
}
