import type { EnvironmentAddress, EnvironmentBankDetails } from '@kontor/contract/api/environments';
import type { EnvScope } from '../../db/env-scope';
import { recordsRepo } from '../../engine/records.repo';

const text = (value: unknown): string => (typeof value === 'string' ? value : value == null ? '' : String(value));
const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'de');

/** The environment's addresses (records of envAddresses), as environments/details lists them. */
export const listAddresses = async (scope: EnvScope): Promise<EnvironmentAddress[]> =>
  (await recordsRepo(scope).allOfType('envAddresses'))
    .map((r) => ({
      _id: r.id,
      name: text(r.data.name),
      street: text(r.data.street),
      housenumber: text(r.data.housenumber),
      zip: text(r.data.zip),
      city: text(r.data.city),
    }))
    .sort(byName);

/** The environment's bank details (records of envBankDetails). */
export const listBankDetails = async (scope: EnvScope): Promise<EnvironmentBankDetails[]> =>
  (await recordsRepo(scope).allOfType('envBankDetails'))
    .map((r) => ({ _id: r.id, name: text(r.data.name), iban: text(r.data.iban), bic: text(r.data.bic) }))
    .sort(byName);
