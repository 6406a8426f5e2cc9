import * as bookingsApi from '@kontor/contract/api/bookings';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/api';

/** Query keys of the bookings manager; they start with the environment (STYLE.md §4). */
export const bookingKeys = {
  all: (env: string) => ['env', env, 'bookings'] as const,
  overview: (env: string, from: string, days: number) => [...bookingKeys.all(env), 'overview', from, days] as const,
};

export const overviewQuery = (env: string, from: string, days: number) =>
  queryOptions({
    queryKey: bookingKeys.overview(env, from, days),
    queryFn: () => api.call(bookingsApi.bookingsOverview, { _env: env, from, days }),
    placeholderData: (previous) => previous,
  });

export const createBooking = (env: string, body: bookingsApi.NewBookingBody) =>
  api.send(bookingsApi.createBooking, { _env: env, ...body });

export type BookingChange = Omit<Parameters<typeof api.call<typeof bookingsApi.updateBooking>>[1], '_env'>;

export const updateBooking = (env: string, change: BookingChange) =>
  api.send(bookingsApi.updateBooking, { _env: env, ...change });
