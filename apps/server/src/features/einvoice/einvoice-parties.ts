import type { RecordType } from '@kontor/contract/api/record-types';
import type { EnvScope } from '../../db/env-scope';
import { selectableTypeKeys, type TypeCatalog } from '../../engine/record-types.service';
import { recordsRepo } from '../../engine/records.repo';
import { environmentById } from '../environments/environments.service';
import type { Buyer, Seller } from './einvoice-document';

/**
 * The parties of an e-invoice: the seller is the environment's general settings (name, contact,
 * tax ids, default invoice address, default bank details; the same the PDF letterhead prints),
 * the buyer the record the mapping's buyer field points at.
 */

const str = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

const oneRecord = async (scope: EnvScope, type: string, id: unknown) =>
  typeof id === 'string' && id !== '' ? (await recordsRepo(scope).byIds([type], [id]))[0] : undefined;

export const sellerOf = async (scope: EnvScope): Promise<Seller> => {
  const env = await environmentById(scope);
  const [address, bank] = await Promise.all([
    oneRecord(scope, 'envAddresses', env?.defaultAddressInvoice),
    oneRecord(scope, 'envBankDetails', env?.defaultBankDetails),
  ]);
  const a = address?.data ?? {};
  const b = bank?.data ?? {};
  return {
    name: env?.name ?? '',
    street: str(a.street),
    housenumber: str(a.housenumber),
    zip: str(a.zip),
    city: str(a.city),
    country: str(a.country),
    email: env?.email ?? '',
    phone: env?.phone ?? '',
    vatId: env?.taxUstid ?? '',
    taxNumber: env?.taxNumber ?? '',
    iban: str(b.iban),
    bic: str(b.bic),
    bankHolder: str(b.name),
  };
};

export const buyerOf = async (
  scope: EnvScope,
  types: TypeCatalog,
  type: RecordType,
  data: Record<string, unknown>,
): Promise<Buyer | null> => {
  const field = type.einvoice?.buyerField;
  const selector = type.fields.find((f) => f.key === field && f.type === 'model')?.selector;
  const id = field ? data[field] : undefined;
  if (!selector || typeof id !== 'string' || id === '') return null;
  const row = (await recordsRepo(scope).byIds(selectableTypeKeys(types, selector.type), [id]))[0];
  if (!row) return null;
  const d = row.data;
  return {
    name: str(d.name),
    street: str(d.street),
    housenumber: str(d.housenumber),
    zip: str(d.zip),
    city: str(d.city),
    country: str(d.country),
    email: str(d.email),
    vatId: str(d.vat_id),
    customerNumber: str(d.customer_number),
  };
};
