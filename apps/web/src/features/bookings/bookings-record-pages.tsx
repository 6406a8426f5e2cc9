import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { RecordFormScreen, RecordList } from '../../engine/screens';
import { useEnvironment } from '../../environment/environment-context';
import { bookingPaths, roomPaths } from './booking-paths';
import { bookingKeys } from './bookings.queries';
import { BookingsNav } from './bookings-nav';

/** /bookings-manager/rooms: the engine's list of rooms (name, places, active). */
export function RoomsPage() {
  const { envKey } = useEnvironment();
  return (
    <>
      <BookingsNav active="rooms" />
      <RecordList type="bookingElement" paths={roomPaths(envKey)} />
    </>
  );
}

/** /bookings-manager/rooms/{id}/edit: the room's main form ('new' creates). */
export function RoomEditPage() {
  const { id = '' } = useParams();
  const { envKey } = useEnvironment();
  const overviewChanged = useOverviewRefresh();
  return (
    <RecordFormScreen
      key={`room/${id}`}
      type="bookingElement"
      id={id}
      paths={roomPaths(envKey)}
      afterWrite={overviewChanged}
    />
  );
}

/** /bookings-manager/bookings/{id}/edit: a booking in the generic form, back to the overview. */
export function BookingEditPage() {
  const { id = '' } = useParams();
  const { envKey } = useEnvironment();
  const overviewChanged = useOverviewRefresh();
  return (
    <RecordFormScreen
      key={`booking/${id}`}
      type="booking"
      id={id}
      paths={bookingPaths(envKey)}
      afterWrite={overviewChanged}
    />
  );
}

/** A room or booking saved in the generic form: the overview asks again (issue 31 item 6). */
function useOverviewRefresh() {
  const { envKey } = useEnvironment();
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: bookingKeys.all(envKey) });
}
