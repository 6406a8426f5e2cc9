// What every screen needs of Mantine's styles; each component's own come with it (vite.config.ts).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nProvider } from '../i18n/i18n';
import { queryClient } from './query-client';
import { cssVariablesResolver, theme } from './theme';

/**
 * What every screen may rely on: theme, query cache and texts. The dialogs and date settings come
 * with the logged-in area (session-area.tsx), which the login page does not load.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <I18nProvider language="de_sie">{children}</I18nProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
