import { useParams } from 'react-router';
import { useEnvironment } from '../../environments/environment-context';
import { RecordTypeNotFound, useIsKnownType } from '../record-not-found';
import { dynPaths } from '../record-paths';
import { RecordList } from './record-list';

/** /env/:env/dyn/:type: the type's default list (spec 02 §2.1). */
export function RecordListPage() {
  const { type = '' } = useParams();
  const { envKey } = useEnvironment();
  const known = useIsKnownType(type);
  if (!known) return <RecordTypeNotFound />;
  return <RecordList key={type} type={type} paths={dynPaths(envKey, type)} />;
}
