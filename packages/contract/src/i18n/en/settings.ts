import type { settings as source } from '../de_sie/settings';

export const settings: Record<keyof typeof source, string> = {
  'settings.title': 'Settings',
  'settings.navLabel': 'Settings sections',
  'settings.general': 'General',
  'settings.addresses': 'Addresses',
  'settings.bankDetails': 'Bank details',
  'settings.users': 'Users',
  'settings.dataStructures': 'Data structures',
  'settings.taxes': 'Tax rates',
  'settings.portal': 'Portal',
  'settings.soon': 'Coming soon',
  'settings.soonShort': 'soon',
  'settings.soonTitle': 'This section is coming soon',
  'settings.soonText':
    '“{section}” is being built and will be available shortly. Addresses, bank details and tax rates can already be managed.',
  'settings.notFound': 'Page not found',
};
