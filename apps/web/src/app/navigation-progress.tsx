import { Loader } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { useT } from '../i18n/i18n';
import classes from './navigation-progress.module.css';

/** Longer than a cached chunk takes, so a quick switch does not flash the spinner. */
const showAfterMs = 150;

/**
 * While the next screen's code loads (a lazy route), the current screen stays and a spinner in the
 * corner says that the click was taken.
 */
export function NavigationProgress() {
  const t = useT();
  const loading = useNavigation().state === 'loading';
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!loading) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), showAfterMs);
    return () => clearTimeout(timer);
  }, [loading]);
  return (
    <>
      {shown && (
        <div className={classes.spinner} role="status">
          <Loader size="sm" aria-label={t('common.loading')} />
        </div>
      )}
      <Outlet />
    </>
  );
}
