import { useParams } from 'react-router';
import { useEnvironment } from '../../app/environment-context';
import { dynPaths, RecordList, RecordTypeNotFound, useIsKnownType } from '../../engine/screens';

/** /env/:env/dyn/:type: the type's default list (spec 02 §2.1). */
export function RecordListPage() {
  const { type = '' } = useParams();
  const { envKey } = useEnvironment();
  const known = useIsKnownType(type);
  if (!known) return <RecordTypeNotFound />;
  return <RecordList key={type} type={type} paths={dynPaths(envKey, type)} />;
}
