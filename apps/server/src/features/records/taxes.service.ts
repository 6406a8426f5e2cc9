import type { EnvironmentTax } from '@kontor/contract/api/environments';
import type { EnvScope } from '../../db/env-scope';
import { recordsRepo } from '../../engine/records.repo';

/** The environment's tax rates (records of envTaxes), as environments/details lists them. */
export const listTaxes = async (scope: EnvScope): Promise<EnvironmentTax[]> =>
  (await recordsRepo(scope).allOfType('envTaxes'))
    .map((r) => ({
      _id: r.id,
      name: String(r.data.name ?? ''),
      percentage: typeof r.data.percentage === 'number' ? r.data.percentage : Number(r.data.percentage ?? 0),
      number: String(r.data.number ?? ''),
    }))
    .sort((a, b) => b.percentage - a.percentage || a.name.localeCompare(b.name, 'de'));
