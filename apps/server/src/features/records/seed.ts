import type { Translate } from '@kontor/contract/i18n/catalogs';
import type { EnvScope } from '../../db/env-scope';
import { presetChildKeys } from '../../engine/base-types/registry';
import { createChildType, readTypes } from '../../engine/record-types.service';
import { recordsService } from '../../engine/records.service';
import { type PresetDefinition, updateEnvironmentSettings } from '../environments/environments.service';
import { demoRecords } from './demo-records';

const standardTaxes = [
  { name: 'USt. 19 %', percentage: 19, number: '8400' },
  { name: 'USt. 7 %', percentage: 7, number: '8300' },
  { name: 'Steuerfrei', percentage: 0, number: '8100' },
];

/**
 * Fills a new environment: the German standard tax rates (19 % as default tax) and, for a preset,
 * its child record types with a handful of demo records saved through the normal save path.
 */
export const seedEnvironmentRecords = async (
  scope: EnvScope,
  preset: PresetDefinition,
  now: Date,
  t: Translate,
): Promise<void> => {
  for (const base of preset.recordTypes) {
    const key = presetChildKeys[base];
    if (key) await createChildType(scope, { key, parent: base, definition: {} });
  }
  const types = await readTypes(scope);
  const records = recordsService({ scope, types, t, writable: true, actor: 'system', now });
  const taxIds: string[] = [];
  for (const tax of standardTaxes) taxIds.push((await records.save({ type: 'envTaxes', id: 'new', data: tax })).key);
  await updateEnvironmentSettings(scope, { defaultTax: taxIds[0] ?? null }, now, true);
  if (preset.recordTypes.length > 0) await demoRecords(records, preset);
};
