import type { EinvoiceMapping, VatCase } from '@kontor/contract/api/einvoice-mapping';
import { vatCategories } from '@kontor/contract/api/einvoice-mapping';
import type { DataField } from '@kontor/contract/api/record-types';
import { Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useT } from '../../i18n/i18n';
import { useStructureEditor } from './structure-editor-context';

/**
 * The e-invoice mapping of a type with positions (issue 15 item 2): which field is the buyer, the
 * buyer reference (Leitweg-ID), the due date and the VAT case, each VAT case's category and
 * exemption reason, and each position unit's UN/ECE Rec 20 code. Saved with the structure.
 */

const positionsField = (fields: readonly DataField[]) =>
  fields.find((f) => f.type === 'map' && f.subType === 'positions-map');

const choices = (fields: readonly DataField[], fits: (f: DataField) => boolean) =>
  fields.filter(fits).map((f) => ({ value: f.key, label: `${f.label} (${f.key})` }));

export function EinvoiceTab() {
  const t = useT();
  const { draft, update } = useStructureEditor();
  const mapping = draft.einvoice;
  if (!mapping) {
    return (
      <Text size="sm" c="gray.7">
        {t('einvoice.tabNone')}
      </Text>
    );
  }
  const change = (next: Partial<EinvoiceMapping>) =>
    update((s) => (s.einvoice ? { ...s, einvoice: { ...s.einvoice, ...next } } : s));
  const setCase = (index: number, next: Partial<VatCase>) =>
    change({ cases: mapping.cases.map((c, i) => (i === index ? { ...c, ...next } : c)) });

  const fields = draft.fields;
  const vatCaseField = fields.find((f) => f.key === mapping.vatCaseField);
  const caseLabel = (value: string) => vatCaseField?.options?.find((o) => o.value === value)?.label ?? value;
  const unitOptions = positionsField(fields)?.definition?.find((f) => f.key === 'unit')?.options ?? [];
  const codeOf = (unit: string) => mapping.units.find((u) => u.value === unit)?.code ?? '';
  const setCode = (unit: string, raw: string) => {
    const code = raw
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '')
      .slice(0, 3);
    const rest = mapping.units.filter((u) => u.value !== unit);
    change({ units: code ? [...rest, { value: unit, code }] : rest });
  };
  const optional = (key: 'buyerReferenceField' | 'dueDateField' | 'vatCaseField', fits: (f: DataField) => boolean) => (
    <Select
      label={t(`einvoice.${key}`)}
      placeholder={t('einvoice.noFieldChosen')}
      data={choices(fields, fits)}
      value={mapping[key] ?? null}
      clearable
      clearButtonProps={{ 'aria-label': t('records.clearValue', { field: t(`einvoice.${key}`) }) }}
      comboboxProps={{ withinPortal: true }}
      onChange={(value) => change({ [key]: value ?? undefined })}
    />
  );

  return (
    <Stack gap="md" data-testid="einvoice-tab">
      <Text size="sm" c="gray.7">
        {t('einvoice.tabIntro')}
      </Text>
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('einvoice.buyerField')}
            data={choices(fields, (f) => f.type === 'model')}
            value={mapping.buyerField}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            onChange={(value) => value && change({ buyerField: value })}
          />
          {optional('buyerReferenceField', (f) => f.type === 'string')}
          {optional('dueDateField', (f) => f.type === 'date')}
          {optional('vatCaseField', (f) => f.type === 'string' && (f.options?.length ?? 0) > 0)}
        </SimpleGrid>
      </Paper>

      <Paper withBorder radius="md" p="md">
        <Title order={3} size="h5" mb="sm">
          {t('einvoice.cases')}
        </Title>
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('einvoice.caseValue')}</Table.Th>
                <Table.Th w={110}>{t('einvoice.caseCategory')}</Table.Th>
                <Table.Th>{t('einvoice.caseReason')}</Table.Th>
                <Table.Th w={150}>{t('einvoice.caseCodeLabel')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {mapping.cases.map((c, i) => (
                <Table.Tr key={c.value}>
                  <Table.Td>
                    <Text size="sm">{caseLabel(c.value)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={`${t('einvoice.caseCategory')}: ${caseLabel(c.value)}`}
                      data={[...vatCategories]}
                      value={c.category}
                      allowDeselect={false}
                      comboboxProps={{ withinPortal: true }}
                      onChange={(value) => value && setCase(i, { category: value as VatCase['category'] })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`${t('einvoice.caseReason')}: ${caseLabel(c.value)}`}
                      value={c.exemptionReason ?? ''}
                      maxLength={300}
                      disabled={c.category === 'S'}
                      onChange={(e) => setCase(i, { exemptionReason: e.currentTarget.value })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`${t('einvoice.caseCodeLabel')}: ${caseLabel(c.value)}`}
                      value={c.exemptionCode ?? ''}
                      maxLength={30}
                      disabled={c.category === 'S'}
                      onChange={(e) => setCase(i, { exemptionCode: e.currentTarget.value })}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>

      {unitOptions.length > 0 && (
        <Paper withBorder radius="md" p="md">
          <Title order={3} size="h5" mb={4}>
            {t('einvoice.units')}
          </Title>
          <Text size="xs" c="gray.7" mb="sm">
            {t('einvoice.unitCodeHint')}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
            {unitOptions.map((o) => (
              <TextInput
                key={o.value}
                label={o.label}
                value={codeOf(o.value)}
                placeholder="C62"
                maxLength={3}
                onChange={(e) => setCode(o.value, e.currentTarget.value)}
              />
            ))}
          </SimpleGrid>
        </Paper>
      )}
    </Stack>
  );
}
