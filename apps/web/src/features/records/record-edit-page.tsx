import { useParams } from 'react-router';
import { dynPaths, RecordFormScreen, RecordTypeNotFound, useIsKnownType } from '../../engine/screens';
import { useEnvironment } from '../../environment/environment-context';

/** /env/:env/dyn/:type/:id/edit (spec 02 §2.1); id 'new' creates. */
export function RecordEditPage() {
  const { type = '', id = '' } = useParams();
  const { envKey } = useEnvironment();
  const known = useIsKnownType(type);
  if (!known) return <RecordTypeNotFound />;
  return <RecordFormScreen key={`${type}/${id}`} type={type} id={id} paths={dynPaths(envKey, type)} />;
}
