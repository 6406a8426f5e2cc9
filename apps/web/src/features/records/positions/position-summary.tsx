import type { PositionSummary as Summary } from '@kontor/contract/logic/positions';
import { Box, Divider, Group, Stack, Text } from '@mantine/core';
import { useRecordFormat } from '../../../engine/field-kit';
import { useT } from '../../../i18n/i18n';
import { taxLineLabel } from './position-values';

/** Net total, one line per distinct tax and the gross total (spec 01 §5), right-aligned like an invoice. */
export function PositionSummary({ summary }: { summary: Summary }) {
  const t = useT();
  const format = useRecordFormat();
  const line = (key: string, label: string, cents: number, strong = false) => (
    <Group key={key} justify="space-between" gap="xl" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : 400} c={strong ? undefined : 'dimmed'}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {format.cents(cents)}
      </Text>
    </Group>
  );
  return (
    <Box ml="auto" w={{ base: '100%', sm: 340 }} role="group" aria-label={t('records.summary')}>
      <Stack gap={6}>
        {line('net', t('records.summaryNet'), summary.netCents)}
        {summary.taxes.map((tax, index) => line(`tax${index}`, taxLineLabel(tax), tax.amountCents))}
        <Divider />
        {line('gross', t('records.summaryGross'), summary.grossCents, true)}
      </Stack>
    </Box>
  );
}
