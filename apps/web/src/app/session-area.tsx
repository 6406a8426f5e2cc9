import 'dayjs/locale/de';
import '@mantine/dates/styles.css';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import type { ReactNode } from 'react';
import { useT } from '../i18n/i18n';
import { RequireSession } from './guards';

function Modals({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <ModalsProvider
      labels={{ confirm: t('common.ok'), cancel: t('common.cancel') }}
      modalProps={{ centered: true, radius: 'md' }}
    >
      {children}
    </ModalsProvider>
  );
}

/**
 * Everything behind the login: the session guard with the dialogs (`useDialogs()`) and the date
 * pickers' settings. A lazy route of its own, so the public pages do not load them (issue 16).
 */
export function SessionArea() {
  return (
    <DatesProvider settings={{ locale: 'de', firstDayOfWeek: 1 }}>
      <Modals>
        <RequireSession />
      </Modals>
    </DatesProvider>
  );
}
