import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { hasErrorCode } from '../../api/api';
import { useEnvironment } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { NoAccessView } from '../../ui/no-access-view';
import { environmentKeys } from './environments.queries';
import { envBase } from './sidebar-items';

/** A query of a screen in this environment: its key starts with the environment; details are the shell's own. */
const isScreenQuery = (key: QueryKey, envKey: string) => {
  const details = environmentKeys.details(envKey);
  return (
    key[0] === 'env' && key[1] === envKey && !(key.length === details.length && key.every((k, i) => k === details[i]))
  );
};

/**
 * Whether a query of the screen at the current address failed with 'forbidden' (the guard's 403,
 * issue 29 item 4). Watched once here for every screen, so none has to handle it itself; another
 * address starts afresh. Mutations are not watched: a refused save stays the screen's message.
 */
const useForbiddenScreen = (envKey: string): boolean => {
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const current = useRef(pathname);
  current.current = pathname;
  const [forbiddenAt, setForbiddenAt] = useState<string | null>(null);
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        const query = event.query;
        if (event.type !== 'updated' || query.state.status !== 'error') return;
        if (query.getObserversCount() === 0 || !isScreenQuery(query.queryKey, envKey)) return;
        if (hasErrorCode(query.state.error, 'forbidden')) setForbiddenAt(current.current);
      }),
    [queryClient, envKey],
  );
  return forbiddenAt === pathname;
};

/** In place of the screen: the calm 'Kein Zugriff' page with the way back to the dashboard. */
function EnvironmentNoAccess() {
  const t = useT();
  const { envKey } = useEnvironment();
  return (
    <NoAccessView
      title={t('shell.noAccessTitle')}
      text={t('shell.noAccessText')}
      back={{ to: envBase(envKey), label: t('shell.toDashboard') }}
    />
  );
}

/** The shell's outlet: the screen, or the no-access page when the role does not allow it. */
export function NoAccessGate() {
  const { envKey } = useEnvironment();
  return useForbiddenScreen(envKey) ? <EnvironmentNoAccess /> : <Outlet />;
}
