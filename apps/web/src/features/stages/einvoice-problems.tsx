import { Alert, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useT } from '../../i18n/i18n';

/**
 * Issue 15: before a freeze, the business terms (BT-…) the e-invoice still misses, each naming the
 * field to fill. The freeze then issues the PDF only, never an invalid XRechnung or ZUGFeRD.
 */
export function EinvoiceProblems({ problems }: { problems: readonly string[] }) {
  const t = useT();
  if (problems.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      data-testid="einvoice-problems"
    >
      {/* The title as plain text: Mantine's orange title colour is too light for AA contrast. */}
      <Text fw={700} size="sm" mb={4}>
        {t('einvoice.problemsTitle')}
      </Text>
      <Text size="sm" mb="xs">
        {t('einvoice.incomplete')}
      </Text>
      <List size="sm" spacing={4}>
        {problems.map((p) => (
          <List.Item key={p}>{p}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
