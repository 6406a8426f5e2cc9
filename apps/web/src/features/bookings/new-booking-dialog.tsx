import type { OverviewRoom } from '@kontor/contract/api/bookings';
import { Button, Group, Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { fieldError, isApiError, messageOf } from '../../api/api';
import { StandaloneField } from '../../engine/field-kit';
import { useT } from '../../i18n/i18n';
import { ErrorAlert } from '../../ui/error-alert';

/** `suggested`: the times are the room's next open slot, not a dragged one, and follow a change of room. */
export type Draft = Readonly<{ room: string; start: string; end: string; suggested?: boolean }>;
type Slot = { start: string; end: string };

/**
 * The booking a dragged free slot (or a room's "+") starts: room and times prefilled, a name and
 * the number of people typed; everything else in the generic form later. A refused save shows the
 * server's message (the 409 names the other booking's time) and the fields' errors.
 */
export function NewBookingDialog({
  draft,
  rooms,
  suggestFor,
  onClose,
  onSubmit,
}: {
  draft: Draft | null;
  rooms: OverviewRoom[];
  /** The next open slot of a room (issue 31 item 6). */
  suggestFor: (room: string) => Slot;
  onClose: () => void;
  onSubmit: (values: {
    room: string;
    start: string;
    end: string;
    name: string;
    guests: number | null;
  }) => Promise<void>;
}) {
  const t = useT();
  return (
    <Modal
      opened={draft !== null}
      onClose={onClose}
      title={t('bookings.newBooking')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {draft && (
        <DraftForm
          key={`${draft.room}/${draft.start}`}
          draft={draft}
          rooms={rooms}
          suggestFor={suggestFor}
          onClose={onClose}
          onSubmit={onSubmit}
        />
      )}
    </Modal>
  );
}

function DraftForm({
  draft,
  rooms,
  suggestFor,
  onClose,
  onSubmit,
}: {
  draft: Draft;
  rooms: OverviewRoom[];
  suggestFor: (room: string) => Slot;
  onClose: () => void;
  onSubmit: (values: {
    room: string;
    start: string;
    end: string;
    name: string;
    guests: number | null;
  }) => Promise<void>;
}) {
  const t = useT();
  const [room, setRoom] = useState(draft.room);
  const [start, setStart] = useState(draft.start);
  const [end, setEnd] = useState(draft.end);
  // Suggested times follow the chosen room until the user sets a time of their own.
  const [follows, setFollows] = useState(draft.suggested === true);
  const chooseRoom = (next: string) => {
    setRoom(next);
    if (!follows) return;
    const slot = suggestFor(next);
    setStart(slot.start);
    setEnd(slot.end);
  };
  const [name, setName] = useState('');
  const [guests, setGuests] = useState<number | string>('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await onSubmit({ room, start, end, name, guests: typeof guests === 'number' ? guests : null });
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  const err = (path: string) => (error ? fieldError(error, path) : undefined);

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        {error !== null && (
          <ErrorAlert>{isApiError(error) ? messageOf(error, '') : t('common.genericError')}</ErrorAlert>
        )}
        <Select
          label={t('bookings.room')}
          data={rooms.map((r) => ({ value: r._id, label: r.name }))}
          value={room}
          onChange={(v) => v && chooseRoom(v)}
          allowDeselect={false}
          error={err('booking_table')}
        />
        {/* The engine's datetime input: the environment's date format and 24-hour times in every browser. */}
        <StandaloneField
          field={{ key: 'start', type: 'datetime', label: t('bookings.start'), validation: { required: true } }}
          value={start}
          onChange={(v) => {
            setFollows(false);
            setStart(typeof v === 'string' ? v : '');
          }}
          error={err('start')}
        />
        <StandaloneField
          field={{ key: 'end', type: 'datetime', label: t('bookings.end'), validation: { required: true } }}
          value={end}
          onChange={(v) => {
            setFollows(false);
            setEnd(typeof v === 'string' ? v : '');
          }}
          error={err('end')}
        />
        <TextInput
          label={t('bookings.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={err('name')}
          required
          maxLength={200}
          data-autofocus
        />
        <NumberInput
          label={t('bookings.guests')}
          value={guests}
          onChange={setGuests}
          min={1}
          max={100000}
          allowDecimal={false}
          error={err('guests')}
        />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose}>
            {t('bookings.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('bookings.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
