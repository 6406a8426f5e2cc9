import { recordHooks } from '../../engine/record-hooks';
import { environmentById, updateEnvironmentSettings } from './environments.service';

/** System types whose records are part of the environment's configuration (the shell's tax list). */
const configTypes = new Set(['envTaxes']);

type DefaultColumn = 'defaultTax' | 'defaultAddressInvoice' | 'defaultAddressShipping' | 'defaultBankDetails';

/** The environment's columns that point at records of a system type (its defaults). */
const defaultColumns: Readonly<Record<string, readonly DefaultColumn[]>> = {
  envTaxes: ['defaultTax'],
  envAddresses: ['defaultAddressInvoice', 'defaultAddressShipping'],
  envBankDetails: ['defaultBankDetails'],
};

/**
 * The environments feature's record hooks: a changed tax rate moves last-config-update
 * (CLARIFICATIONS "Behaviour"), and a removed record the environment named as a default is no
 * longer named (no dangling default_tax). The records engine writes no environment column itself.
 */
recordHooks.afterSave(async ({ scope, type, now }) => {
  if (now && configTypes.has(type.key)) await updateEnvironmentSettings(scope, {}, now, true);
});

recordHooks.afterRemove(async ({ scope, type, now, id }) => {
  if (!now) return;
  const changes: Partial<Record<DefaultColumn, null>> = {};
  const columns = defaultColumns[type.key] ?? [];
  if (columns.length > 0) {
    const env = await environmentById(scope);
    for (const column of columns) if (env?.[column] === id) changes[column] = null;
  }
  const config = configTypes.has(type.key);
  if (config || Object.keys(changes).length > 0) await updateEnvironmentSettings(scope, changes, now, config);
});

/**
 * A new record (an article, or any structure with a tax-rate field) starts with the environment's
 * standard tax rate (issue 31 item 3), still changeable in the form.
 */
recordHooks.newValues(async ({ scope, type, values }) => {
  const taxFields = type.fields.filter(
    (f) => f.type === 'model' && f.selector?.type === 'envTaxes' && (values[f.key] ?? null) === null,
  );
  if (taxFields.length === 0) return;
  const env = await environmentById(scope);
  if (!env?.defaultTax) return;
  for (const f of taxFields) values[f.key] = env.defaultTax;
});
