import { Button } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useT } from '../../app/i18n';
import { StatusPanel } from '../../ui/status-panel';

/**
 * PLACEHOLDER for /env/{_env}/*: the environment shell replaces this file. The router lazy-loads
 * `EnvironmentShellPlaceholder` from here; rename both when the real shell arrives.
 */
export function EnvironmentShellPlaceholder() {
  const t = useT();
  const { env = '' } = useParams();
  return (
    <div style={{ maxWidth: 560, margin: '64px auto', padding: '0 16px' }}>
      <StatusPanel
        tone="loading"
        title={env}
        actions={
          <Button component={Link} to="/account" variant="light">
            {t('account.menuEnvironments')}
          </Button>
        }
      >
        {t('environments.shellPlaceholder', { env })}
      </StatusPanel>
    </div>
  );
}
