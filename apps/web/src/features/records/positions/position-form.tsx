import type { DataField } from '@kontor/contract/api/record-types';
import { Button, Grid, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type KeyboardEvent, useState } from 'react';
import { ChildField, GermanNumberInput, useRecordFormat } from '../../../engine/field-kit';
import { useEnvironment } from '../../../environment/environment-context';
import { useT } from '../../../i18n/i18n';
import { enterApplies } from './enter-applies';
import { ArticlePicker } from './position-article-picker';
import { draftProblems } from './position-checks';
import { extraPositionFields, positionLabels, unitOptions } from './position-labels';
import { TaxPicker } from './position-taxes';
import {
  kindOf,
  type PositionValue,
  positionFromArticle,
  priceFullCents,
  taxesOf,
  taxesSumCents,
} from './position-values';

/** The fields of one position in the modal; applies on 'Übernehmen' or Enter (not in selects and textareas). */
export function PositionForm({
  initial,
  definition,
  serverError,
  onApply,
  onCancel,
}: {
  initial: PositionValue;
  definition: readonly DataField[];
  serverError: (relativePath: string) => string | undefined;
  onApply: (position: PositionValue) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const format = useRecordFormat();
  const { taxes: environmentTaxes } = useEnvironment();
  const labels = positionLabels(definition);
  const [draft, setDraft] = useState<PositionValue>(initial);
  const [showProblems, setShowProblems] = useState(false);
  const problems = draftProblems(draft, definition);
  const set = (key: string, value: unknown) => setDraft((previous) => ({ ...previous, [key]: value }));
  // Server messages stand until the person changes that value.
  const errorOf = (key: string) => {
    const problem = problems[key];
    if (showProblems && problem) return t(problem.key, problem.params);
    return draft[key] === initial[key] ? serverError(key) : undefined;
  };

  const apply = () => {
    if (Object.keys(problems).length > 0) {
      setShowProblems(true);
      return;
    }
    onApply(draft);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing || !enterApplies(event.target)) return;
    event.preventDefault();
    apply();
  };

  const full = priceFullCents(draft);
  const taxSum = taxesSumCents(draft);
  const taxes = taxesOf(draft);
  const taxError = Object.keys(problems).find((key) => key.startsWith('taxes'));

  const buttons = (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button onClick={apply}>{t('records.positionApply')}</Button>
    </Group>
  );
  const kind = kindOf(draft);
  if (kind !== 'item') {
    // A title, text or subtotal line is its text alone; a text line may run over several lines.
    const text = typeof draft.title === 'string' ? draft.title : '';
    const label = kind === 'text' ? t('records.positionKindText') : labels.title;
    return (
      // biome-ignore lint/a11y/noStaticElementInteractions: Enter applies in the one-line input (spec 01 §5)
      <div onKeyDown={onKeyDown}>
        <Stack gap="md">
          {kind === 'text' ? (
            <Textarea
              label={label}
              data-autofocus
              withAsterisk
              autosize
              minRows={3}
              maxRows={12}
              value={text}
              onChange={(event) => set('title', event.currentTarget.value)}
              error={errorOf('title')}
            />
          ) : (
            <TextInput
              label={label}
              data-autofocus
              withAsterisk
              value={text}
              onChange={(event) => set('title', event.currentTarget.value)}
              error={errorOf('title')}
            />
          )}
          {buttons}
        </Stack>
      </div>
    );
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Enter anywhere in the form applies (spec 01 §5)
    <div onKeyDown={onKeyDown}>
      <Stack gap="md">
        <ArticlePicker
          onPick={(article) =>
            setDraft((previous) => positionFromArticle(previous, article, { definition, taxes: environmentTaxes }))
          }
        />
        <TextInput
          size="sm"
          label={labels.title}
          data-autofocus
          withAsterisk
          value={typeof draft.title === 'string' ? draft.title : ''}
          onChange={(event) => set('title', event.currentTarget.value)}
          error={errorOf('title')}
        />
        <Grid gap="md">
          <Grid.Col span={{ base: 6, sm: 4 }}>
            <GermanNumberInput
              label={labels.quantity}
              kind="float"
              value={draft.quantity}
              onChange={(value) => set('quantity', value)}
              error={errorOf('quantity')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 4 }}>
            <Select
              label={labels.unit}
              data={unitOptions(definition)}
              value={typeof draft.unit === 'string' ? draft.unit : null}
              onChange={(value) => set('unit', value)}
              error={errorOf('unit')}
              comboboxProps={{ withinPortal: true }}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <GermanNumberInput
              label={labels.price_single}
              kind="float"
              value={draft.price_single}
              onChange={(value) => set('price_single', value)}
              error={errorOf('price_single')}
              rightSection={
                <Text size="sm" c="dimmed">
                  {format.currencySymbol}
                </Text>
              }
            />
          </Grid.Col>
        </Grid>
        <TaxPicker
          label={labels.taxes}
          value={taxes}
          onChange={(next) => set('taxes', next)}
          error={showProblems && taxError ? t(problems[taxError]!.key, problems[taxError]!.params) : undefined}
        />
        {extraPositionFields(definition).map((field) => (
          <ChildField
            key={field.key}
            field={field}
            value={draft[field.key]}
            path={field.key}
            error={errorOf(field.key)}
            readOnly={false}
            onChange={(value) => set(field.key, value)}
          />
        ))}
        <Group justify="space-between" gap="xs" p="sm" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          <Text size="sm" c="dimmed">
            {labels.price_full}
          </Text>
          <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }} aria-label={labels.price_full}>
            {full === null ? '–' : format.cents(full)}
            {taxSum !== null && taxSum !== 0 && (
              <Text span size="sm" c="dimmed" fw={400}>
                {' '}
                {t('records.positionPlusTax', { amount: format.cents(taxSum) })}
              </Text>
            )}
          </Text>
        </Group>
        {buttons}
      </Stack>
    </div>
  );
}
