import type { OverviewBooking, OverviewRoom } from '@kontor/contract/api/bookings';
import { describe, expect, test } from 'vitest';
import { nextOpenSlot } from './open-slot';
import { fitHourWidth, withoutYear } from './timeline-math';

const room = (opening_hours: OverviewRoom['opening_hours'] = []): OverviewRoom => ({
  _id: 'r1',
  name: 'Wintergarten',
  capacity: 20,
  is_active: true,
  opening_hours,
});
const booking = (start: string, end: string, status: OverviewBooking['status'] = 'confirmed'): OverviewBooking => ({
  _id: `${start}`,
  version: 1,
  name: 'Familie Kaya',
  event: '',
  start,
  end,
  status,
  rooms: ['r1'],
  guests: null,
});
// 2026-11-23 is a Monday.
const from = '2026-11-23';

describe('the next open slot of a room', () => {
  test('starts at the next full hour, inside the day, clear of the room’s bookings', () => {
    const bookings = [booking('2026-11-23T10:00', '2026-11-23T12:30'), booking('2026-11-23T14:00', '2026-11-23T15:00')];
    // Now is 09:20: 10–12 is taken until 12:30, 13–15 collides at 14:00, so 15:00–17:00.
    expect(nextOpenSlot({ room: room(), bookings, from, days: 7, earliest: 9 * 60 + 20 })).toEqual({
      start: 15 * 60,
      end: 17 * 60,
    });
  });

  test('a room without opening hours is searched from 08:00, a cancelled booking holds nothing', () => {
    const bookings = [booking('2026-11-23T08:00', '2026-11-23T10:00', 'cancelled')];
    expect(nextOpenSlot({ room: room(), bookings, from, days: 7, earliest: 0 })).toEqual({ start: 480, end: 600 });
  });

  test('follows the opening hours to the next open day and gives up past the shown days', () => {
    // Open Tuesdays (2) 17:00–23:00 only; asked on Monday at noon.
    const tuesdays = room([{ weekday: '2', from: '17:00', to: '23:00' }]);
    expect(nextOpenSlot({ room: tuesdays, bookings: [], from, days: 7, earliest: 12 * 60 })).toEqual({
      start: 1440 + 17 * 60,
      end: 1440 + 19 * 60,
    });
    expect(nextOpenSlot({ room: tuesdays, bookings: [], from, days: 1, earliest: 0 })).toBeNull();
  });

  test('the week fits the width beside the room column', () => {
    expect(fitHourWidth(0, 7, 12)).toBe(12);
    expect(fitHourWidth(1012, 7, 12)).toBe(5);
    expect(fitHourWidth(300, 7, 12)).toBe(3);
  });
});

test('a week’s day headers leave out the year', () => {
  expect(withoutYear('23.11.2026')).toBe('23.11.');
  expect(withoutYear('2026-11-23')).toBe('11-23');
});
