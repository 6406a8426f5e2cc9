import type { Environment } from '@kontor/contract/api/environments';
import type { DataField } from '@kontor/contract/api/record-types';
import { saveMainSettings } from '@kontor/contract/api/settings';
import { Button, Card, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { api, messageOf } from '../../api/api';
import { StandaloneField } from '../../engine/field-kit';
import { useEnvironment, useMayChangeSettings } from '../../environment/environment-context';
import { type MessageKey, useT } from '../../i18n/i18n';
import { alertBar } from '../../ui/alert-bar';
import { ErrorAlert } from '../../ui/error-alert';
import { FormActions } from '../../ui/form-actions';
import { PageTitleBar } from '../../ui/page-title-bar';
import { useFieldErrors } from '../../ui/use-field-errors';
import { ModulesCard } from './modules-card';

type TextKey = 'name' | 'website' | 'email' | 'phone' | 'fax' | 'tax_number' | 'tax_ustid';
type IdKey = 'logo' | 'default_address_invoice' | 'default_address_shipping' | 'default_bank_details' | 'default_tax';
type Values = Record<TextKey, string> & Record<IdKey, string | null>;

const valuesOf = (e: Environment): Values => ({
  name: e.name,
  website: e.website ?? '',
  email: e.email ?? '',
  phone: e.phone ?? '',
  fax: e.fax ?? '',
  tax_number: e.tax_number ?? '',
  tax_ustid: e.tax_ustid ?? '',
  logo: e.logo,
  default_address_invoice: e.default_address_invoice,
  default_address_shipping: e.default_address_shipping,
  default_bank_details: e.default_bank_details,
  default_tax: e.default_tax,
});

/** The defaults are records of the settings' own types, picked with the engine's model selector. */
const defaultFields: readonly { key: IdKey; label: MessageKey; type: string }[] = [
  { key: 'default_address_invoice', label: 'settings.defaultAddressInvoice', type: 'envAddresses' },
  { key: 'default_address_shipping', label: 'settings.defaultAddressShipping', type: 'envAddresses' },
  { key: 'default_bank_details', label: 'settings.defaultBankDetails', type: 'envBankDetails' },
  { key: 'default_tax', label: 'settings.defaultTax', type: 'envTaxes' },
];

/** Spec 02 §2.2 /settings: the company's general data, its defaults and its modules. */
export function GeneralSettingsPage() {
  const t = useT();
  const { envKey, environment, reload } = useEnvironment();
  // Settings change only with the role's 'settings' permission (issue 29 item 4).
  const canEdit = useMayChangeSettings();
  const [values, setValues] = useState<Values>(() => valuesOf(environment));
  const errors = useFieldErrors();
  // After a save the form shows what the server stored (https:// added, e-mail lower-cased …).
  const resync = useRef(false);
  useEffect(() => {
    if (!resync.current) return;
    resync.current = false;
    setValues(valuesOf(environment));
  }, [environment]);

  const save = useMutation({
    mutationFn: () => api.send(saveMainSettings, { _env: envKey, ...values }),
    onMutate: () => errors.reset(),
    onSuccess: async ({ message }) => {
      alertBar.push({ id: 'settings-saved', kind: 'success', message: message ?? t('settings.saveSuccess') });
      resync.current = true;
      await reload();
    },
    onError: (error) => errors.fromError(error),
  });

  const set = (key: keyof Values) => (value: string | null) => {
    errors.clear(key);
    setValues((current) => ({ ...current, [key]: value }));
  };
  const text = (
    key: TextKey,
    label: MessageKey,
    extra: { type?: string; hint?: MessageKey; required?: boolean } = {},
  ) => (
    <TextInput
      size="sm"
      label={t(label)}
      type={extra.type ?? 'text'}
      required={extra.required}
      description={extra.hint ? t(extra.hint) : undefined}
      value={values[key]}
      onChange={(event) => set(key)(event.currentTarget.value)}
      error={errors.get(key)}
      readOnly={!canEdit}
    />
  );
  const picker = (field: DataField, key: IdKey) => (
    <StandaloneField
      key={key}
      field={field}
      value={values[key]}
      onChange={(value) => set(key)(typeof value === 'string' && value !== '' ? value : null)}
      error={errors.get(key)}
      readOnly={!canEdit}
    />
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };

  return (
    <>
      <PageTitleBar title={t('settings.general')} />
      <Stack gap="lg">
        <form onSubmit={submit} noValidate aria-label={t('settings.general')}>
          <Stack gap="lg">
            {save.isError && <ErrorAlert>{messageOf(save.error, t('settings.saveFailed'))}</ErrorAlert>}
            <Card padding="lg">
              <Title order={2} fz="lg" mb="md">
                {t('settings.companyCard')}
              </Title>
              <Stack gap="md">
                {text('name', 'settings.companyName', { required: true })}
                {picker({ key: 'logo', type: 'file', label: t('settings.logo') }, 'logo')}
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  {text('website', 'settings.website', { hint: 'settings.websiteHint' })}
                  {text('email', 'settings.email', { type: 'email' })}
                  {text('phone', 'settings.phone', { type: 'tel' })}
                  {text('fax', 'settings.fax', { type: 'tel' })}
                </SimpleGrid>
              </Stack>
            </Card>
            <Card padding="lg">
              <Title order={2} fz="lg">
                {t('settings.defaultsCard')}
              </Title>
              <Text size="sm" c="dimmed" mb="md">
                {t('settings.defaultsText')}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {defaultFields.map((f) =>
                  picker({ key: f.key, type: 'model', label: t(f.label), selector: { type: f.type } }, f.key),
                )}
              </SimpleGrid>
            </Card>
            <Card padding="lg">
              <Title order={2} fz="lg" mb="md">
                {t('settings.taxCard')}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {text('tax_number', 'settings.taxNumber', { hint: 'settings.taxNumberHint' })}
                {text('tax_ustid', 'settings.vatId', { hint: 'settings.vatIdHint' })}
              </SimpleGrid>
            </Card>
            <FormActions>
              <Button type="submit" loading={save.isPending} disabled={!canEdit}>
                {t('settings.save')}
              </Button>
            </FormActions>
          </Stack>
        </form>
        <ModulesCard />
      </Stack>
    </>
  );
}
