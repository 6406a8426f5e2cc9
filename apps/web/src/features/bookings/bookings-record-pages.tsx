import { useParams } from 'react-router';
import { RecordFormScreen, RecordList } from '../../engine/screens';
import { useEnvironment } from '../../environment/environment-context';
import { bookingPaths, roomPaths } from './booking-paths';
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
  return <RecordFormScreen key={`room/${id}`} type="bookingElement" id={id} paths={roomPaths(envKey)} />;
}

/** /bookings-manager/bookings/{id}/edit: a booking in the generic form, back to the overview. */
export function BookingEditPage() {
  const { id = '' } = useParams();
  const { envKey } = useEnvironment();
  return <RecordFormScreen key={`booking/${id}`} type="booking" id={id} paths={bookingPaths(envKey)} />;
}
