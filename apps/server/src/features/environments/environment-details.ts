import type { Environment } from '@kontor/contract/api/environments';
import { rolePermissions } from '@kontor/contract/api/roles';
import type { EnvScope } from '../../db/env-scope';
import { loadTypes } from '../../engine/record-types.service';
import { typeSummaries } from '../../engine/type-access';
import { AppError } from '../../http/errors';
import type { EnvAccess } from '../../http/guards';
import { mainDirectoryId } from '../files/files.service';
import { listAddresses, listBankDetails } from '../records/settings-records.service';
import { listTaxes } from '../records/taxes.service';
import * as repo from './environments.repo';

/** The environment as the shell loads it on entry (spec 01 §7 environments/details). */
export const environmentDetails = async (scope: EnvScope, env: EnvAccess) => {
  const row = await repo.findById(scope.tx, scope.envId);
  const member = scope.userId ? await repo.findMember(scope.tx, scope.envId, scope.userId) : undefined;
  if (!row || !member) throw new AppError('not_found');
  const taxes = await listTaxes(scope);
  const types = await loadTypes(scope, env.configUpdatedAt);
  const usersCount = await repo.countActiveMembers(scope.tx, scope.envId);
  const environment: Environment = {
    _id: row.id,
    name: row.name,
    url_slug: row.urlSlug,
    logo_url: null,
    users_count: usersCount,
    status: row.status,
    menu: row.menu,
    functions: row.functions,
    capabilities: row.capabilities,
    taxes,
    addresses: await listAddresses(scope),
    bank_details: await listBankDetails(scope),
    default_tax: row.defaultTax,
    default_dateformat: row.defaultDateformat as Environment['default_dateformat'],
    default_currency: row.defaultCurrency as Environment['default_currency'],
    default_language: row.defaultLanguage as Environment['default_language'],
    last_config_update: row.configUpdatedAt.toISOString(),
    preset: row.preset,
    logo: row.logo,
    website: row.website,
    email: row.email,
    phone: row.phone,
    fax: row.fax,
    tax_number: row.taxNumber,
    tax_ustid: row.taxUstid,
    default_address_invoice: row.defaultAddressInvoice,
    default_address_shipping: row.defaultAddressShipping,
    default_bank_details: row.defaultBankDetails,
  };
  return {
    environment,
    environmentUser: {
      is_active: member.isActive,
      created_at: member.createdAt.toISOString(),
      role: member.role,
      permissions: [...rolePermissions[member.role]],
    },
    dynamicRecordsTypes: typeSummaries(types, env.role),
    filemanagerDir: await mainDirectoryId(scope),
  };
};
