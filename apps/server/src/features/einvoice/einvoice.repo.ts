import { eq } from 'drizzle-orm';
import { type EnvScope, whereEnv } from '../../db/env-scope';
import { newId } from '../../db/ids';
import { einvoiceDocuments } from './einvoice.table';

type EinvoiceFormat = 'xrechnung' | 'zugferd';

/** The e-invoice files of the environment's frozen documents. */
export const einvoiceRepo = (scope: EnvScope) => ({
  insert: (row: {
    recordId: string;
    frozenId: string;
    format: EinvoiceFormat;
    filename: string;
    bytes: Buffer;
    sha256: string;
    createdAt: Date;
  }) => scope.tx.insert(einvoiceDocuments).values({ ...row, envId: scope.envId, id: newId(), createdBy: scope.userId }),

  ofRecord: (recordId: string) =>
    scope.tx
      .select()
      .from(einvoiceDocuments)
      .where(whereEnv(scope, einvoiceDocuments, eq(einvoiceDocuments.recordId, recordId)))
      .limit(10),
});
