import { Group, Input } from '@mantine/core';
import { DateInput, TimePicker } from '@mantine/dates';
import { IconCalendar, IconClock } from '@tabler/icons-react';
import { useT } from '../../../i18n/i18n';
import { useRecordFormat } from '../../use-record-format';
import { joinDateTime, parseDateText, splitDateTime } from '../inputs/date-text';
import type { FieldRendererProps } from '../types';

/** datetime (local, no zone): a date and a time input side by side; stored as "YYYY-MM-DDTHH:mm". */
export function DateTimeField(props: FieldRendererProps<'datetime'>) {
  const t = useT();
  const format = useRecordFormat();
  const { date, time } = splitDateTime(props.value);
  const required = Boolean(props.field.validation?.required);
  return (
    <Input.Wrapper
      label={props.hideLabel ? undefined : props.label}
      description={props.hint}
      error={props.error}
      withAsterisk={!props.readOnly && required}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <DateInput
          aria-label={props.hideLabel ? props.label : `${props.label}: ${t('records.date')}`}
          style={{ flex: 3, minWidth: 0 }}
          leftSection={<IconCalendar size={16} aria-hidden />}
          value={date}
          valueFormat={format.dateFormat}
          placeholder={t(
            format.dateFormat === 'DD.MM.YYYY' ? 'records.datePlaceholderDmy' : 'records.datePlaceholderYmd',
          )}
          dateParser={(text) => parseDateText(text)}
          readOnly={props.readOnly}
          variant={props.readOnly ? 'filled' : 'default'}
          error={Boolean(props.error)}
          clearable={!required && !props.readOnly}
          clearButtonProps={{ 'aria-label': t('records.clearValue', { field: props.label }) }}
          popoverProps={{ withinPortal: true }}
          onChange={(next) => props.onChange(joinDateTime(next, time))}
        />
        {/* Mantine's time picker: 24 hours everywhere, where the native input follows the browser's locale. */}
        <TimePicker
          aria-label={`${props.label}: ${t('records.time')}`}
          hoursInputLabel={`${props.label}: ${t('records.hours')}`}
          minutesInputLabel={`${props.label}: ${t('records.minutes')}`}
          format="24h"
          style={{ flex: 2, minWidth: 0 }}
          leftSection={<IconClock size={16} aria-hidden />}
          value={time}
          readOnly={props.readOnly}
          variant={props.readOnly ? 'filled' : 'default'}
          error={Boolean(props.error)}
          disabled={!date && !props.readOnly}
          // '' while half typed: keep what is stored until the time is complete.
          onChange={(next) => {
            if (next !== '') props.onChange(joinDateTime(date, next));
          }}
        />
      </Group>
    </Input.Wrapper>
  );
}
