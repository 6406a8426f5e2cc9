import { useEnvironment } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { NotFoundView } from '../../ui/not-found-view';
import { envBase } from './sidebar-items';

/** An unknown path inside the environment: the shell stays, the content says so. */
export function EnvironmentNotFound() {
  const t = useT();
  const { envKey } = useEnvironment();
  return (
    <NotFoundView
      variant="area"
      title={t('common.notFoundTitle')}
      text={t('shell.notFoundText')}
      back={{ to: envBase(envKey), label: t('shell.toDashboard') }}
    />
  );
}
