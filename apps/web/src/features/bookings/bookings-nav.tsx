import { Tabs } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useEnvironment } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { bookingsBase } from './booking-paths';

/** The module's two pages (spec 02 §2.6 "Overview, Rooms") as tabs that are links. */
export function BookingsNav({ active }: { active: 'overview' | 'rooms' }) {
  const t = useT();
  const { envKey } = useEnvironment();
  const navigate = useNavigate();
  const base = bookingsBase(envKey);
  return (
    <Tabs
      value={active}
      onChange={(value) => navigate(value === 'rooms' ? `${base}/rooms` : base)}
      mb="md"
      keepMounted={false}
    >
      <Tabs.List>
        <Tabs.Tab value="overview">{t('bookings.tabOverview')}</Tabs.Tab>
        <Tabs.Tab value="rooms">{t('bookings.tabRooms')}</Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}
