import { currencies, dateFormats } from '@kontor/contract/api/environments';
import type { SetupAddress, SetupBankDetails } from '@kontor/contract/api/setup';
import { languages } from '@kontor/contract/i18n/language';
import { formatDate } from '@kontor/contract/logic/number-format';
import { Grid, NativeSelect, TextInput } from '@mantine/core';
import { type MessageKey, useT } from '../../i18n/i18n';

export type CompanyValues = {
  name: string;
  default_dateformat: string;
  default_currency: string;
  default_language: string;
};
export type AddressValues = Omit<SetupAddress, 'invoice_country'>;
export type BankValues = SetupBankDetails;

type FormProps<V> = Readonly<{
  values: V;
  onChange: (key: keyof V & string, value: string) => void;
  error: (key: string) => string | undefined;
}>;

const currencyLabels: Record<(typeof currencies)[number], MessageKey> = {
  euro: 'setup.currencyEuro',
  us_dollar: 'setup.currencyUsDollar',
};
const languageLabels: Record<(typeof languages)[number], MessageKey> = {
  de_sie: 'setup.languageDeSie',
  de_du: 'setup.languageDeDu',
  en: 'setup.languageEn',
};

// A sample date shows what each format looks like.
const sampleDate = '2025-12-31';

/** One text field bound to the step's values and the server's field errors. */
function Field<V>({
  form,
  name,
  label,
  required,
  autoComplete,
}: {
  form: FormProps<V>;
  name: keyof V & string;
  label: MessageKey;
  required?: boolean;
  autoComplete?: string;
}) {
  const t = useT();
  return (
    <TextInput
      label={t(label)}
      name={name}
      value={String(form.values[name] ?? '')}
      onChange={(e) => form.onChange(name, e.currentTarget.value)}
      error={form.error(name)}
      withAsterisk={required}
      autoComplete={autoComplete}
    />
  );
}

/** Schritt 1 'Firmeninformationen erfassen': name, date format, currency, language. */
export function CompanyForm(form: FormProps<CompanyValues>) {
  const t = useT();
  const select = (
    name: keyof CompanyValues & string,
    label: MessageKey,
    data: { value: string; label: string }[],
    description?: string,
  ) => (
    <NativeSelect
      label={t(label)}
      name={name}
      description={description}
      value={form.values[name]}
      onChange={(e) => form.onChange(name, e.currentTarget.value)}
      error={form.error(name)}
      data={data}
      size="md"
    />
  );
  return (
    <Grid gap="md">
      <Grid.Col span={12}>
        <Field form={form} name="name" label="setup.name" required autoComplete="organization" />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        {select(
          'default_dateformat',
          'setup.dateformat',
          dateFormats.map((f) => ({ value: f, label: `${f}  (${formatDate(sampleDate, f)})` })),
        )}
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        {select(
          'default_currency',
          'setup.currency',
          currencies.map((c) => ({ value: c, label: t(currencyLabels[c]) })),
        )}
      </Grid.Col>
      <Grid.Col span={12}>
        {select(
          'default_language',
          'setup.language',
          languages.map((l) => ({ value: l, label: t(languageLabels[l]) })),
          t('setup.languageHint'),
        )}
      </Grid.Col>
    </Grid>
  );
}

/** Schritt 2 'Rechnungsadresse'. */
export function AddressForm(form: FormProps<AddressValues>) {
  return (
    <Grid gap="md">
      <Grid.Col span={12}>
        <Field form={form} name="invoice_name" label="setup.invoiceName" required autoComplete="organization" />
      </Grid.Col>
      <Grid.Col span={12}>
        <Field form={form} name="invoice_addition" label="setup.invoiceAddition" autoComplete="address-line2" />
      </Grid.Col>
      <Grid.Col span={8}>
        <Field form={form} name="invoice_street" label="setup.invoiceStreet" required autoComplete="address-line1" />
      </Grid.Col>
      <Grid.Col span={4}>
        <Field form={form} name="invoice_housenumber" label="setup.invoiceHousenumber" required />
      </Grid.Col>
      <Grid.Col span={4}>
        <Field form={form} name="invoice_zip" label="setup.invoiceZip" required autoComplete="postal-code" />
      </Grid.Col>
      <Grid.Col span={8}>
        <Field form={form} name="invoice_city" label="setup.invoiceCity" required autoComplete="address-level2" />
      </Grid.Col>
    </Grid>
  );
}

/** Schritt 3 'Bankverbindung'. */
export function BankForm(form: FormProps<BankValues>) {
  return (
    <Grid gap="md">
      <Grid.Col span={12}>
        <Field form={form} name="name" label="setup.bankName" required />
      </Grid.Col>
      <Grid.Col span={12}>
        <Field form={form} name="bank" label="setup.bank" />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 8 }}>
        <Field form={form} name="iban" label="setup.iban" required autoComplete="off" />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <Field form={form} name="bic" label="setup.bic" autoComplete="off" />
      </Grid.Col>
    </Grid>
  );
}
