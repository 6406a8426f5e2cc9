import { Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { messageOf } from '../../api/api';
import { useEnvironment } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { ErrorAlert } from '../../ui/error-alert';
import { PageTitleBar } from '../../ui/page-title-bar';
import { NumberRangeCard } from './number-range-card';
import { numberRangesQuery } from './settings.queries';

/** Issue 31 /settings/number-ranges: one card per type that numbers its records. */
export function NumberRangesPage() {
  const t = useT();
  const { envKey } = useEnvironment();
  const ranges = useQuery(numberRangesQuery(envKey));
  return (
    <>
      <PageTitleBar title={t('settings.numberRanges')} subtitle={t('settings.numberRangesIntro')} />
      {ranges.isError ? (
        <ErrorAlert>{messageOf(ranges.error, t('settings.loadFailed'))}</ErrorAlert>
      ) : ranges.data ? (
        ranges.data.length === 0 ? (
          <Text c="dimmed">{t('settings.numberRangesEmpty')}</Text>
        ) : (
          <Stack gap="md" maw={720}>
            {ranges.data.map((range) => (
              <NumberRangeCard key={range.type} range={range} />
            ))}
          </Stack>
        )
      ) : (
        <Skeleton height={240} radius="md" />
      )}
    </>
  );
}
