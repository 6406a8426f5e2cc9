import type { OverviewBooking, OverviewRoom } from '@kontor/contract/api/bookings';
import { Badge, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconCheck, IconEdit, IconMinus, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { isApiError, messageOf } from '../../api/api';
import { useFormat } from '../../environment/use-format';
import { useT } from '../../i18n/i18n';
import { ErrorAlert } from '../../ui/error-alert';
import { statusColor, statusLabel } from './booking-labels';
import type { BookingChange } from './bookings.queries';
import { minutesFrom, wallAt } from './timeline-math';

/**
 * One booking: its time, rooms and status; confirm it, move it earlier or later, make it shorter
 * or longer by one step, or put it into another room — the keyboard's way to do what dragging
 * does. The generic form edits everything else.
 */
export function BookingDetails({
  booking,
  rooms,
  step,
  editable,
  formPath,
  onClose,
  onChange,
}: {
  booking: OverviewBooking | null;
  rooms: OverviewRoom[];
  step: number;
  editable: boolean;
  formPath: (id: string) => string;
  onClose: () => void;
  onChange: (change: BookingChange) => Promise<void>;
}) {
  const t = useT();
  const fmt = useFormat();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  if (!booking)
    return <Modal opened={false} onClose={onClose} title="" closeButtonProps={{ 'aria-label': t('common.close') }} />;

  const day = booking.start.slice(0, 10);
  const start = minutesFrom(day, booking.start) ?? 0;
  const end = minutesFrom(day, booking.end) ?? 0;
  const run = async (change: Omit<BookingChange, 'id' | 'version'>) => {
    setBusy(true);
    setError(null);
    try {
      await onChange({ id: booking._id, version: booking.version, ...change });
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  const shift = (by: number) => run({ start: wallAt(day, start + by), end: wallAt(day, end + by) });
  const resize = (by: number) => (end + by > start ? run({ end: wallAt(day, end + by) }) : undefined);
  const names = booking.rooms.map((id) => rooms.find((r) => r._id === id)?.name ?? '').filter(Boolean);
  const main = booking.rooms[0] ?? '';

  return (
    <Modal
      opened
      onClose={onClose}
      title={booking.name || t('bookings.newBooking')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm">
        {error !== null && (
          <ErrorAlert>{isApiError(error) ? messageOf(error, '') : t('common.genericError')}</ErrorAlert>
        )}
        <Group gap="xs">
          <Badge color={statusColor(booking.status)} variant="light" c="dark.8">
            {statusLabel(t, booking.status)}
          </Badge>
          {booking.guests !== null && (
            <Text size="sm" c="dimmed">
              {t('bookings.guests')}: {booking.guests}
            </Text>
          )}
        </Group>
        <Text>
          {fmt.dateTime(booking.start)} – {fmt.dateTime(booking.end)}
        </Text>
        {booking.event && <Text size="sm">{booking.event}</Text>}
        {editable && (
          <>
            <Select
              label={t('bookings.room')}
              data={rooms.map((r) => ({ value: r._id, label: r.name }))}
              value={main}
              allowDeselect={false}
              onChange={(to) => to && to !== main && void run({ room: { from: main, to } })}
              disabled={busy}
              description={names.length > 1 ? names.join(', ') : undefined}
            />
            <Group gap="xs">
              <Button
                variant="default"
                size="xs"
                leftSection={<IconArrowLeft size={14} />}
                onClick={() => shift(-step)}
                disabled={busy}
              >
                {t('bookings.moveEarlier')}
              </Button>
              <Button
                variant="default"
                size="xs"
                leftSection={<IconArrowRight size={14} />}
                onClick={() => shift(step)}
                disabled={busy}
              >
                {t('bookings.moveLater')}
              </Button>
              <Button
                variant="default"
                size="xs"
                leftSection={<IconMinus size={14} />}
                onClick={() => resize(-step)}
                disabled={busy || end - step <= start}
              >
                {t('bookings.shorter')}
              </Button>
              <Button
                variant="default"
                size="xs"
                leftSection={<IconPlus size={14} />}
                onClick={() => resize(step)}
                disabled={busy}
              >
                {t('bookings.longer')}
              </Button>
            </Group>
          </>
        )}
        <Group justify="space-between" mt="xs">
          <Button component={Link} to={formPath(booking._id)} variant="default" leftSection={<IconEdit size={16} />}>
            {t('bookings.openForm')}
          </Button>
          {editable && booking.status === 'requested' && (
            <Button
              leftSection={<IconCheck size={16} />}
              loading={busy}
              onClick={() => void run({ status: 'confirmed' })}
            >
              {t('bookings.confirm')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
