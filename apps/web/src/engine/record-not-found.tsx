import { useEnvironment } from '../environment/environment-context';
import { useT } from '../i18n/i18n';
import { NotFoundView } from '../ui/not-found-view';

/** An unknown record type (spec 02 §2.1): 'Seite nicht gefunden ...' with a way back. */
export function RecordTypeNotFound() {
  const t = useT();
  const { envKey } = useEnvironment();
  return (
    <NotFoundView
      variant="alert"
      title={t('records.unknownType')}
      back={{ to: `/env/${encodeURIComponent(envKey)}`, label: t('shell.toDashboard') }}
    />
  );
}

/**
 * Whether a type is one of the environment's own data types (system types live under settings).
 * Below Administrator the list names only the types the role may read (issue 29): a type missing
 * there may exist, so the screen asks the server, whose 403 shows 'Kein Zugriff' and 404 'not found'.
 */
export const useIsKnownType = (type: string): boolean => {
  const { recordTypes, role } = useEnvironment();
  return recordTypes.some((known) => known.key === type) || !(role === 'owner' || role === 'admin');
};
