import type { RecordPaths } from '../../engine/screens';
import { dynPaths } from '../../engine/screens';

const enc = encodeURIComponent;

/** The bookings manager's screens (spec 02 §2.6): rooms and bookings live under /bookings-manager. */
export const bookingsBase = (envKey: string) => `/env/${enc(envKey)}/bookings-manager`;

export const roomPaths = (envKey: string): RecordPaths => {
  const base = `${bookingsBase(envKey)}/rooms`;
  return { ...dynPaths(envKey, 'bookingElement'), list: base, edit: (id) => `${base}/${enc(id)}/edit` };
};

/** A booking opens in the generic form; saving or leaving returns to the overview. */
export const bookingPaths = (envKey: string): RecordPaths => ({
  ...dynPaths(envKey, 'booking'),
  list: bookingsBase(envKey),
  edit: (id) => `${bookingsBase(envKey)}/bookings/${enc(id)}/edit`,
});
