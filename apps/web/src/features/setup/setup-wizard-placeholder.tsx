import { Button } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useT } from '../../app/i18n';
import { StatusPanel } from '../../ui/status-panel';

/**
 * PLACEHOLDER for /create-environment/setup/{envKey}: the setup wizard replaces this file. The
 * router lazy-loads `SetupWizardPlaceholder` from here; rename both when the wizard arrives.
 */
export function SetupWizardPlaceholder() {
  const t = useT();
  const { envKey = '' } = useParams();
  return (
    <div style={{ maxWidth: 560, margin: '64px auto', padding: '0 16px' }}>
      <StatusPanel
        tone="loading"
        title={envKey}
        actions={
          <Button component={Link} to="/account" variant="light">
            {t('account.menuEnvironments')}
          </Button>
        }
      >
        {t('environments.setupPlaceholder', { env: envKey })}
      </StatusPanel>
    </div>
  );
}
