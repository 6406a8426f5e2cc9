import { Button, Text } from '@mantine/core';
import { useRouteError } from 'react-router';
import { useT } from '../i18n/i18n';
import { AuthCard } from '../ui/auth-card';
import { PublicLayout } from '../ui/public-layout';

/**
 * A screen's code could not be loaded: after a deploy the old chunk names are gone, or the
 * network dropped. Browsers word it differently; Vite's preload helper adds the CSS case.
 */
export const isChunkLoadError = (error: unknown): boolean =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to fetch/i.test(
    error.message,
  );

/**
 * The router's error view: a chunk that failed to load asks for a reload (which fetches the new
 * index.html and its chunks); anything else says that something went wrong, with the same reload.
 */
export function RouteError() {
  const t = useT();
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  if (!chunk) console.error(error);
  return (
    <PublicLayout>
      {/* The login page's card, not a status panel: this view is part of every first load. */}
      <AuthCard title={t(chunk ? 'common.chunkErrorTitle' : 'common.pageErrorTitle')}>
        <Text role="alert">{t(chunk ? 'common.chunkErrorText' : 'common.genericError')}</Text>
        <Button onClick={() => window.location.reload()}>{t('common.reloadPage')}</Button>
      </AuthCard>
    </PublicLayout>
  );
}
