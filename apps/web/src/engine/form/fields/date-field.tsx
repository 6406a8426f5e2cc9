import { DateInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useT } from '../../../i18n/i18n';
import { useRecordFormat } from '../../use-record-format';
import { parseDateText } from '../inputs/date-text';
import type { FieldRendererProps } from '../types';
import { inputProps } from './input-props';

/** date: typed in the environment's date format or picked from a calendar; stored as "YYYY-MM-DD". */
export function DateField(props: FieldRendererProps<'date'>) {
  const t = useT();
  const format = useRecordFormat();
  const value = typeof props.value === 'string' && parseDateText(props.value) ? props.value : null;
  const required = Boolean(props.field.validation?.required);
  return (
    <DateInput
      {...inputProps(props)}
      leftSection={<IconCalendar size={16} aria-hidden />}
      rightSection={undefined}
      value={value}
      valueFormat={format.dateFormat}
      dateParser={(text) => parseDateText(text)}
      placeholder={t(format.dateFormat === 'DD.MM.YYYY' ? 'records.datePlaceholderDmy' : 'records.datePlaceholderYmd')}
      clearable={!required && !props.readOnly}
      clearButtonProps={{ 'aria-label': t('records.clearValue', { field: props.label }) }}
      popoverProps={{ withinPortal: true }}
      onChange={(next) => props.onChange(next ?? null)}
    />
  );
}
