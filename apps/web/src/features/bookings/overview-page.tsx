import type { OverviewBooking, OverviewRoom } from '@kontor/contract/api/bookings';
import { Alert, Button, Group, Loader, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useElementSize, useMediaQuery } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { messageOf } from '../../api/api';
import { useEnvironment } from '../../environment/environment-context';
import { useFormat } from '../../environment/use-format';
import { useT } from '../../i18n/i18n';
import { alertBar } from '../../ui/alert-bar';
import { ErrorAlert } from '../../ui/error-alert';
import { PageTitleBar } from '../../ui/page-title-bar';
import { BookingDetails } from './booking-details';
import { addDaysTo } from './booking-labels';
import { bookingPaths, roomPaths } from './booking-paths';
import { type BookingChange, bookingKeys, createBooking, overviewQuery, updateBooking } from './bookings.queries';
import { BookingsNav } from './bookings-nav';
import { DayList } from './day-list';
import { type Draft, NewBookingDialog } from './new-booking-dialog';
import { nextOpenSlot } from './open-slot';
import { Timeline, type TimelineChange } from './timeline';
import { fitHourWidth, minutesFrom, mondayOf, nowOnWall, wallAt } from './timeline-math';

type View = 'day' | 'week';

/**
 * /bookings-manager: the booking overview (spec 02 §2.6, issue 14 item 3). A day and a week
 * timeline with rooms as rows (weeks start on Monday, 24-hour times, the environment's date
 * format); on a phone the day's bookings as a list. The day and view live in the URL.
 */
export function OverviewPage() {
  const t = useT();
  const fmt = useFormat();
  const { envKey, environment } = useEnvironment();
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const [params, setParams] = useSearchParams();
  const now = nowOnWall();
  const anchor = /^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '') ? (params.get('date') as string) : now.day;
  const view: View = phone ? 'day' : params.get('view') === 'day' ? 'day' : 'week';
  const from = view === 'week' ? mondayOf(anchor) : anchor;
  const days = view === 'week' ? 7 : 1;
  const step = view === 'week' ? 60 : 30;
  const query = useQuery(overviewQuery(envKey, from, days));
  const [draft, setDraft] = useState<Draft | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const editable = environment.status === 'active';
  const inactive = environment.functions.bookings?.active !== true;
  // The week fits the page's width (issue 31 item 6); the day view scrolls through its hours.
  const { ref: frame, width: frameWidth } = useElementSize();
  const hourWidth = view === 'week' ? fitHourWidth(frameWidth, days, 12) : 48;

  const go = (next: { date?: string; view?: View }) =>
    setParams((p) => {
      const out = new URLSearchParams(p);
      if (next.date) out.set('date', next.date);
      if (next.view) out.set('view', next.view);
      return out;
    });
  const refresh = () => queryClient.invalidateQueries({ queryKey: bookingKeys.all(envKey) });

  const rooms = query.data?.rooms ?? [];
  const bookings = query.data?.bookings ?? [];
  const open = bookings.find((b) => b._id === openId) ?? null;

  const shown = (wall: string) => wall.slice(0, 10) >= from && wall.slice(0, 10) < addDaysTo(from, days);

  /** A new booking without a dragged slot: the room's next open slot in view (from now on), else 18–20. */
  const suggestFor = (roomId: string): { start: string; end: string } => {
    const room = rooms.find((r) => r._id === roomId);
    const todayShown = shown(now.day);
    const earliest = todayShown ? (minutesFrom(from, `${now.day}T00:00`) ?? 0) + now.minute : 0;
    const slot = room ? nextOpenSlot({ room, bookings, from, days, earliest }) : null;
    if (slot) return { start: wallAt(from, slot.start), end: wallAt(from, slot.end) };
    const day = todayShown ? now.day : from;
    return { start: `${day}T18:00`, end: `${day}T20:00` };
  };

  const startDraft = (room: OverviewRoom, start: number, end: number) => {
    if (start < 0) return setDraft({ room: room._id, ...suggestFor(room._id), suggested: true });
    setDraft({ room: room._id, start: wallAt(from, start), end: wallAt(from, end) });
  };

  /** A booking saved outside the shown days: the overview follows it to its week (or day). */
  const follow = (start: string | undefined) => {
    if (start && !shown(start)) go({ date: start.slice(0, 10) });
  };

  const create = async (values: { room: string; start: string; end: string; name: string; guests: number | null }) => {
    const sent = await createBooking(envKey, values);
    setDraft(null);
    alertBar.push({ kind: 'success', message: sent.message ?? t('bookings.saved') });
    follow(values.start);
    await refresh();
  };

  const change = async (c: BookingChange) => {
    const sent = await updateBooking(envKey, c);
    alertBar.push({
      kind: 'success',
      message: c.status === 'confirmed' ? t('bookings.confirmed') : (sent.message ?? t('bookings.saved')),
    });
    follow(c.start);
    await refresh();
  };

  const dragged = (c: TimelineChange) => {
    void change({
      id: c.booking._id,
      version: c.booking.version,
      start: wallAt(from, c.start),
      end: wallAt(from, c.end),
      room: c.room,
    }).catch(async (error: unknown) => {
      alertBar.push({ kind: 'danger', message: messageOf(error, t('common.genericError')) });
      await refresh();
    });
  };

  const label = view === 'week' ? `${fmt.date(from)} – ${fmt.date(addDaysTo(from, 6))}` : fmt.date(from);
  const shiftBy = view === 'week' ? 7 : 1;

  return (
    <>
      <PageTitleBar title={t('bookings.title')} />
      <BookingsNav active="overview" />
      {inactive && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={20} />} mb="md">
          {t('shell.moduleInactive')}
        </Alert>
      )}
      <Group justify="space-between" mb="sm" gap="xs">
        <Group gap={6} wrap="nowrap">
          <Button
            variant="default"
            px="xs"
            aria-label={t('bookings.previous')}
            onClick={() => go({ date: addDaysTo(from, -shiftBy) })}
          >
            <IconChevronLeft size={18} />
          </Button>
          <Button variant="default" onClick={() => go({ date: now.day })}>
            {t('bookings.today')}
          </Button>
          <Button
            variant="default"
            px="xs"
            aria-label={t('bookings.next')}
            onClick={() => go({ date: addDaysTo(from, shiftBy) })}
          >
            <IconChevronRight size={18} />
          </Button>
          <Text fw={600} ml={4} data-testid="overview-range">
            {label}
          </Text>
          {query.isFetching && <Loader size="xs" ml={4} />}
        </Group>
        <Group gap="xs">
          {!phone && (
            <SegmentedControl
              value={view}
              onChange={(v) => go({ view: v as View })}
              data={[
                { value: 'day', label: t('bookings.viewDay') },
                { value: 'week', label: t('bookings.viewWeek') },
              ]}
            />
          )}
          {editable && rooms.length > 0 && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => rooms[0] && startDraft(rooms[0], -1, -1)}>
              {t('bookings.newBooking')}
            </Button>
          )}
        </Group>
      </Group>
      {query.isPending ? (
        <Group justify="center" p="xl">
          <Loader />
        </Group>
      ) : query.isError ? (
        <ErrorAlert>{messageOf(query.error, t('bookings.loadError'))}</ErrorAlert>
      ) : rooms.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="sm">
            <Text c="dimmed" ta="center">
              {t('bookings.noRooms')}
            </Text>
            <Button component={Link} to={roomPaths(envKey).edit('new')} leftSection={<IconPlus size={16} />}>
              {t('records.create', { singular: 'Raum' })}
            </Button>
          </Stack>
        </Paper>
      ) : phone ? (
        <DayList day={from} rooms={rooms} bookings={bookings} onOpen={(b: OverviewBooking) => setOpenId(b._id)} />
      ) : (
        <div ref={frame}>
          <Timeline
            from={from}
            days={days}
            rooms={rooms}
            bookings={bookings}
            step={step}
            hourWidth={hourWidth}
            now={now}
            editable={editable}
            onCreate={startDraft}
            onChange={dragged}
            onOpen={(b) => setOpenId(b._id)}
          />
          {editable && (
            <Text size="xs" c="dimmed" mt={6}>
              {t('bookings.dragHint')}
            </Text>
          )}
        </div>
      )}
      <NewBookingDialog
        draft={draft}
        rooms={rooms}
        suggestFor={suggestFor}
        onClose={() => setDraft(null)}
        onSubmit={create}
      />
      <BookingDetails
        booking={open}
        rooms={rooms}
        step={step}
        editable={editable}
        formPath={bookingPaths(envKey).edit}
        onClose={() => setOpenId(null)}
        onChange={change}
      />
    </>
  );
}
