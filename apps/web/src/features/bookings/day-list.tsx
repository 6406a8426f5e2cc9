import type { OverviewBooking, OverviewRoom } from '@kontor/contract/api/bookings';
import { Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useT } from '../../i18n/i18n';
import { statusColor, statusLabel } from './booking-labels';
import { timeOf } from './timeline-math';

/** The overview on a phone: the day's bookings as a list per room, each a button that opens it. */
export function DayList({
  day,
  rooms,
  bookings,
  onOpen,
}: {
  day: string;
  rooms: OverviewRoom[];
  bookings: OverviewBooking[];
  onOpen: (booking: OverviewBooking) => void;
}) {
  const t = useT();
  const sameDay = (wall: string) => wall.slice(0, 10);
  const time = (b: OverviewBooking) =>
    `${sameDay(b.start) === day ? timeOf(b.start) : '…'}–${sameDay(b.end) === day ? timeOf(b.end) : '…'}`;
  const withBookings = rooms
    .map((room) => ({ room, list: bookings.filter((b) => b.rooms.includes(room._id)) }))
    .filter((r) => r.list.length > 0);
  if (withBookings.length === 0)
    return (
      <Paper withBorder radius="md" p="lg">
        <Text c="dimmed" ta="center">
          {t('bookings.noBookingsDay')}
        </Text>
      </Paper>
    );
  return (
    <Stack gap="sm">
      {withBookings.map(({ room, list }) => (
        <Paper key={room._id} withBorder radius="md" p="sm">
          <Text fw={600} mb={6}>
            {room.name}
          </Text>
          <Stack gap={6}>
            {list.map((b) => (
              <UnstyledButton
                key={b._id}
                onClick={() => onOpen(b)}
                p={8}
                style={{ borderRadius: 8, border: '1px solid var(--mantine-color-gray-3)' }}
              >
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600}>
                      {time(b)}
                    </Text>
                    <Text size="sm" truncate>
                      {b.name}
                      {b.guests !== null ? ` · ${b.guests} P.` : ''}
                    </Text>
                  </div>
                  <Badge color={statusColor(b.status)} variant="light" c="dark.8" style={{ flexShrink: 0 }}>
                    {statusLabel(t, b.status)}
                  </Badge>
                </Group>
              </UnstyledButton>
            ))}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
