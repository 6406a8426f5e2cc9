import { Badge, Chip, Group, Input, Text } from '@mantine/core';
import { useEnvironment } from '../../../environment/environment-context';
import { useT } from '../../../i18n/i18n';
import { type PositionTaxValue, percentText, sameTax, taxEntryOf, taxLineLabel } from './position-values';

/** The taxes of a position as small chips. */
export function TaxChips({ taxes, compact = false }: { taxes: readonly PositionTaxValue[]; compact?: boolean }) {
  const t = useT();
  if (taxes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('records.noTaxes')}
      </Text>
    );
  }
  return (
    <Group gap={4} wrap="wrap">
      {taxes.map((tax, index) => (
        <Badge key={index} variant="light" color="gray" radius="sm" tt="none" fw={500} title={taxLineLabel(tax)}>
          {compact ? `${percentText(tax.percent)} %` : taxLineLabel(tax)}
        </Badge>
      ))}
    </Group>
  );
}

const keyOf = (tax: { name: string; percent: number }) => `${tax.name}\u0000${tax.percent}`;

/**
 * The taxes of a position to tick: the environment's rates plus any the position already carries
 * that the environment no longer has (they stay until unticked).
 */
export function TaxPicker({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: readonly PositionTaxValue[];
  onChange: (taxes: PositionTaxValue[]) => void;
  error?: string | undefined;
}) {
  const { taxes } = useEnvironment();
  const offered = [
    ...taxes.map(taxEntryOf),
    ...value.filter((tax) => !taxes.some((env) => sameTax(taxEntryOf(env), tax))),
  ];
  return (
    <Input.Wrapper label={label} error={error}>
      <Chip.Group
        multiple
        value={value.map(keyOf)}
        onChange={(keys) =>
          onChange(
            offered
              .filter((tax) => keys.includes(keyOf(tax)))
              // A tax the position already had keeps its own entry (its evaluation number).
              .map((tax) => value.find((own) => sameTax(own, tax)) ?? tax),
          )
        }
      >
        <Group gap="xs" mt={6}>
          {offered.map((tax) => (
            <Chip key={keyOf(tax)} value={keyOf(tax)} variant="outline" size="sm">
              {taxLineLabel(tax)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Input.Wrapper>
  );
}
