import { numberPatternPattern } from '@kontor/contract/api/record-types';
import { type NumberRange, numberRangeLimits, saveNumberRange } from '@kontor/contract/api/stages';
import { formatNumber } from '@kontor/contract/logic/number-pattern';
import { Button, Card, NumberInput, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, messageOf } from '../../api/api';
import { useEnvironment, useMayChangeSettings } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { alertBar } from '../../ui/alert-bar';
import { ErrorAlert } from '../../ui/error-alert';
import { FormActions } from '../../ui/form-actions';
import { useFieldErrors } from '../../ui/use-field-errors';
import { settingsKeys } from './settings.queries';

/**
 * One number range: its pattern, the next number (never below one already drawn, § 14 Abs. 4
 * Nr. 4 UStG) and, for numbers drawn on creation, whether they are drawn at all. The number the
 * pattern gives is shown while typing.
 */
export function NumberRangeCard({ range }: { range: NumberRange }) {
  const t = useT();
  const queryClient = useQueryClient();
  const { envKey } = useEnvironment();
  const canEdit = useMayChangeSettings();
  // The next number stays '' while the field is cleared for typing; saving needs a number.
  const [values, setValues] = useState<{ format: string; next: number | ''; auto: boolean }>({
    format: range.format,
    next: range.next,
    auto: range.auto,
  });
  const errors = useFieldErrors();

  const save = useMutation({
    mutationFn: () =>
      api.send(saveNumberRange, { _env: envKey, type: range.type, ...values, next: Number(values.next) }),
    onMutate: () => errors.reset(),
    onSuccess: ({ data, message }) => {
      queryClient.setQueryData<NumberRange[]>(settingsKeys.numberRanges(envKey), (current) =>
        current?.map((r) => (r.type === data.type ? data : r)),
      );
      setValues({ format: data.format, next: data.next, auto: data.auto });
      alertBar.push({ id: `number-range-${range.type}`, kind: 'success', message: message ?? t('stages.rangeSaved') });
    },
    onError: (error) => errors.fromError(error),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const valid = numberPatternPattern.test(values.format);
  const example = valid && values.next !== '' ? formatNumber(values.format, new Date().getFullYear(), values.next) : '';
  const titleId = `number-range-${range.type}`;

  return (
    <Card padding="lg" withBorder component="section" aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={2} size="h4" id={titleId}>
              {range.name}
            </Title>
            <Text size="sm" c="dimmed">
              {range.assign === 'freeze' ? t('settings.rangeOnFreeze', { field: range.fieldLabel }) : range.fieldLabel}
            </Text>
          </Stack>
          {save.isError && !errors.get('format') && !errors.get('next') && (
            <ErrorAlert>{messageOf(save.error, t('settings.saveFailed'))}</ErrorAlert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              size="sm"
              label={t('settings.rangePattern')}
              description={t('settings.rangePatternHint')}
              required
              maxLength={numberRangeLimits.format}
              autoCapitalize="none"
              spellCheck={false}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              value={values.format}
              onChange={(event) => {
                const format = event.currentTarget.value;
                errors.clear('format');
                setValues((current) => ({ ...current, format }));
              }}
              error={errors.get('format')}
              readOnly={!canEdit}
            />
            <NumberInput
              size="sm"
              label={t('settings.rangeNext')}
              description={t('settings.rangeNextHint', { min: String(range.minNext) })}
              required
              min={1}
              max={numberRangeLimits.next}
              allowDecimal={false}
              allowNegative={false}
              value={values.next}
              onChange={(value) => {
                errors.clear('next');
                setValues((current) => ({ ...current, next: typeof value === 'number' ? value : '' }));
              }}
              error={errors.get('next')}
              readOnly={!canEdit}
            />
          </SimpleGrid>
          {range.assign === 'create' && (
            <Switch
              label={t('settings.rangeAuto')}
              description={t('settings.rangeAutoHint', { field: range.fieldLabel })}
              checked={values.auto}
              disabled={!canEdit}
              onChange={(event) => {
                const auto = event.currentTarget.checked;
                setValues((current) => ({ ...current, auto }));
              }}
            />
          )}
          <Text size="sm" aria-live="polite">
            {example ? t('settings.rangeExample', { example }) : '\u00a0'}
          </Text>
          <FormActions>
            <Button
              type="submit"
              loading={save.isPending}
              disabled={!canEdit || values.next === ''}
              aria-label={t('settings.rangeSaveFor', { name: range.name })}
            >
              {t('settings.rangeSave')}
            </Button>
          </FormActions>
        </Stack>
      </form>
    </Card>
  );
}
