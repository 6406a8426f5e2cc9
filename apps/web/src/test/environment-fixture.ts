import type { Environment } from '@kontor/contract/api/environments';
import type { EnvironmentState } from '../environment/environment-context';
import type { EnvironmentDetails } from '../features/environments/environments.queries';

/** A complete environment as environments/details answers it; override what a test is about. */
export const testEnvironment = (overrides: Partial<Environment> = {}): Environment => ({
  _id: 'env-1',
  name: 'Musterbau GmbH',
  url_slug: 'musterbau',
  logo_url: null,
  users_count: 1,
  status: 'active',
  menu: [],
  functions: {
    website: { active: false },
    bookings: { active: false },
    queryForms: { active: false },
    filemanager: { active: false },
  },
  capabilities: { html_form_publish: true },
  taxes: [],
  addresses: [],
  bank_details: [],
  default_tax: null,
  default_dateformat: 'DD.MM.YYYY',
  default_currency: 'euro',
  default_language: 'de_sie',
  last_config_update: '2025-01-01T10:00:00.000Z',
  preset: null,
  logo: null,
  website: null,
  email: null,
  phone: null,
  fax: null,
  tax_number: null,
  tax_ustid: null,
  default_address_invoice: null,
  default_address_shipping: null,
  default_bank_details: null,
  ...overrides,
});

export const testDetails = (overrides: Partial<Environment> = {}): EnvironmentDetails => ({
  environment: testEnvironment(overrides),
  environmentUser: {
    is_active: true,
    created_at: '2025-01-01T10:00:00.000Z',
    role: 'owner',
    permissions: ['read', 'records', 'settings', 'members', 'owner'],
  },
  dynamicRecordsTypes: [],
  filemanagerDir: null,
});

/** What `useEnvironment()` returns inside the shell, for rendering one screen alone. */
export const testEnvironmentState = (overrides: Partial<Environment> = {}): EnvironmentState => {
  const environment = testEnvironment(overrides);
  return {
    envKey: environment.url_slug,
    environment,
    recordTypes: [],
    filemanagerDir: null,
    canEdit: environment.status === 'active',
    role: 'owner',
    permissions: new Set(['read', 'records', 'settings', 'members', 'owner']),
    taxes: environment.taxes,
    reload: async () => {},
  };
};
