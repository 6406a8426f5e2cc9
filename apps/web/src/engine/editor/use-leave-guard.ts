import { useWindowEvent } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { useBlocker, useNavigate } from 'react-router';
import { useT } from '../../i18n/i18n';
import { useDialogs } from '../../ui/confirm';

/**
 * Warns before unsaved changes are lost: leaving the route asks first, closing or reloading the
 * tab gets the browser's own question. `release()` lets a save or removal navigate on at once.
 */
export const useLeaveGuard = (dirty: boolean) => {
  const t = useT();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirtyRef.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const target = blocker.location;
    blocker.reset();
    void dialogs
      .confirm({
        title: t('records.leaveTitle'),
        text: t('records.leaveText'),
        confirmLabel: t('records.leaveConfirm'),
        cancelLabel: t('records.keepEditing'),
        danger: true,
      })
      .then((leave) => {
        if (!leave) return;
        dirtyRef.current = false;
        navigate(target);
      });
  }, [blocker, dialogs, navigate, t]);

  useWindowEvent('beforeunload', (event) => {
    if (!dirtyRef.current) return;
    event.preventDefault();
    // Older browsers need returnValue set to show their question.
    event.returnValue = '';
  });

  return {
    release: () => {
      dirtyRef.current = false;
    },
  };
};
