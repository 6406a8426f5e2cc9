import { useParams } from 'react-router';
import { dynPaths, RecordList, RecordTypeNotFound, useIsKnownType } from '../../engine/screens';
import { useEnvironment } from '../../environment/environment-context';
import { EinvoiceImportButton } from './einvoice-import-button';

/** /env/:env/dyn/:type: the type's default list (spec 02 §2.1). */
export function RecordListPage() {
  const { type = '' } = useParams();
  const { envKey, recordTypes } = useEnvironment();
  const known = useIsKnownType(type);
  if (!known) return <RecordTypeNotFound />;
  const paths = dynPaths(envKey, type);
  // Incoming invoices can be read from an uploaded e-invoice (issue 15 item 5).
  const incoming = recordTypes.find((r) => r.key === type)?.parent === 'incoming_invoice';
  return (
    <RecordList
      key={type}
      type={type}
      paths={paths}
      extraActions={incoming ? <EinvoiceImportButton type={type} editPath={paths.edit} /> : undefined}
    />
  );
}
