import { useParams } from 'react-router';
import { useEnvironment } from '../../environments/environment-context';
import { RecordTypeNotFound, useIsKnownType } from '../record-not-found';
import { dynPaths } from '../record-paths';
import { RecordFormScreen } from './record-form-screen';

/** /env/:env/dyn/:type/:id/edit (spec 02 §2.1); id 'new' creates. */
export function RecordEditPage() {
  const { type = '', id = '' } = useParams();
  const { envKey } = useEnvironment();
  const known = useIsKnownType(type);
  if (!known) return <RecordTypeNotFound />;
  return <RecordFormScreen key={`${type}/${id}`} type={type} id={id} paths={dynPaths(envKey, type)} />;
}
