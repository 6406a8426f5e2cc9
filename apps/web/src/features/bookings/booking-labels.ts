import type { BookingStatus } from '@kontor/contract/api/bookings';
import { addDays } from '@kontor/contract/logic/zoned-time';
import type { useT } from '../../i18n/i18n';

type T = ReturnType<typeof useT>;

export const statusLabel = (t: T, status: BookingStatus): string =>
  status === 'confirmed'
    ? t('bookings.statusConfirmed')
    : status === 'cancelled'
      ? t('bookings.statusCancelled')
      : t('bookings.statusRequested');

export const statusColor = (status: BookingStatus): string =>
  status === 'confirmed' ? 'teal' : status === 'cancelled' ? 'gray' : 'yellow';

export const addDaysTo = addDays;
