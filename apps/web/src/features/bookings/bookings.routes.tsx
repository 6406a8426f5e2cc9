import type { RouteObject } from 'react-router';

const pages = () => import('./bookings-record-pages');

/** The bookings manager's screens, relative to the module's path /bookings-manager (modules.ts). */
export const bookingsRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import('./overview-page')).OverviewPage }) },
  { path: 'rooms', lazy: async () => ({ Component: (await pages()).RoomsPage }) },
  { path: 'rooms/:id/edit', lazy: async () => ({ Component: (await pages()).RoomEditPage }) },
  { path: 'bookings/:id/edit', lazy: async () => ({ Component: (await pages()).BookingEditPage }) },
];
