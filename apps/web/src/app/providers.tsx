import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import 'dayjs/locale/de';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nProvider, useT } from '../i18n/i18n';
import { queryClient } from './query-client';
import { cssVariablesResolver, theme } from './theme';

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

/** Everything a screen may rely on: theme, query cache, texts, modals and notifications. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <DatesProvider settings={{ locale: 'de', firstDayOfWeek: 1 }}>
        <QueryClientProvider client={queryClient}>
          <I18nProvider language="de_sie">
            <Modals>
              <Notifications position="top-right" />
              {children}
            </Modals>
          </I18nProvider>
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
