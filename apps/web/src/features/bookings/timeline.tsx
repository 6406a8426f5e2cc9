import type { OverviewBooking, OverviewRoom } from '@kontor/contract/api/bookings';
import { minutesOf } from '@kontor/contract/logic/zoned-time';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Fragment, type PointerEvent as ReactPointerEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useFormat } from '../../environment/use-format';
import { useT } from '../../i18n/i18n';
import { addDaysTo, statusLabel } from './booking-labels';
import classes from './bookings.module.css';
import {
  clip,
  dayMinutes,
  minutesFrom,
  roomColumnWidth,
  snap,
  timeOf,
  weekdayOf,
  weekdayShort,
  withoutYear,
} from './timeline-math';

export type TimelineChange = Readonly<{
  booking: OverviewBooking;
  start: number;
  end: number;
  room?: { from: string; to: string } | undefined;
}>;

type Props = Readonly<{
  from: string;
  days: number;
  rooms: OverviewRoom[];
  bookings: OverviewBooking[];
  /** Minutes one drag step snaps to (and the grid's slot). */
  step: number;
  /** Pixels per hour. */
  hourWidth: number;
  /** The zone's now as day and minute, for the today marker. */
  now: { day: string; minute: number };
  editable: boolean;
  onCreate: (room: OverviewRoom, start: number, end: number) => void;
  onChange: (change: TimelineChange) => void;
  onOpen: (booking: OverviewBooking) => void;
}>;

type Drag =
  | { kind: 'create'; room: OverviewRoom; anchor: number; current: number }
  | {
      kind: 'move' | 'resize';
      booking: OverviewBooking;
      room: OverviewRoom;
      x0: number;
      start: number;
      end: number;
      delta: number;
      target: OverviewRoom;
    };

const laneHeight = 30;
/** A booking bar narrower than this (pixels) shows its label beside it, not inside. */
const compactBar = 64;
const chipTop = 4;

/**
 * The resource timeline: rooms as rows, days (and their hours) as columns, in wall-clock minutes
 * from the first day's midnight. Drag over free time to create, drag a booking to move it (also to
 * another room), drag its right edge to resize. Every booking is a button (keyboard: Enter opens
 * it, the details offer earlier/later/shorter/longer); each room has a "+" button to book without
 * a mouse.
 */
export function Timeline(props: Props) {
  const { from, days, rooms, bookings, step, hourWidth, now, editable } = props;
  const t = useT();
  const fmt = useFormat();
  const ppm = hourWidth / 60;
  const length = days * dayMinutes;
  const width = length * ppm;
  const [drag, setDrag] = useState<Drag | null>(null);
  const scroller = useRef<HTMLDivElement>(null);

  const todayIndex = Array.from({ length: days }, (_, i) => addDaysTo(from, i)).indexOf(now.day);
  // Open on the morning (day view) or on today (week view), not on midnight of the first day.
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const day = Math.max(0, todayIndex);
    el.scrollLeft = days === 1 ? 7 * hourWidth : day * dayMinutes * ppm;
  }, [days, hourWidth, ppm, todayIndex]);

  const spans = useMemo(
    () =>
      bookings.flatMap((b) => {
        const start = minutesFrom(from, b.start);
        const end = minutesFrom(from, b.end);
        if (start === null || end === null) return [];
        const shown = clip({ start, end }, length);
        return shown ? b.rooms.map((roomId) => ({ booking: b, roomId, start, end, shown })) : [];
      }),
    [bookings, from, length],
  );
  // Overlapping bookings of a room (a request beside a confirmed one) stack in lanes, never cover each other.
  const lanes = useMemo(() => stack(spans), [spans]);
  // The free time around a booking in its lane: a short booking's label may use it.
  const freeAround = useMemo(() => {
    const free = new Map<(typeof spans)[number], { before: number; after: number }>();
    for (const s of spans) {
      const mates = spans.filter((o) => o !== s && o.roomId === s.roomId && lanes.get(o) === lanes.get(s));
      const nextStart = Math.min(
        length,
        ...mates.filter((o) => o.shown.start >= s.shown.end).map((o) => o.shown.start),
      );
      const prevEnd = Math.max(0, ...mates.filter((o) => o.shown.end <= s.shown.start).map((o) => o.shown.end));
      free.set(s, { before: s.shown.start - prevEnd, after: nextStart - s.shown.end });
    }
    return free;
  }, [spans, lanes, length]);
  const rowLanes = (roomId: string) =>
    Math.max(1, ...spans.filter((s) => s.roomId === roomId).map((s) => (lanes.get(s) ?? 0) + 1));

  const minuteAt = (lane: HTMLElement, clientX: number) => {
    const rect = lane.getBoundingClientRect();
    return Math.max(0, Math.min(length, (clientX - rect.left) / ppm));
  };

  const roomUnder = (x: number, y: number): OverviewRoom | undefined => {
    const el = document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-room]');
    return rooms.find((r) => r._id === el?.dataset.room);
  };

  const startCreate = (room: OverviewRoom) => (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!editable || e.button !== 0 || e.target !== e.currentTarget) return;
    const at = Math.floor(minuteAt(e.currentTarget, e.clientX) / step) * step;
    e.currentTarget.setPointerCapture(e.pointerId);
    setDrag({ kind: 'create', room, anchor: at, current: at + step });
  };

  const startBookingDrag =
    (kind: 'move' | 'resize', booking: OverviewBooking, room: OverviewRoom, start: number, end: number) =>
    (e: ReactPointerEvent<HTMLElement>) => {
      if (!editable || e.button !== 0) return;
      e.stopPropagation();
      e.currentTarget.setPointerCapture(e.pointerId);
      setDrag({ kind, booking, room, x0: e.clientX, start, end, delta: 0, target: room });
    };

  const onMove = (e: ReactPointerEvent<HTMLElement>) => {
    if (!drag) return;
    if (drag.kind === 'create') {
      const lane = e.currentTarget.closest<HTMLElement>('[data-room]');
      if (!lane) return;
      const at = snap(minuteAt(lane, e.clientX), step);
      setDrag({ ...drag, current: at });
      return;
    }
    const delta = snap((e.clientX - drag.x0) / ppm, step);
    const target = drag.kind === 'move' ? (roomUnder(e.clientX, e.clientY) ?? drag.target) : drag.target;
    if (delta !== drag.delta || target !== drag.target) setDrag({ ...drag, delta, target });
  };

  const onUp = () => {
    if (!drag) return;
    setDrag(null);
    if (drag.kind === 'create') {
      const start = Math.min(drag.anchor, drag.current);
      const end = Math.max(drag.anchor, drag.current);
      props.onCreate(drag.room, start, end > start ? end : start + step);
      return;
    }
    const moved = drag.delta !== 0 || drag.target._id !== drag.room._id;
    if (!moved) return props.onOpen(drag.booking);
    const start = drag.kind === 'move' ? drag.start + drag.delta : drag.start;
    const end = drag.end + drag.delta;
    if (end <= start) return;
    props.onChange({
      booking: drag.booking,
      start,
      end,
      room: drag.target._id !== drag.room._id ? { from: drag.room._id, to: drag.target._id } : undefined,
    });
  };

  const hourTicks = days === 1 ? 1 : 6;
  const ghost = (room: OverviewRoom) => {
    if (!drag) return null;
    let span: { start: number; end: number } | null = null;
    if (drag.kind === 'create' && drag.room._id === room._id)
      span = {
        start: Math.min(drag.anchor, drag.current),
        end: Math.max(drag.anchor, drag.current, drag.anchor + step),
      };
    if (drag.kind !== 'create' && drag.target._id === room._id && (drag.delta !== 0 || drag.target !== drag.room))
      span = { start: drag.kind === 'move' ? drag.start + drag.delta : drag.start, end: drag.end + drag.delta };
    if (!span) return null;
    const label = `${fmtMinute(span.start)}–${fmtMinute(span.end)}`;
    return (
      <div
        className={classes.ghost}
        style={{ left: span.start * ppm, width: Math.max(4, (span.end - span.start) * ppm), top: chipTop }}
        aria-hidden
      >
        {label}
      </div>
    );
  };

  return (
    <div className={classes.scroller} ref={scroller}>
      <div className={classes.grid} style={{ width: width + roomColumnWidth }}>
        <div className={classes.headerRow}>
          <div className={classes.corner}>{t('bookings.room')}</div>
          {Array.from({ length: days }, (_, i) => {
            const day = addDaysTo(from, i);
            return (
              <div
                key={day}
                className={`${classes.dayHead} ${day === now.day ? classes.today : ''}`}
                style={{ width: dayMinutes * ppm }}
              >
                <div className={classes.dayTitle} title={fmt.date(day)}>
                  {days === 1
                    ? `${weekdayShort[weekdayOf(day) - 1]} ${fmt.date(day)}${day === now.day ? ` · ${t('bookings.today')}` : ''}`
                    : // A week's column is narrow: today's header names the day "Heute" instead of its weekday.
                      `${day === now.day ? t('bookings.today') : weekdayShort[weekdayOf(day) - 1]} ${withoutYear(fmt.date(day))}`}
                </div>
                <div className={classes.ticks} aria-hidden>
                  {Array.from({ length: 24 / hourTicks }, (_, h) => (
                    <span key={h} className={classes.tick} style={{ left: h * hourTicks * hourWidth }}>
                      {String(h * hourTicks).padStart(2, '0')}
                    </span>
                  ))}
                </div>
              </div>
            );
          })}
        </div>
        {rooms.map((room) => (
          <div key={room._id} className={classes.row} style={{ height: 8 + rowLanes(room._id) * laneHeight - 4 }}>
            <div className={classes.roomCell}>
              <span className={classes.roomName} title={room.name}>
                {room.name}
              </span>
              {editable && (
                <Tooltip label={`${t('bookings.newBooking')}: ${room.name}`}>
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    aria-label={`${t('bookings.newBooking')}: ${room.name}`}
                    onClick={() => props.onCreate(room, -1, -1)}
                  >
                    <IconPlus size={14} />
                  </ActionIcon>
                </Tooltip>
              )}
            </div>
            <div
              className={classes.lane}
              data-room={room._id}
              style={{ width }}
              onPointerDown={startCreate(room)}
              onPointerMove={onMove}
              onPointerUp={onUp}
              onPointerCancel={() => setDrag(null)}
            >
              {closedSpans(room, from, days).map((s) => (
                <div
                  key={s.start}
                  className={classes.closed}
                  style={{ left: s.start * ppm, width: (s.end - s.start) * ppm }}
                />
              ))}
              {Array.from({ length: days }, (_, i) => (
                <div key={addDaysTo(from, i)} className={classes.dayLine} style={{ left: i * dayMinutes * ppm }} />
              ))}
              {todayIndex >= 0 && (
                <div
                  className={classes.now}
                  style={{ left: (todayIndex * dayMinutes + now.minute) * ppm }}
                  data-testid="today-marker"
                />
              )}
              {spans
                .filter((s) => s.roomId === room._id)
                .map((span) => {
                  const { booking, start, end, shown } = span;
                  const dragged =
                    drag && drag.kind !== 'create' && drag.booking._id === booking._id && drag.room._id === room._id;
                  const label = t('bookings.bookingLabel', {
                    name: booking.name,
                    start: fmt.dateTime(booking.start),
                    end: fmt.dateTime(booking.end),
                    status: statusLabel(t, booking.status),
                  });
                  const barWidth = Math.max(6, (shown.end - shown.start) * ppm);
                  // Too short for its own text (the week view): the label follows the bar in the free time
                  // after it, in the lane's colours, and lets pointer presses through to the lane.
                  const outside = barWidth < compactBar;
                  const free = freeAround.get(span) ?? { before: 0, after: 0 };
                  // After the bar where a few words fit, else on the side with more room (late on the last day).
                  const labelAfter = free.after * ppm >= 90 || free.after >= free.before;
                  const labelSpace = (labelAfter ? free.after : free.before) * ppm - 6;
                  return (
                    <Fragment key={booking._id}>
                      <button
                        type="button"
                        className={`${classes.booking} ${booking.status === 'requested' ? classes.requested : ''} ${
                          dragged && (drag.delta !== 0 || drag.target !== drag.room) ? classes.dragging : ''
                        }`}
                        style={{
                          left: shown.start * ppm,
                          width: barWidth,
                          top: chipTop + (lanes.get(span) ?? 0) * laneHeight,
                        }}
                        aria-label={label}
                        title={label}
                        onPointerDown={startBookingDrag('move', booking, room, start, end)}
                        onPointerMove={own(onMove)}
                        onPointerUp={own(onUp)}
                        onPointerCancel={own(() => setDrag(null))}
                        onKeyDown={(e) => {
                          if (e.key === 'Enter' || e.key === ' ') {
                            e.preventDefault();
                            props.onOpen(booking);
                          }
                        }}
                      >
                        {!outside && `${timeOf(booking.start)} ${booking.name}`}
                        {editable && (
                          <span
                            className={classes.resize}
                            aria-hidden
                            onPointerDown={startBookingDrag('resize', booking, room, start, end)}
                            onPointerMove={own(onMove)}
                            onPointerUp={own(onUp)}
                          />
                        )}
                      </button>
                      {outside && labelSpace > 16 && (
                        <span
                          className={classes.outsideLabel}
                          style={{
                            ...(labelAfter
                              ? { left: shown.start * ppm + barWidth + 3 }
                              : { right: width - shown.start * ppm + 3, justifyContent: 'flex-end' }),
                            maxWidth: labelSpace,
                            top: chipTop + (lanes.get(span) ?? 0) * laneHeight,
                          }}
                          aria-hidden
                        >
                          {timeOf(booking.start)} {booking.name}
                        </span>
                      )}
                    </Fragment>
                  );
                })}
              {ghost(room)}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * A booking's (or its resize handle's) pointer events are its own: bubbling on to the lane would
 * finish the same drag twice (the second time with the version the first already used up).
 */
const own =
  (handler: (e: ReactPointerEvent<HTMLElement>) => void) =>
  (e: ReactPointerEvent<HTMLElement>): void => {
    e.stopPropagation();
    handler(e);
  };

const fmtMinute = (minutes: number) => {
  const m = ((minutes % dayMinutes) + dayMinutes) % dayMinutes;
  const h = minutes > 0 && m === 0 ? 24 : Math.floor(m / 60);
  return `${String(h).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

/** Each span's lane within its room: the first whose last booking ended before it starts. */
const stack = <S extends { roomId: string; start: number; end: number }>(spans: S[]): Map<S, number> => {
  const lanes = new Map<S, number>();
  const ends = new Map<string, number[]>();
  for (const s of [...spans].sort((a, b) => a.start - b.start || b.end - a.end)) {
    const roomEnds = ends.get(s.roomId) ?? [];
    let lane = roomEnds.findIndex((end) => end <= s.start);
    if (lane < 0) lane = roomEnds.length;
    roomEnds[lane] = s.end;
    ends.set(s.roomId, roomEnds);
    lanes.set(s, lane);
  }
  return lanes;
};

/** The hours a room is closed in the shown days (hatched), from its opening hours; none: always open. */
const closedSpans = (room: OverviewRoom, from: string, days: number) => {
  if (room.opening_hours.length === 0) return [];
  const spans: { start: number; end: number }[] = [];
  for (let i = 0; i < days; i++) {
    const weekday = String(weekdayOf(addDaysTo(from, i)));
    const open = room.opening_hours
      .filter((h) => h.weekday === weekday)
      .map((h) => ({ start: minutesOf(h.from) ?? 0, end: minutesOf(h.to) ?? 0 }))
      .sort((a, b) => a.start - b.start);
    let cursor = 0;
    for (const o of open) {
      if (o.start > cursor) spans.push({ start: i * dayMinutes + cursor, end: i * dayMinutes + o.start });
      cursor = Math.max(cursor, o.end);
    }
    if (cursor < dayMinutes) spans.push({ start: i * dayMinutes + cursor, end: (i + 1) * dayMinutes });
  }
  return spans;
};
