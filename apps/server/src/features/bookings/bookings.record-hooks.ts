import { dateFormats } from '@kontor/contract/api/environments';
import type { Translate } from '@kontor/contract/i18n/catalogs';
import { type DateFormat, formatDateTime } from '@kontor/contract/logic/number-format';
import type { EnvScope } from '../../db/env-scope';
import { recordHooks } from '../../engine/record-hooks';
import { AppError } from '../../http/errors';
import { enqueueMail } from '../../mail/outbox.repo';
import { environmentById } from '../environments/environments.service';
import { confirmationMail } from './booking-mail';
import {
  capacityProblem,
  checkOpeningHours,
  checkTimes,
  guestsOf,
  openingProblem,
  type Room,
  roomIdsOf,
  roomOf,
  statusOf,
  type Times,
} from './booking-rules';
import { bookingsRepo, type ConflictRow, isSlotConflict } from './bookings.repo';

/** Stands for "no booking yet" where a query leaves the saved booking itself out. */
const noBooking = '00000000-0000-0000-0000-000000000000';

const dateFormats_ = new WeakMap<EnvScope, Promise<DateFormat>>();

/**
 * The environment's date format: messages name times as the environment writes them. Read once per
 * request (the scope lives as long as its transaction), not once per hook.
 */
export const dateFormatOf = (scope: EnvScope): Promise<DateFormat> => {
  let format = dateFormats_.get(scope);
  if (!format) {
    format = environmentById(scope).then(
      (env) => dateFormats.find((f) => f === env?.defaultDateformat) ?? 'DD.MM.YYYY',
    );
    dateFormats_.set(scope, format);
  }
  return format;
};

/** The 409 naming who holds the room, in the environment's date format. */
const conflictError = async (
  scope: EnvScope,
  t: Translate,
  id: string | null,
  roomIds: string[],
  times: Times,
  known?: ConflictRow,
  rooms: Room[] = [],
): Promise<AppError> => {
  const other = known ?? (await bookingsRepo(scope).conflictWith(id ?? noBooking, roomIds, times.from, times.to));
  const room = other
    ? (rooms.find((r) => r.id === other.room_id) ?? (await roomsOf(scope, [other.room_id]))[0])
    : undefined;
  const dateFormat = await dateFormatOf(scope);
  const message = other
    ? t('bookings.conflict', {
        room: room?.name ?? '',
        start: formatDateTime(new Date(other.starts), dateFormat),
        end: formatDateTime(new Date(other.ends), dateFormat),
      })
    : t('bookings.conflictUnknown');
  return new AppError('conflict', { message, errors: { start: [message] } });
};

const roomsOf = async (scope: EnvScope, ids: string[]): Promise<Room[]> =>
  (await bookingsRepo(scope).roomsByIds(ids)).map((r) => roomOf(r.id, r.data));

/**
 * A booking's rules before it is written: times (zone gaps, end after start, length), and unless
 * it is cancelled, active rooms, places and opening hours. Rooms of another environment were
 * already refused by the engine's model check (they are not found in this scope).
 */
recordHooks.beforeSave(async ({ scope, type, id, data, errors, t }) => {
  if (type.key === 'bookingElement') return checkOpeningHours(data, errors, t);
  if (type.key !== 'booking') return;
  const times = checkTimes(data, errors, t, await dateFormatOf(scope));
  if (statusOf(data) === 'cancelled' || errors.booking_table || errors.rooms) return;
  const rooms = await roomsOf(scope, roomIdsOf(data));
  const add = (key: string, message: string) => {
    errors[key] = [...(errors[key] ?? []), message];
  };
  for (const room of rooms) {
    if (!room.isActive)
      add(room.id === data.booking_table ? 'booking_table' : 'rooms', t('bookings.roomInactive', { room: room.name }));
  }
  const tooMany = capacityProblem(rooms, guestsOf(data), t);
  if (tooMany) add(typeof data.guests === 'number' ? 'guests' : 'persons', tooMany);
  if (!times) return;
  for (const room of rooms) {
    const closed = openingProblem(room, String(data.start), String(data.end), t);
    if (closed) add('start', closed);
  }
  // A taken room is known before anything is written: refused at once (the constraint below
  // still decides between two saves that pass this check at the same moment).
  if (Object.keys(errors).length === 0 && statusOf(data) === 'confirmed') {
    const roomIds = rooms.map((r) => r.id);
    const holder = await bookingsRepo(scope).conflictWith(id ?? noBooking, roomIds, times.from, times.to);
    if (holder) throw await conflictError(scope, t, id, roomIds, times, holder, rooms);
  }
});

/**
 * The projection the exclusion constraint guards, written in the save's transaction: a confirmed
 * booking overlapping another confirmed one in a room makes the whole save fail with 409, naming
 * the other booking's time in the environment's date format.
 */
recordHooks.afterSave(async ({ scope, type, id, data, t, now }) => {
  if (type.key !== 'booking') return;
  const dateFormat = await dateFormatOf(scope);
  const times = checkTimes(data, {}, t, dateFormat);
  const roomIds = roomIdsOf(data);
  const repo = bookingsRepo(scope);
  if (!times) return repo.replaceSlots(id, []);
  const before = await repo.slotStatus(id);
  try {
    await repo.replaceSlots(
      id,
      roomIds.map((roomId) => ({ roomId, from: times.from, to: times.to, status: statusOf(data) })),
    );
  } catch (error) {
    if (!isSlotConflict(error)) throw error;
    throw await conflictError(scope, t, id, roomIds, times);
  }
  // A request just confirmed: the guest hears of it (in this transaction, so only if it commits).
  const email = typeof data.email === 'string' ? data.email.trim() : '';
  if (now && before === 'requested' && statusOf(data) === 'confirmed' && email !== '') {
    const env = await environmentById(scope);
    const [room] = await roomsOf(scope, roomIdsOf(data).slice(0, 1));
    const mail = confirmationMail(
      {
        id,
        name: typeof data.name === 'string' ? data.name : '',
        email,
        room: room?.name ?? '',
        company: env?.name ?? '',
        from: times.from,
        to: times.to,
        stamp: now,
      },
      t,
      dateFormat,
    );
    await enqueueMail(scope.tx, mail, now);
  }
});

/** A room with bookings is not removed: they would name a room that no longer exists. */
recordHooks.beforeRemove(async ({ scope, type, id, t }) => {
  if (type.key !== 'bookingElement') return;
  const count = await bookingsRepo(scope).bookingsInRoom(id);
  if (count > 0) throw new AppError('conflict', { message: t('bookings.roomInUse', { count }) });
});
