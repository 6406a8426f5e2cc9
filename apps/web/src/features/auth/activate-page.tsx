import { activate } from '@kontor/contract/api/auth';
import { Button } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { api, messageOf } from '../../api/api';
import { useT } from '../../i18n/i18n';
import { StatusPanel } from '../../ui/status-panel';

/** Spec 01 §4: the activation call is delayed by one second. */
const callDelayMs = 1000;

type State = { kind: 'loading' } | { kind: 'success'; message?: string } | { kind: 'error'; error: unknown };

/** Spec 01 §2 "Activation page" for the link /activate/{user}/{token} of the confirmation mail. */
export function ActivatePage() {
  const t = useT();
  const { user = '', token = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    let live = true;
    // The timer is cleared on unmount, so a remount (StrictMode) calls the single-use link only once.
    const timer = setTimeout(() => {
      api.send(activate, { user, token }).then(
        ({ message }) => live && setState({ kind: 'success', message }),
        (error: unknown) => live && setState({ kind: 'error', error }),
      );
    }, callDelayMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [user, token]);

  const toLogin = (
    <Button component={Link} to="/" size="md" mt="xs">
      {t('auth.goToLogin')}
    </Button>
  );

  if (state.kind === 'loading') return <StatusPanel tone="loading" title={t('auth.activating')} />;
  if (state.kind === 'success')
    return (
      <StatusPanel tone="success" title={t('auth.activated')} actions={toLogin}>
        {state.message ?? t('auth.activatedText')}
      </StatusPanel>
    );
  return (
    <StatusPanel tone="error" title={t('auth.activationFailed')} actions={toLogin}>
      {messageOf(state.error, t('auth.activationFallback'))}
    </StatusPanel>
  );
}
